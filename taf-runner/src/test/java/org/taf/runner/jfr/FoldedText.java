package org.taf.runner.jfr;

/**
 * Folded stacks as text, Brendan Gregg's form (a stack a line, {@code root;caller;leaf weight}): how tests
 * write the stacks they fold or draw, and how the folding goldens are kept. The runner itself keeps stacks in
 * results.json ({@code results.FlameRecord}) and needs no text form.
 */
public final class FoldedText {
    private FoldedText() {}

    /** The stacks of {@code text}; blank lines are skipped and a stack given twice is summed. */
    public static CollapsedStacks parse(String text) {
        CollapsedStacks.Builder b = CollapsedStacks.builder();
        String[] lines = text.split("\r?\n");
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].isBlank()) {
                continue;
            }
            int space = lines[i].lastIndexOf(' ');
            if (space <= 0 || !lines[i].substring(space + 1).matches("[0-9]+(\\.[0-9]+)?")) {
                throw new IllegalArgumentException("line " + (i + 1) + ": expected 'frame;frame;... weight' with a"
                        + " plain decimal weight, got '" + lines[i] + "'");
            }
            b.add(lines[i].substring(0, space), Double.parseDouble(lines[i].substring(space + 1)));
        }
        return b.build();
    }

    /** One line per stack, in the stacks' order, each ending with a newline; weights in plain notation. */
    public static String format(CollapsedStacks stacks) {
        StringBuilder out = new StringBuilder();
        stacks.stacks().forEach((stack, w) -> out.append(stack).append(' ').append(CollapsedStacks.plain(w))
                .append('\n'));
        return out.toString();
    }
}

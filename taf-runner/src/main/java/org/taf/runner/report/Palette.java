package org.taf.runner.report;

/**
 * Colours of the charts: the two sides, the verdicts, and a cycle for comparisons. Chosen to stay
 * apart for common colour blindness; lines also differ by dash and marker for print.
 */
public final class Palette {
    public static final String PARENT = "#4e6e9e";
    public static final String PATCH = "#d9730d";
    public static final String MARK = "#57606a";
    private static final String[] CYCLE = {"#1f6feb", "#d9730d", "#1a7f37", "#8250df", "#bf3989", "#6e7781",
        "#9a6700", "#0a7ea4"};

    private Palette() {}

    public static String cycle(int i) {
        return CYCLE[Math.floorMod(i, CYCLE.length)];
    }

    /** The colour of a verdict (names of {@link org.taf.runner.results.Verdict}, or NOT_MEASURED). */
    public static String verdict(String v) {
        return switch (v) {
            case "IMPROVED", "FIXED" -> "#1a7f37";
            case "REGRESSED", "NEWLY_FAILING" -> "#cf222e";
            case "INCONCLUSIVE" -> "#9a6700";
            default -> "#57606a";
        };
    }
}

package org.taf.runner.report.flame;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.stream.IntStream;
import org.taf.runner.jfr.CollapsedStacks;
import org.taf.runner.jfr.FlameKind;
import org.taf.runner.report.Svg;

/**
 * Flame graphs as static SVG (a file beside a post, or inline): a plain one of one side's stacks, and a
 * differential one of the patch against the parent, normalised per transaction.
 *
 * <p>Drawn as an icicle by default (root on top, callees below): in a post the reader arrives at
 * the top of the figure, where the root and the widest frames then are, and a deep stack grows
 * down the page instead of pushing the root out of sight; {@link Layout#FLAME} draws the classic
 * bottom-up picture. Frames are 16 px rows, width proportional to inclusive weight, children in
 * name order (as flamegraph.pl), frames narrower than {@link #minFrameWidth} left out with what
 * lies above them. Labels are 12 px monospace, shortened to {@code Class.method} and then with an
 * ellipsis to fit; every frame has a native {@code <title>} (the hover text, no JavaScript) with
 * its full name, weight and share. No script, no event handler, no style element or attribute
 * (Jenkins' default CSP blocks inline styles), no external reference: presentation attributes only.
 *
 * <p>In a differential graph, widths come from the patch's weights per transaction (or the
 * parent's, {@link Widths}), since the patch is what is being judged; a frame the patch no longer
 * calls has no width there, which the {@link Widths#PARENT} rendering shows. Colours compare the
 * frame's inclusive weight per transaction (see {@link FlameColors#diff}): red grew, blue shrank,
 * grey within the {@link #tolerance}. Inclusive, not self, so that the path from the root to a
 * change is tinted and can be followed. Each frame's title gives both sides and the change.
 *
 * @param width         drawing width, px (default 1000, 400 to 4000); not scaled down by the SVG, so
 *                      that labels stay 12 px: embed it in a horizontally scrolling box
 * @param minFrameWidth narrower frames are left out, px (default 2: a narrower one cannot be pointed
 *                      at, and at a typical window's few thousand samples is within noise)
 * @param maxFrames     at most this many frames are drawn, the widest (default 2000, 10 to 100,000):
 *                      a frame costs about 300 bytes of the page, so this bounds a graph to about 600 KB
 * @param layout        icicle (default) or classic flame
 * @param tolerance     relative change within which a differential frame is neutral, as a fraction
 *                      (default 0.10: a ratio in [1/1.1, 1.1])
 * @param widths        which side's weights set a differential frame's width (default the patch)
 */
public record FlameGraphSvg(int width, double minFrameWidth, int maxFrames, Layout layout, double tolerance,
        Widths widths) {
    /** Where the root is: top (icicle) or bottom (classic flame graph). */
    public enum Layout { ICICLE, FLAME }

    /** Which side's per-transaction weights give a differential frame its width. */
    public enum Widths { PATCH, PARENT }

    static final int ROW = 16;
    static final int FONT_PX = 12;
    /** 12 px monospace advances 0.6 em = 7.2 px per character; a little more, so labels are never clipped. */
    static final double MONO_CHAR_PX = 7.4;
    private static final int PAD = 10;
    private static final int FRAMES_TOP = 46;
    private static final String MONO =
            "ui-monospace, 'DejaVu Sans Mono', 'Liberation Mono', Menlo, Consolas, monospace";
    private static final String SANS = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
    private static final String MUTED = "#57606a";

    public FlameGraphSvg {
        Objects.requireNonNull(layout, "layout");
        Objects.requireNonNull(widths, "widths");
        if (width < 400 || width > 4000) {
            throw new IllegalArgumentException("flame graph width (" + width + " px) must be from 400 to 4000");
        }
        if (!(minFrameWidth >= 0.1 && minFrameWidth <= 50)) {
            throw new IllegalArgumentException("flame graph minimum frame width (" + minFrameWidth
                    + " px) must be from 0.1 to 50");
        }
        if (maxFrames < 10 || maxFrames > 100_000) {
            throw new IllegalArgumentException(
                    "flame graph maximum frames (" + maxFrames + ") must be from 10 to 100000");
        }
        if (!(tolerance >= 0 && tolerance < 1)) {
            throw new IllegalArgumentException("flame graph tolerance (" + tolerance + ") must be from 0 to below 1");
        }
    }

    public static FlameGraphSvg defaults() {
        return new FlameGraphSvg(1000, 2, 2000, Layout.ICICLE, 0.10, Widths.PATCH);
    }

    public FlameGraphSvg withWidth(int px) {
        return new FlameGraphSvg(px, minFrameWidth, maxFrames, layout, tolerance, widths);
    }

    public FlameGraphSvg withMinFrameWidth(double px) {
        return new FlameGraphSvg(width, px, maxFrames, layout, tolerance, widths);
    }

    public FlameGraphSvg withMaxFrames(int n) {
        return new FlameGraphSvg(width, minFrameWidth, n, layout, tolerance, widths);
    }

    public FlameGraphSvg withLayout(Layout l) {
        return new FlameGraphSvg(width, minFrameWidth, maxFrames, l, tolerance, widths);
    }

    public FlameGraphSvg withTolerance(double t) {
        return new FlameGraphSvg(width, minFrameWidth, maxFrames, layout, t, widths);
    }

    public FlameGraphSvg withWidths(Widths w) {
        return new FlameGraphSvg(width, minFrameWidth, maxFrames, layout, tolerance, w);
    }

    /**
     * A flame graph of one side's stacks, coloured by frame name.
     *
     * @param id    unique in the page; the ids {@code id-t} and {@code id-d} are derived from it
     * @param title what it shows, e.g. "CPU, patch, POINT_SELECT at 8 threads"
     */
    public String plain(String id, String title, CollapsedStacks stacks, FlameKind kind) {
        FlameTree root = FlameTree.of(stacks, 1, CollapsedStacks.EMPTY, 1);
        double total = root.a;
        String sub = "width: share of " + kind.format(total) + "; colour: by frame name";
        StringBuilder desc = new StringBuilder(kind.label() + ", " + kind.format(total) + " in " + stacks.size()
                + " distinct stacks.");
        List<CollapsedStacks.FrameWeight> top = stacks.topBySelf(3).stream().filter(f -> f.self() > 0).toList();
        if (!top.isEmpty()) {
            desc.append(" Most self weight:");
            top.forEach(f -> desc.append(' ').append(f.frame()).append(' ').append(percent(f.self() / total))
                    .append(','));
            desc.setCharAt(desc.length() - 1, '.');
        }
        return render(id, title, sub, desc.toString(), root, n -> n.a, n -> FlameColors.warm(n.name), n -> {
            String tip = n.name + "\n" + kind.format(n.a) + ", " + percent(n.a / total) + " of all";
            double self = n.a - n.children.values().stream().mapToDouble(c -> c.a).sum();
            return n.children.isEmpty() || self <= 0 ? tip : tip + "\nself: " + kind.format(self);
        }, List.of());
    }

    /**
     * A differential flame graph: {@code patch} against {@code parent}, each divided by its side's
     * transaction count (both > 0).
     */
    public String differential(String id, String title, CollapsedStacks parent, long parentTx,
            CollapsedStacks patch, long patchTx, FlameKind kind) {
        if (parentTx <= 0 || patchTx <= 0) {
            throw new IllegalArgumentException("transactions of parent (" + parentTx + ") and patch (" + patchTx
                    + ") must be > 0");
        }
        FlameTree root = FlameTree.of(parent, 1.0 / parentTx, patch, 1.0 / patchTx);
        ToDoubleFunction<FlameTree> basis = widths == Widths.PATCH ? n -> n.b : n -> n.a;
        String tol = "\u00b1" + FlameKind.significant(tolerance * 100) + "%";
        String sub = widths == Widths.PATCH
                ? String.format(Locale.ROOT, "width: patch per transaction (%,d tx); colour: change from parent "
                        + "(%,d tx)", patchTx, parentTx)
                : String.format(Locale.ROOT, "width: parent per transaction (%,d tx); colour: change to patch "
                        + "(%,d tx)", parentTx, patchTx);
        String desc = "Differential " + kind.label() + " per transaction: parent " + kind.formatPerTx(root.a)
                + ", patch " + kind.formatPerTx(root.b) + " (" + change(root.a, root.b) + "). "
                + movers(parent.scale(1.0 / parentTx), patch.scale(1.0 / patchTx), kind);
        return render(id, title, sub, desc, root, basis, n -> FlameColors.diff(n.a, n.b, tolerance),
                n -> n.name + "\nparent: " + kind.formatPerTx(n.a) + "\npatch: " + kind.formatPerTx(n.b) + "\n"
                        + change(n.a, n.b) + (neutral(n.a, n.b) && n.a != n.b ? " (within " + tol + ")" : ""),
                legend(tol));
    }

    private boolean neutral(double a, double b) {
        return a > 0 && b > 0 && FlameColors.diff(a, b, tolerance).equals(FlameColors.hex(FlameColors.NEUTRAL));
    }

    private static String change(double a, double b) {
        return a == 0 ? "new in patch" : b == 0 ? "gone in patch"
                : String.format(Locale.ROOT, "%+.1f%%", (b / a - 1) * 100);
    }

    static String percent(double share) {
        return share > 0 && share < 0.001 ? "<0.1%" : String.format(Locale.ROOT, "%.1f%%", share * 100);
    }

    /** The frames whose self weight per transaction grew and shrank most, for the description. */
    private static String movers(CollapsedStacks parent, CollapsedStacks patch, FlameKind kind) {
        List<FrameChange> all = FrameChange.all(parent, patch);
        List<FrameChange> grew = all.stream().filter(m -> m.delta() > 0)
                .sorted(Comparator.comparingDouble(FrameChange::delta).reversed()).limit(3).toList();
        List<FrameChange> shrank = all.stream().filter(m -> m.delta() < 0)
                .sorted(Comparator.comparingDouble(FrameChange::delta)).limit(3).toList();
        return (moverList("Grew most (self):", grew, kind) + " " + moverList("Shrank most (self):", shrank, kind))
                .trim();
    }

    private static String moverList(String head, List<FrameChange> ms, FlameKind kind) {
        if (ms.isEmpty()) {
            return "";
        }
        StringBuilder s = new StringBuilder(head);
        for (FrameChange m : ms) {
            s.append(' ').append(m.frame()).append(' ').append(m.delta() > 0 ? "+" : "")
                    .append(kind.formatPerTx(m.delta())).append(',');
        }
        s.setCharAt(s.length() - 1, '.');
        return s.toString();
    }

    private record Swatch(String color, String label) {
    }

    private List<Swatch> legend(String tol) {
        return List.of(new Swatch(FlameColors.hex(FlameColors.SHRANK), "halved or less"),
                new Swatch(FlameColors.hex(FlameColors.mix(FlameColors.SHRANK, 0.5)), "shrank"),
                new Swatch(FlameColors.hex(FlameColors.NEUTRAL), "within " + tol),
                new Swatch(FlameColors.hex(FlameColors.mix(FlameColors.GREW, 0.5)), "grew"),
                new Swatch(FlameColors.hex(FlameColors.GREW), "doubled or more, or new"));
    }

    private String render(String id, String title, String sub, String desc, FlameTree root,
            ToDoubleFunction<FlameTree> basis, Function<FlameTree, String> fill, Function<FlameTree, String> tip,
            List<Swatch> legend) {
        if (id == null || !id.matches("[A-Za-z][A-Za-z0-9_-]*")) {
            throw new IllegalArgumentException("flame graph id (" + id
                    + ") must be a letter, then letters, digits, - or _");
        }
        List<FlameTree.Box> laidOut = root.layout(basis, PAD, width - 2 * PAD, minFrameWidth);
        List<FlameTree.Box> boxes = widest(laidOut);
        if (boxes.size() < laidOut.size()) {
            sub += String.format(Locale.ROOT, "; the %,d narrowest frames left out", laidOut.size() - boxes.size());
        }
        int maxDepth = boxes.stream().mapToInt(b -> b.node().depth).max().orElse(0);
        double framesBottom = FRAMES_TOP + (maxDepth + 1) * ROW;
        List<List<Swatch>> legendRows = legendRows(legend);
        int height = (int) Math.ceil(framesBottom + (legendRows.isEmpty() ? 0 : 8 + legendRows.size() * 20) + PAD);
        Svg svg = Svg.compact();
        svg.open("svg", "xmlns", "http://www.w3.org/2000/svg", "class", "flame", "id", id, "viewBox",
                "0 0 " + width + " " + height, "width", Integer.toString(width), "height", Integer.toString(height),
                "role", "img", "aria-labelledby", id + "-t " + id + "-d", "font-family", MONO, "font-size",
                Integer.toString(FONT_PX), "fill", FlameColors.TEXT).newline();
        svg.text("title", title, "id", id + "-t").newline();
        svg.text("desc", desc, "id", id + "-d").newline();
        svg.empty("rect", "x", "0", "y", "0", "width", Integer.toString(width), "height", Integer.toString(height),
                "fill", "#ffffff").newline();
        svg.text("text", Labels.fitSans(title, 13, width - 2 * PAD), "x", Integer.toString(PAD), "y", "18",
                "font-family", SANS, "font-size", "13", "font-weight", "600").newline();
        svg.text("text", Labels.fitSans(sub, FONT_PX, width - 2 * PAD), "x", Integer.toString(PAD), "y", "36",
                "font-family", SANS, "fill", MUTED).newline();
        if (boxes.isEmpty()) {
            svg.text("text", "no samples", "x", Integer.toString(PAD), "y", Integer.toString(FRAMES_TOP + 12),
                    "font-family", SANS, "fill", MUTED).newline();
        }
        for (FlameTree.Box box : boxes) {
            int row = layout == Layout.ICICLE ? box.node().depth : maxDepth - box.node().depth;
            double y = FRAMES_TOP + row * ROW;
            double w = box.w() > 3 ? box.w() - 1 : box.w(); // a hairline gap between neighbours
            svg.open("g");
            svg.text("title", tip.apply(box.node()));
            svg.empty("rect", "x", Svg.num(box.x()), "y", Svg.num(y), "width", Svg.num(w),
                    "height", Integer.toString(ROW - 1), "fill", fill.apply(box.node()));
            String label = Labels.fitMono(box.node().name, w - 6);
            if (label != null) {
                svg.text("text", label, "x", Svg.num(box.x() + 3), "y", Svg.num(y + 11.5));
            }
            svg.close("g").newline();
        }
        double y = framesBottom + 8;
        for (List<Swatch> row : legendRows) {
            double x = PAD;
            for (Swatch s : row) {
                svg.empty("rect", "x", Svg.num(x), "y", Svg.num(y), "width", "14", "height", "14", "fill",
                        s.color(), "stroke", MUTED, "stroke-width", "0.5");
                svg.text("text", s.label(), "x", Svg.num(x + 19), "y", Svg.num(y + 11.5), "font-family",
                        SANS).newline();
                x += swatchWidth(s);
            }
            y += 20;
        }
        return svg.close("svg").newline().toString();
    }

    /**
     * The {@link #maxFrames} widest boxes, in their order. Ties go to the earlier box, and a caller
     * comes before its callees and is at least as wide, so no frame is kept without its caller.
     */
    private List<FlameTree.Box> widest(List<FlameTree.Box> boxes) {
        if (boxes.size() <= maxFrames) {
            return boxes;
        }
        boolean[] keep = new boolean[boxes.size()];
        IntStream.range(0, boxes.size()).boxed()
                .sorted(Comparator.comparingDouble((Integer i) -> -boxes.get(i).w()).thenComparingInt(i -> i))
                .limit(maxFrames).forEach(i -> keep[i] = true);
        return IntStream.range(0, boxes.size()).filter(i -> keep[i]).mapToObj(boxes::get).toList();
    }

    private List<List<Swatch>> legendRows(List<Swatch> legend) {
        List<List<Swatch>> rows = new ArrayList<>();
        double used = 0;
        for (Swatch s : legend) {
            if (rows.isEmpty() || used + swatchWidth(s) > width - 2 * PAD) {
                rows.add(new ArrayList<>());
                used = 0;
            }
            rows.get(rows.size() - 1).add(s);
            used += swatchWidth(s);
        }
        return rows;
    }

    private static double swatchWidth(Swatch s) {
        return 19 + Labels.sansPx(s.label(), FONT_PX) + 18;
    }
}

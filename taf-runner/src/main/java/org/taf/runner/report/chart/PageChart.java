package org.taf.runner.report.chart;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import org.taf.runner.report.Svg;

/**
 * A {@link ChartBlock} drawn for a page of the site: a figure holding the chart's title, an inline
 * SVG line chart (points joined by lines, one series each, told apart by colour, dash and marker), the
 * caption, and the numbers as a table in a {@code <details>} for readers who cannot see the chart or
 * want the values. The drawing is narrow (420 units) with 14-unit text, so that on a 390 px phone,
 * where it is drawn about 350 px wide, its text is still about 11.5 px; on a wide screen it is drawn
 * at most 520 px wide. Every text is escaped; output is the same on every machine and locale.
 */
public final class PageChart {
    static final int WIDTH = 420;
    static final int MAX_DRAWN_WIDTH = 520;
    private static final double FONT = 14;
    private static final double PLOT_HEIGHT = 190;
    private static final double LEGEND_LINE = 19;
    private static final String[] DASHES = {null, "7 4", "2 3", "10 3 2 3"};
    private static final String AXIS = "#57606a";
    private static final String GRID = "#d0d7de";

    private PageChart() {}

    /**
     * The chart as a {@code <figure>}.
     *
     * @param block       the parsed block
     * @param id          unique within the page; the SVG's title and description take {@code id-t}, {@code id-d}
     * @param colors      one colour per series, in the order declared
     * @param captionHtml the caption, already rendered from Markdown and escaped; empty for none
     */
    public static String figure(ChartBlock block, String id, List<String> colors, String captionHtml) {
        Objects.requireNonNull(captionHtml, "captionHtml");
        if (colors.size() < block.series().size()) {
            throw new IllegalArgumentException(colors.size() + " colours for " + block.series().size() + " series");
        }
        StringBuilder out = new StringBuilder(8192);
        out.append("<figure class=\"chart-figure page-chart\">\n<figcaption><strong>").append(Svg.esc(block.title()))
                .append("</strong></figcaption>\n");
        out.append(svg(block, id, colors));
        if (!captionHtml.isBlank()) {
            out.append("<div class=\"note\">").append(captionHtml.strip()).append("</div>\n");
        }
        out.append(table(block));
        return out.append("</figure>\n").toString();
    }

    /** The drawing alone. */
    static String svg(ChartBlock block, String id, List<String> colors) {
        List<List<String>> legend = new ArrayList<>();
        for (ChartBlock.SeriesSpec s : block.series()) {
            legend.add(wrap(s.name(), WIDTH - 24 - 40));
        }
        double legendHeight = legend.stream().mapToInt(List::size).sum() * LEGEND_LINE;
        double top = 10 + legendHeight + 14;
        double bottom = top + PLOT_HEIGHT;
        int height = (int) Math.ceil(bottom + 50);

        double[] yRange = yRange(block);
        double yStep = Scale.niceStep(yRange[0], yRange[1], 5);
        List<Double> yTicks = ticks(yRange[0], yRange[1], yStep);
        double tickWidth = yTicks.stream().mapToDouble(t -> width(label(t))).max().orElse(10);
        double left = 26 + tickWidth + 8;
        double[] xRange = xRange(block);
        double xStep = Scale.niceStep(xRange[0], xRange[1], 5);
        if (block.xMin() == null) {
            xRange[0] = Math.floor(xRange[0] / xStep + 1e-9) * xStep;
        }
        if (block.xMax() == null) {
            xRange[1] = Math.ceil(xRange[1] / xStep - 1e-9) * xStep;
        }
        List<Double> xTicks = ticks(xRange[0], xRange[1], xStep);
        double right = WIDTH - Math.max(16, width(label(xTicks.get(xTicks.size() - 1))) / 2 + 6);
        Scale x = Scale.linear(xRange[0], xRange[1], left, right);
        Scale y = Scale.linear(yRange[0], yRange[1], bottom, top);

        Svg svg = new Svg();
        svg.open("svg", "xmlns", "http://www.w3.org/2000/svg", "class", "chart page-chart", "id", id,
                "viewBox", "0 0 " + WIDTH + " " + height, "width", Integer.toString(WIDTH),
                "height", Integer.toString(height), "style", "max-width: " + MAX_DRAWN_WIDTH + "px",
                "role", "img", "aria-labelledby", id + "-t " + id + "-d",
                "font-family", "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif", "font-size", Svg.num(FONT),
                "fill", "#24292f");
        svg.text("title", block.title(), "id", id + "-t");
        svg.text("desc", description(block), "id", id + "-d");
        svg.empty("rect", "x", "0", "y", "0", "width", Integer.toString(WIDTH), "height", Integer.toString(height),
                "fill", "#ffffff");
        drawLegend(svg, block, legend, colors);
        for (double t : yTicks) {
            double py = y.map(t);
            svg.line(left, py, right, py, t == 0 ? AXIS : GRID, 1, null);
            svg.text("text", label(t), "x", Svg.num(left - 6), "y", Svg.num(py + 5), "text-anchor", "end");
        }
        svg.line(left, top, left, bottom, AXIS, 1, null);
        double lastRight = Double.NEGATIVE_INFINITY;
        for (double t : xTicks) {
            double px = x.map(t);
            double half = width(label(t)) / 2;
            if (px - half < lastRight + 6) {
                continue; // its label would run into the previous one
            }
            lastRight = px + half;
            svg.line(px, bottom, px, bottom + 5, AXIS, 1, null);
            svg.text("text", label(t), "x", Svg.num(px), "y", Svg.num(bottom + 21), "text-anchor", "middle");
        }
        axisLabel(svg, block.xLabel(), "x", Svg.num((left + right) / 2), "y", Svg.num(height - 10.0),
                "text-anchor", "middle");
        axisLabel(svg, block.yLabel(), "transform", "translate(17 " + Svg.num((top + bottom) / 2) + ") rotate(-90)",
                "text-anchor", "middle");
        for (ChartBlock.Mark m : block.marks()) {
            double py = y.map(m.y());
            svg.line(left, py, right, py, AXIS, 1.2, "5 4");
            // At the left: where a rising curve is still low, so the label is not drawn over points.
            svg.text("text", m.label(), "x", Svg.num(left + 6), "y", Svg.num(py - 5), "fill", AXIS);
        }
        for (int s = 0; s < block.series().size(); s++) {
            drawSeries(svg, points(block, s), s, colors.get(s), x, y);
        }
        return svg.close("svg").toString();
    }

    /** The numbers behind the chart, as written in the block. */
    static String table(ChartBlock block) {
        StringBuilder out = new StringBuilder(2048);
        out.append("<details class=\"chart-data\"><summary>The chart's numbers</summary>\n")
                .append("<div class=\"table-wrap\"><table>\n<caption>").append(Svg.esc(block.yLabel()))
                .append(", by ").append(Svg.esc(block.xLabel()))
                .append("; \u2013 where the series has no point</caption>\n<thead><tr><th scope=\"col\" class=\"num\">")
                .append(Svg.esc(block.xName())).append("</th>");
        for (ChartBlock.SeriesSpec s : block.series()) {
            out.append("<th scope=\"col\" class=\"num\">").append(Svg.esc(s.name())).append("</th>");
        }
        out.append("</tr></thead>\n<tbody>\n");
        for (ChartBlock.Row r : block.rows()) {
            out.append("<tr><td class=\"num\">").append(Svg.esc(r.x())).append("</td>");
            for (String v : r.values()) {
                out.append("<td class=\"num\">").append(v.equals("-") ? "\u2013" : Svg.esc(v)).append("</td>");
            }
            out.append("</tr>\n");
        }
        return out.append("</tbody>\n</table></div>\n</details>\n").toString();
    }

    /** For screen readers: the axes, then each series' points in x order. */
    private static String description(ChartBlock block) {
        StringBuilder d = new StringBuilder();
        d.append("x: ").append(block.xLabel()).append("; y: ").append(block.yLabel()).append('.');
        for (int s = 0; s < block.series().size(); s++) {
            d.append(' ').append(block.series().get(s).name()).append(": ");
            List<String> pts = new ArrayList<>();
            for (double[] p : points(block, s)) {
                pts.add(label(p[1]) + " at " + label(p[0]));
            }
            d.append(String.join(", ", pts)).append('.');
        }
        for (ChartBlock.Mark m : block.marks()) {
            d.append(" A line at ").append(label(m.y())).append(": ").append(m.label()).append('.');
        }
        return d.toString();
    }

    /** Series s's points (x, y) in x order. */
    private static List<double[]> points(ChartBlock block, int s) {
        List<double[]> pts = new ArrayList<>();
        for (ChartBlock.Row r : block.rows()) {
            Double v = r.value(s);
            if (v != null) {
                pts.add(new double[] {r.xValue(), v});
            }
        }
        pts.sort(Comparator.comparingDouble(p -> p[0]));
        return pts;
    }

    private static double[] yRange(ChartBlock block) {
        double lo = 0;
        double hi = 0;
        for (int s = 0; s < block.series().size(); s++) {
            for (double[] p : points(block, s)) {
                lo = Math.min(lo, p[1]);
                hi = Math.max(hi, p[1]);
            }
        }
        for (ChartBlock.Mark m : block.marks()) {
            lo = Math.min(lo, m.y());
            hi = Math.max(hi, m.y());
        }
        if (block.yMin() != null) {
            lo = block.yMin();
        }
        if (block.yMax() != null) {
            hi = block.yMax();
        } else {
            double step = Scale.niceStep(lo, hi, 5);
            hi = Math.max(step, Math.ceil(hi / step - 1e-9) * step);
        }
        if (block.yMin() == null && lo < 0) {
            lo = Math.floor(lo / Scale.niceStep(lo, hi, 5) + 1e-9) * Scale.niceStep(lo, hi, 5);
        }
        return new double[] {lo, hi};
    }

    private static double[] xRange(ChartBlock block) {
        double lo = block.rows().stream().mapToDouble(ChartBlock.Row::xValue).min().orElse(0);
        double hi = block.rows().stream().mapToDouble(ChartBlock.Row::xValue).max().orElse(1);
        if (block.xMin() != null) {
            lo = block.xMin();
        }
        if (block.xMax() != null) {
            hi = block.xMax();
        }
        if (hi <= lo) { // one x: centred in an axis of its own magnitude
            double pad = lo == 0 ? 1 : Math.abs(lo) * 0.5;
            lo -= pad;
            hi += pad;
        }
        return new double[] {lo, hi};
    }

    /** Multiples of step from lo to hi. */
    private static List<Double> ticks(double lo, double hi, double step) {
        List<Double> ticks = new ArrayList<>();
        for (double t = Math.ceil(lo / step - 1e-9) * step; t <= hi + step * 1e-9; t += step) {
            ticks.add(Math.abs(t) < step * 1e-9 ? 0.0 : t);
        }
        return ticks;
    }

    private static void drawLegend(Svg svg, ChartBlock block, List<List<String>> legend, List<String> colors) {
        double y = 10 + LEGEND_LINE / 2;
        for (int s = 0; s < block.series().size(); s++) {
            svg.line(12, y, 40, y, colors.get(s), 2.2, DASHES[s % DASHES.length]);
            marker(svg, s, 26, y, colors.get(s));
            for (String line : legend.get(s)) {
                svg.text("text", line, "x", "48", "y", Svg.num(y + 5));
                y += LEGEND_LINE;
            }
        }
    }

    private static void drawSeries(Svg svg, List<double[]> data, int s, String color, Scale x, Scale y) {
        List<double[]> pts = new ArrayList<>();
        for (double[] p : data) {
            pts.add(new double[] {x.map(p[0]), y.map(p[1])});
        }
        if (pts.size() > 1) {
            svg.polyline(pts, color, 2.2, DASHES[s % DASHES.length], 1);
        }
        for (double[] p : pts) {
            marker(svg, s, p[0], p[1], color);
        }
    }

    /** Markers differ by shape as well as colour: dot, square, ring, diamond. */
    private static void marker(Svg svg, int s, double x, double y, String color) {
        switch (s % 4) {
            case 0 -> svg.empty("circle", "cx", Svg.num(x), "cy", Svg.num(y), "r", "4.5", "fill", color);
            case 1 -> svg.empty("rect", "x", Svg.num(x - 4), "y", Svg.num(y - 4), "width", "8", "height", "8",
                    "fill", color);
            case 2 -> svg.empty("circle", "cx", Svg.num(x), "cy", Svg.num(y), "r", "4.5", "fill", "#ffffff",
                    "stroke", color, "stroke-width", "2");
            default -> svg.empty("polygon", "points", Svg.num(x) + "," + Svg.num(y - 5.5) + " " + Svg.num(x + 5.5)
                    + "," + Svg.num(y) + " " + Svg.num(x) + "," + Svg.num(y + 5.5) + " " + Svg.num(x - 5.5) + ","
                    + Svg.num(y), "fill", color);
        }
    }

    /** An axis's label: squeezed to the drawing's width rather than cut, if the estimate says it is wider. */
    private static void axisLabel(Svg svg, String text, String... attrs) {
        double room = PLOT_HEIGHT;
        boolean horizontal = attrs[0].equals("x");
        if (horizontal) {
            room = WIDTH - 24;
        }
        List<String> all = new ArrayList<>(List.of(attrs));
        all.addAll(List.of("fill", AXIS));
        if (width(text) > room) {
            all.addAll(List.of("textLength", Svg.num(room), "lengthAdjust", "spacingAndGlyphs"));
        }
        svg.text("text", text, all.toArray(String[]::new));
    }

    /** A tick's or a point's number: at most two decimals, no trailing zeros, a minus sign for negatives. */
    static String label(double v) {
        String s = Svg.num(v);
        return s.startsWith("-") ? "\u2212" + s.substring(1) : s;
    }

    /** Estimated drawn width of {@code s} at the chart's font size. */
    private static double width(String s) {
        return TextWidth.px(s) * FONT / 11;
    }

    /** {@code text} broken into lines that fit {@code room} at the chart's font size, at spaces. */
    static List<String> wrap(String text, double room) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            if (line.length() > 0 && width(line + " " + word) > room) {
                lines.add(line.toString());
                line.setLength(0);
            }
            if (line.length() > 0) {
                line.append(' ');
            }
            line.append(word);
        }
        lines.add(line.toString());
        return lines;
    }
}

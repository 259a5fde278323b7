package org.taf.runner.report.chart;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.DoubleFunction;
import org.taf.runner.report.Svg;

/**
 * A forest plot of patch/parent ratios: one row per cell, the point at the ratio and a whisker
 * over its confidence interval, on a logarithmic axis (x2 and /2 are equally far from 1), with the
 * line of "no change" at 1 and a shaded band for the thresholds that count as noise.
 */
public final class ForestChart {
    /**
     * One row.
     *
     * @param group     the comparison the row belongs to, or empty when the chart has one; cut first
     *                  when the label is too wide, so that rows stay told apart by their cell
     * @param cell      the cell (workload and threads), always shown whole
     * @param ratio     patch / parent, or null when there is nothing to compare
     * @param low       lower end of the interval, or null
     * @param high      upper end of the interval, or null
     * @param color     colour of the verdict
     * @param valueText the ratio and interval as the table shows them, or why there is none
     */
    public record Row(String group, String cell, Double ratio, Double low, Double high, String color,
                      String valueText) {
        public Row {
            Objects.requireNonNull(group, "group");
            Objects.requireNonNull(cell, "cell");
            Objects.requireNonNull(color, "color");
            Objects.requireNonNull(valueText, "valueText");
        }

        /** The whole label: comparison and cell. */
        public String label() {
            return group.isEmpty() ? cell : group + " " + cell;
        }
    }

    private static final double ROW = 22;
    /** Tick candidates, most telling first; a tick is kept when it does not crowd one kept before. */
    private static final double[] CANDIDATE_TICKS = {1, 2, 0.5, 4, 0.25, 10, 1.5, 0.8, 3, 5, 0.1, 20, 1.25, 0.9, 1.1,
        8, 0.67, 0.2, 0.95, 1.05};

    private ForestChart() {}

    /**
     * The plot as an {@code <svg>} element.
     *
     * @param band   half-width of the shaded band around 1, as a fraction (0.03 for 3%)
     * @param xLabel axis label
     * @param format how tick values are written
     */
    public static String svg(String id, String title, String desc, List<Row> rows, double band, String xLabel,
                             String bandLabel, DoubleFunction<String> format) {
        int width = 720;
        double labelPx = rows.stream().mapToDouble(r -> TextWidth.px(r.label())).max().orElse(20);
        double valuePx = rows.stream().mapToDouble(r -> TextWidth.px(r.valueText())).max().orElse(20);
        double left = Math.min(300, 12 + labelPx + 10);
        double right = width - Math.min(200, 12 + valuePx + 10);
        double top = 32;
        double bottom = top + Math.max(1, rows.size()) * ROW;
        int height = (int) Math.ceil(bottom + 40);
        double lo = 1 - band;
        double hi = 1 + band;
        for (Row r : rows) {
            lo = min(lo, r.low(), r.ratio());
            hi = max(hi, r.high(), r.ratio());
        }
        Scale x = Scale.log2(lo / 1.04, hi * 1.04, left, right);

        Svg svg = Frame.open(id, title, desc, width, height);
        Frame.heading(svg, title, width);
        svg.empty("rect", "x", Svg.num(x.map(1 - band)), "y", Svg.num(top), "width",
                Svg.num(x.map(1 + band) - x.map(1 - band)), "height", Svg.num(bottom - top), "fill", "#eaeef2");
        for (double t : ticks(x)) {
            double px = x.map(t);
            svg.line(px, bottom, px, bottom + 4, "#57606a", 1, null);
            svg.text("text", format.apply(t), "x", Svg.num(px), "y", Svg.num(bottom + 16), "text-anchor", "middle");
        }
        svg.line(x.map(1), top, x.map(1), bottom, "#57606a", 1, null);
        svg.line(left, bottom, right, bottom, "#57606a", 1, null);
        svg.text("text", bandLabel, "x", Svg.num(x.map(1 + band) + 3), "y", Svg.num(bottom - 4), "class",
                "marker-label", "fill", "#57606a");
        svg.text("text", xLabel, "x", Svg.num((left + right) / 2), "y", Svg.num(height - 8.0), "text-anchor", "middle",
                "class", "axis-label");
        for (int i = 0; i < rows.size(); i++) {
            drawRow(svg, rows.get(i), x, top + i * ROW + ROW / 2, left, right);
        }
        return svg.close("svg").toString();
    }

    private static void drawRow(Svg svg, Row r, Scale x, double cy, double left, double right) {
        String shown = TextWidth.fitHead(r.group(), r.cell(), left - 22);
        if (shown.equals(r.label())) {
            svg.text("text", shown, "x", Svg.num(left - 10), "y", Svg.num(cy + 4), "text-anchor", "end");
        } else {
            // cut: the hover text (a native title, no JavaScript) names the row in full
            svg.open("text", "x", Svg.num(left - 10), "y", Svg.num(cy + 4), "text-anchor", "end");
            svg.text("title", r.label());
            svg.raw(Svg.esc(shown));
            svg.close("text");
        }
        svg.text("text", r.valueText(), "x", Svg.num(right + 10), "y", Svg.num(cy + 4), "fill", r.color());
        if (r.low() != null && r.high() != null) {
            svg.line(x.map(r.low()), cy, x.map(r.high()), cy, r.color(), 2, null);
            svg.line(x.map(r.low()), cy - 4, x.map(r.low()), cy + 4, r.color(), 2, null);
            svg.line(x.map(r.high()), cy - 4, x.map(r.high()), cy + 4, r.color(), 2, null);
        }
        if (r.ratio() != null) {
            svg.empty("rect", "x", Svg.num(x.map(r.ratio()) - 4.5), "y", Svg.num(cy - 4.5), "width", "9",
                    "height", "9", "fill", r.color());
        }
    }

    private static List<Double> ticks(Scale x) {
        List<Double> kept = new ArrayList<>();
        for (double c : CANDIDATE_TICKS) {
            if (c >= x.min() && c <= x.max()
                    && kept.stream().allMatch(k -> Math.abs(x.map(k) - x.map(c)) >= 34)) {
                kept.add(c);
            }
        }
        kept.sort(null);
        return kept;
    }

    private static double min(double acc, Double... vs) {
        for (Double v : vs) {
            if (v != null && v > 0) {
                acc = Math.min(acc, v);
            }
        }
        return acc;
    }

    private static double max(double acc, Double... vs) {
        for (Double v : vs) {
            if (v != null) {
                acc = Math.max(acc, v);
            }
        }
        return acc;
    }
}

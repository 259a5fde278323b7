package org.taf.runner.report.chart;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.DoubleFunction;
import org.taf.runner.report.Svg;

/**
 * A line chart as inline SVG: y from zero (throughput and CPU are judged against zero; ratios may fit), x linear
 * or base-2 logarithmic (thread counts), vertical markers (the warm-up cut), a legend, axis labels
 * with units, and a {@code <title>}/{@code <desc>} pair referenced by {@code aria-labelledby}.
 * Configure with the fluent setters, then call {@link #svg()}.
 */
public final class LineChart {
    /** How the x axis maps values. */
    public enum XScale { LINEAR, LOG2 }

    /**
     * A vertical line across the plot.
     *
     * @param x     position in data units
     * @param label text beside the line's top, or null
     * @param color stroke colour
     * @param solid a solid rule (a boundary the data must not be read across) rather than a dashed mark
     */
    public record Marker(double x, String label, String color, boolean solid) {
        /** A dashed mark. */
        public Marker(double x, String label, String color) {
            this(x, label, color, false);
        }
    }

    private static final double TITLE_ROW = 20;
    /** More points than this per line add bytes, not information, at the chart's width. */
    private static final int MAX_POINTS = 240;
    private final String id;
    private final String title;
    private final String desc;
    private int width = 640;
    private int height = 300;
    private String xLabel = "";
    private String yLabel = "";
    private XScale xScale = XScale.LINEAR;
    private DoubleFunction<String> xFormat = Svg::num;
    private DoubleFunction<String> yFormat = Svg::num;
    private List<Double> xTicks;
    private double[] xDomain;
    private boolean yFit;
    private final List<Series> series = new ArrayList<>();
    private final List<Marker> markers = new ArrayList<>();

    private LineChart(String id, String title, String desc) {
        this.id = Objects.requireNonNull(id, "id");
        this.title = Objects.requireNonNull(title, "title");
        this.desc = Objects.requireNonNull(desc, "desc");
    }

    /**
     * A new chart.
     *
     * @param id    unique within the page (ids of the title and description derive from it)
     * @param title what the chart shows, read first by screen readers
     * @param desc  the data in a sentence or two, for readers who cannot see the chart
     */
    public static LineChart of(String id, String title, String desc) {
        return new LineChart(id, title, desc);
    }

    /** Size in CSS pixels of the drawing (default 640 x 300); the page scales it to its column. */
    public LineChart size(int w, int h) {
        this.width = w;
        this.height = h;
        return this;
    }

    public LineChart xAxis(String label, XScale scale, DoubleFunction<String> format) {
        this.xLabel = label;
        this.xScale = scale;
        this.xFormat = format;
        return this;
    }

    /** Ticks at exactly these x values (default: nice values, or the data's values on a log axis). */
    public LineChart xTicks(List<Double> ticks) {
        this.xTicks = List.copyOf(ticks);
        return this;
    }

    /** Widens the x axis to at least [min, max], so that charts meant to be compared share their axis. */
    public LineChart xDomain(double min, double max) {
        this.xDomain = new double[] {min, max};
        return this;
    }

    public LineChart yAxis(String label, DoubleFunction<String> format) {
        this.yLabel = label;
        this.yFormat = format;
        return this;
    }

    /**
     * The y axis spans the data (nice ends around its lowest and highest values, intervals included) instead
     * of starting at zero: for ratios near 1, where a 3% step would be a few pixels on an axis from zero.
     */
    public LineChart yFit() {
        this.yFit = true;
        return this;
    }

    public LineChart add(Series s) {
        series.add(s);
        return this;
    }

    public LineChart marker(Marker m) {
        markers.add(m);
        return this;
    }

    /** The chart as an {@code <svg>} element. */
    public String svg() {
        List<Double> xs = new ArrayList<>();
        double maxY = 0;
        double minY = Double.POSITIVE_INFINITY;
        for (Series s : series) {
            for (Series.Point p : s.points()) {
                xs.add(p.x());
                maxY = Math.max(maxY, p.high() == null ? p.y() : Math.max(p.y(), p.high()));
                minY = Math.min(minY, p.low() == null ? p.y() : Math.min(p.y(), p.low()));
            }
        }
        markers.forEach(m -> xs.add(m.x()));
        if (xDomain != null) {
            xs.add(xDomain[0]);
            xs.add(xDomain[1]);
        }
        double minX = xs.stream().mapToDouble(Double::doubleValue).min().orElse(0);
        double maxX = xs.stream().mapToDouble(Double::doubleValue).max().orElse(1);
        double yLo = 0;
        double yHi = Scale.niceCeil(maxY, 5);
        if (yFit && minY <= maxY) {
            double step = Scale.niceStep(minY, maxY, 4);
            yLo = Math.floor(minY / step + 1e-9) * step;
            yHi = Math.max(Math.ceil(maxY / step - 1e-9) * step, yLo + step);
        }
        Scale yProbe = Scale.linear(yLo, yHi, 0, 1);
        List<Double> yTicks = yProbe.linearTicks(5);
        double yTickPx = yTicks.stream().mapToDouble(t -> TextWidth.px(yFormat.apply(t))).max().orElse(8);
        Legend legend = Legend.layout(series, width - 24);
        double left = 22 + yTickPx + 8;
        double top = TITLE_ROW + 6 + legend.height() + 6;
        List<Double> probeTicks = xTicks != null ? xTicks : List.of();
        double lastLabel =
                probeTicks.isEmpty() ? 0 : TextWidth.px(xFormat.apply(probeTicks.get(probeTicks.size() - 1)));
        double right = width - Math.max(18, lastLabel / 2 + 6);
        double bottom = height - 42;
        Scale x = xScale == XScale.LOG2 ? Scale.log2(minX, maxX, left, right)
                : Scale.linear(minX, maxX, left, right);
        Scale y = Scale.linear(yLo, Math.max(yHi, yTicks.get(yTicks.size() - 1)), bottom, top);

        Svg svg = Frame.open(id, title, desc, width, height);
        Frame.heading(svg, title, width);
        for (double t : yTicks) {
            double py = y.map(t);
            svg.line(left, py, right, py, t == 0 ? "#57606a" : "#d0d7de", 1, null);
            svg.text("text", yFormat.apply(t), "x", Svg.num(left - 6), "y", Svg.num(py + 4), "text-anchor", "end");
        }
        svg.line(left, top, left, bottom, "#57606a", 1, null);
        double lastRightEdge = Double.NEGATIVE_INFINITY;
        for (double t : xTickValues(x, xs)) {
            double px = x.map(t);
            double half = TextWidth.px(xFormat.apply(t)) / 2;
            if (px - half < lastRightEdge + 6) {
                continue; // its label would overlap the previous one
            }
            lastRightEdge = px + half;
            svg.line(px, bottom, px, bottom + 4, "#57606a", 1, null);
            svg.text("text", xFormat.apply(t), "x", Svg.num(px), "y", Svg.num(bottom + 16), "text-anchor", "middle");
        }
        svg.text("text", xLabel, "x", Svg.num((left + right) / 2), "y", Svg.num(height - 8.0), "text-anchor", "middle",
                "class", "axis-label");
        svg.text("text", yLabel, "transform", "translate(13 " + Svg.num((top + bottom) / 2) + ") rotate(-90)",
                "text-anchor", "middle", "class", "axis-label");
        drawMarkers(svg, x, top, bottom);
        for (Series s : series) {
            if (!s.points().isEmpty()) {
                drawSeries(svg, s, x, y);
            }
        }
        legend.draw(svg, 12, TITLE_ROW + 4);
        return svg.close("svg").toString();
    }

    private List<Double> xTickValues(Scale x, List<Double> xs) {
        if (xTicks != null) {
            return xTicks;
        }
        if (xScale == XScale.LOG2) {
            return new ArrayList<>(new java.util.TreeSet<>(xs));
        }
        return x.linearTicks(Math.max(2, (int) ((x.map(x.max()) - x.map(x.min())) / 70)));
    }

    private void drawMarkers(Svg svg, Scale x, double top, double bottom) {
        double lastLabelPx = Double.NEGATIVE_INFINITY;
        Set<Long> drawn = new LinkedHashSet<>();
        for (Marker m : markers) {
            double px = x.map(m.x());
            if (!drawn.add(Math.round(px))) {
                continue; // the same cut for several iterations: one line
            }
            svg.line(px, top, px, bottom, m.color(), m.solid() ? 1.6 : 1.2, m.solid() ? null : "4 3");
            if (m.label() != null && px - lastLabelPx > 60) {
                svg.text("text", m.label(), "x", Svg.num(px + 3), "y", Svg.num(top + 10), "class", "marker-label",
                        "fill", m.color());
                lastLabelPx = px;
            }
        }
    }

    private static void drawSeries(Svg svg, Series s, Scale x, Scale y) {
        List<double[]> pts = new ArrayList<>(s.points().size());
        for (Series.Point p : Downsample.means(s.points(), MAX_POINTS)) {
            pts.add(new double[] {x.map(p.x()), y.map(p.y())});
        }
        if (pts.size() > 1) {
            svg.polyline(pts, s.color(), s.opacity() < 1 ? 1.2 : 1.8, s.dashed() ? "6 4" : null, s.opacity());
        }
        for (Series.Point p : s.points()) { // whiskers: each point's interval, capped, under its marker
            if (p.low() != null && p.high() != null) {
                double px = x.map(p.x());
                double lo = y.map(p.low());
                double hi = y.map(p.high());
                svg.line(px, lo, px, hi, s.color(), 1.4, null);
                svg.line(px - 4, lo, px + 4, lo, s.color(), 1.4, null);
                svg.line(px - 4, hi, px + 4, hi, s.color(), 1.4, null);
            }
        }
        // A lone point without a marker would be invisible.
        Series.Shape shape = pts.size() == 1 && s.shape() == Series.Shape.NONE ? Series.Shape.DOT : s.shape();
        for (double[] p : pts) {
            Shapes.draw(svg, shape, p[0], p[1], s.color());
        }
    }
}

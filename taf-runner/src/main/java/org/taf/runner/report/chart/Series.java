package org.taf.runner.report.chart;

import java.util.List;
import java.util.Objects;

/**
 * One line of a {@link LineChart}: its points in data units and how it is drawn. Styles differ in
 * dash and marker shape as well as colour, so a chart stays readable printed in black and white.
 *
 * @param name    legend text (escaped when drawn)
 * @param color   stroke colour, e.g. {@code #1f6feb}
 * @param dashed  drawn dashed (the parent side, by convention of the site)
 * @param shape   marker drawn at each point
 * @param opacity 1 for data that counts, lower for context such as the warm-up
 * @param legend  listed in the legend (false for the 2nd..nth iteration of the same side)
 * @param points  the points, in x order
 */
public record Series(String name, String color, boolean dashed, Shape shape, double opacity, boolean legend,
                     List<Point> points) {
    public Series {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(color, "color");
        Objects.requireNonNull(shape, "shape");
        points = List.copyOf(points);
    }

    /** A solid line without markers, listed in the legend. */
    public static Series line(String name, String color, List<Point> points) {
        return new Series(name, color, false, Shape.NONE, 1, true, points);
    }

    public Series asDashed() {
        return new Series(name, color, true, shape, opacity, legend, points);
    }

    public Series withShape(Shape s) {
        return new Series(name, color, dashed, s, opacity, legend, points);
    }

    public Series asFaded() {
        return new Series(name, color, dashed, shape, 0.35, legend, points);
    }

    public Series asUnlisted() {
        return new Series(name, color, dashed, shape, opacity, false, points);
    }

    /**
     * A point in data units, with an optional interval drawn as a whisker.
     *
     * @param low  lower end of its interval, or null without one
     * @param high upper end, or null
     */
    public record Point(double x, double y, Double low, Double high) {
        /** A point without an interval. */
        public Point(double x, double y) {
            this(x, y, null, null);
        }
    }

    /** Marker shapes. */
    public enum Shape { NONE, DOT, RING, SQUARE }
}

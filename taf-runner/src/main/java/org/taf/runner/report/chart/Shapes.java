package org.taf.runner.report.chart;

import org.taf.runner.report.Svg;

/** Point markers; filled, hollow and square so that series differ without colour. */
final class Shapes {
    private Shapes() {}

    static void draw(Svg svg, Series.Shape shape, double x, double y, String color) {
        switch (shape) {
            case NONE -> { }
            case DOT -> svg.empty("circle", "cx", Svg.num(x), "cy", Svg.num(y), "r", "3.2", "fill", color);
            case RING -> svg.empty("circle", "cx", Svg.num(x), "cy", Svg.num(y), "r", "3.2", "fill", "#ffffff",
                    "stroke", color, "stroke-width", "1.5");
            case SQUARE -> svg.empty("rect", "x", Svg.num(x - 3), "y", Svg.num(y - 3), "width", "6", "height", "6",
                    "fill", color);
        }
    }
}

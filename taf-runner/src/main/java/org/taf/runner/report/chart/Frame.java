package org.taf.runner.report.chart;

import org.taf.runner.report.Svg;

/** The outer {@code <svg>} element every chart shares: size, font, and the accessible name. */
final class Frame {
    private Frame() {}

    /** Opens the root element and writes its title and description; the caller closes it. */
    static Svg open(String id, String title, String desc, int width, int height) {
        Svg svg = new Svg();
        svg.open("svg", "xmlns", "http://www.w3.org/2000/svg", "class", "chart", "id", id,
                "viewBox", "0 0 " + width + " " + height, "width", Integer.toString(width),
                "height", Integer.toString(height), "role", "img", "aria-labelledby", id + "-t " + id + "-d",
                "font-family", "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif", "font-size", "11",
                "fill", "#24292f");
        svg.text("title", title, "id", id + "-t");
        svg.text("desc", desc, "id", id + "-d");
        svg.empty("rect", "x", "0", "y", "0", "width", Integer.toString(width), "height", Integer.toString(height),
                "fill", "#ffffff");
        return svg;
    }

    /** The title, visible at the top left (the {@code <title>} element alone is only a tooltip). */
    static void heading(Svg svg, String title, int width) {
        svg.text("text", title, "x", "12", "y", "16", "font-size", "12", "font-weight", "600", "textLength",
                TextWidth.px(title) * 1.05 > width - 24 ? Integer.toString(width - 24) : null,
                "lengthAdjust", TextWidth.px(title) * 1.05 > width - 24 ? "spacingAndGlyphs" : null);
    }
}

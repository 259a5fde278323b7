package org.taf.runner.report;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The SVG writer of charts and flame graphs: elements with numeric coordinates printed the same way on every
 * machine (at most two decimals, Locale.ROOT) and text escaped, so a picture is byte-identical for the same input
 * and a commit subject or a frame name with markup stays text. A chart puts each element on a line of its own; a
 * flame graph ({@link #compact()}) breaks lines where it says ({@link #newline()}), one per frame.
 */
public final class Svg {
    private final StringBuilder out = new StringBuilder(4096);
    private final String afterElement;

    /** A writer that ends every element with a line break. */
    public Svg() {
        this("\n");
    }

    private Svg(String afterElement) {
        this.afterElement = afterElement;
    }

    /** A writer that breaks lines only at {@link #newline()}. */
    public static Svg compact() {
        return new Svg("");
    }

    /** A picture's drawn size, px. */
    public record Size(int width, int height) {
    }

    private static final Pattern ROOT_SIZE = Pattern.compile("<svg [^>]*?width=\"(\\d+)\" height=\"(\\d+)\"");

    /**
     * The drawn size of a chart or flame graph written here, from its root element: what a page that shows it from
     * a file gives its box.
     */
    public static Size size(String svg) {
        Matcher m = ROOT_SIZE.matcher(svg);
        if (!m.find()) {
            throw new IllegalArgumentException("not a picture of TAF's: its root has no width and height");
        }
        return new Size(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
    }

    /** Escapes text for element content and double-quoted attributes. */
    public static String esc(String s) {
        return Html.esc(s);
    }

    /** A coordinate: rounded to 0.01, no trailing zeros, no exponent. */
    public static String num(double v) {
        if (!Double.isFinite(v)) {
            throw new IllegalArgumentException("not a finite coordinate: " + v);
        }
        long hundredths = Math.round(v * 100);
        if (hundredths == 0) {
            return "0";
        }
        // Digits by integer arithmetic: a fleet's history page prints hundreds of thousands of coordinates, and
        // String.format with a regex cost most of its time. The same text as "%.2f" without trailing zeros.
        long abs = Math.abs(hundredths);
        long whole = abs / 100;
        int cents = (int) (abs % 100);
        StringBuilder b = new StringBuilder(12);
        if (hundredths < 0) {
            b.append('-');
        }
        b.append(whole);
        if (cents != 0) {
            b.append('.').append(cents / 10);
            if (cents % 10 != 0) {
                b.append(cents % 10);
            }
        }
        return b.toString();
    }

    public Svg raw(String s) {
        out.append(s);
        return this;
    }

    /** {@code <tag a="v" ...>} with escaped values; {@code attrs} alternate names and values. */
    public Svg open(String tag, String... attrs) {
        out.append('<').append(tag);
        attributes(attrs);
        out.append('>').append(afterElement);
        return this;
    }

    public Svg close(String tag) {
        out.append("</").append(tag).append('>').append(afterElement);
        return this;
    }

    /** An empty element. */
    public Svg empty(String tag, String... attrs) {
        out.append('<').append(tag);
        attributes(attrs);
        out.append("/>").append(afterElement);
        return this;
    }

    /** An element holding escaped text. */
    public Svg text(String tag, String content, String... attrs) {
        out.append('<').append(tag);
        attributes(attrs);
        out.append('>').append(esc(content)).append("</").append(tag).append('>').append(afterElement);
        return this;
    }

    /** A line break between elements, so that the file diffs well line by line. */
    public Svg newline() {
        out.append('\n');
        return this;
    }

    public Svg line(double x1, double y1, double x2, double y2, String stroke, double width, String dash) {
        return empty("line", "x1", num(x1), "y1", num(y1), "x2", num(x2), "y2", num(y2), "stroke", stroke,
                "stroke-width", num(width), "stroke-dasharray", dash);
    }

    /** A polyline through {@code xy} (x0, y0, x1, y1, ...). */
    public Svg polyline(List<double[]> xy, String stroke, double width, String dash, double opacity) {
        StringBuilder pts = new StringBuilder(xy.size() * 12);
        for (double[] p : xy) {
            if (pts.length() > 0) {
                pts.append(' ');
            }
            pts.append(num(p[0])).append(',').append(num(p[1]));
        }
        return empty("polyline", "points", pts.toString(), "fill", "none", "stroke", stroke, "stroke-width",
                num(width), "stroke-dasharray", dash, "stroke-opacity", opacity >= 1 ? null : num(opacity),
                "stroke-linejoin", "round");
    }

    private void attributes(String... attrs) {
        if (attrs.length % 2 != 0) {
            throw new IllegalArgumentException("attributes come in name/value pairs");
        }
        for (int i = 0; i < attrs.length; i += 2) {
            if (attrs[i + 1] != null) { // null: attribute left out
                out.append(' ').append(attrs[i]).append("=\"").append(esc(attrs[i + 1])).append('"');
            }
        }
    }

    @Override
    public String toString() {
        return out.toString();
    }
}

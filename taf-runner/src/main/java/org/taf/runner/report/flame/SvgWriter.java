package org.taf.runner.report.flame;

import java.util.Locale;
import org.taf.runner.report.Html;

/**
 * Writes SVG markup: numbers printed the same way everywhere (at most two decimals, no exponent,
 * {@link Locale#ROOT}) and every text and attribute value escaped, so a graph is byte-identical for
 * the same stacks and a frame name with markup in it stays text.
 */
final class SvgWriter {
    private final StringBuilder out = new StringBuilder(16_384);

    /** A coordinate or size: rounded to 0.01, no trailing zeros. */
    static String num(double v) {
        if (!Double.isFinite(v)) {
            throw new IllegalArgumentException("not a finite coordinate: " + v);
        }
        long hundredths = Math.round(v * 100);
        if (hundredths == 0) {
            return "0";
        }
        String s = String.format(Locale.ROOT, "%.2f", hundredths / 100.0);
        s = s.replaceAll("0+$", "");
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }

    /** {@code <tag a="v" ...>}; {@code attrs} alternate names and values, a null value leaves it out. */
    SvgWriter open(String tag, String... attrs) {
        out.append('<').append(tag);
        attributes(attrs);
        out.append('>');
        return this;
    }

    SvgWriter close(String tag) {
        out.append("</").append(tag).append('>');
        return this;
    }

    SvgWriter empty(String tag, String... attrs) {
        out.append('<').append(tag);
        attributes(attrs);
        out.append("/>");
        return this;
    }

    /** An element holding escaped text. */
    SvgWriter text(String tag, String content, String... attrs) {
        open(tag, attrs);
        out.append(Html.esc(content));
        return close(tag);
    }

    /** A line break between elements, so that the file diffs well line by line. */
    SvgWriter newline() {
        out.append('\n');
        return this;
    }

    private void attributes(String... attrs) {
        if (attrs.length % 2 != 0) {
            throw new IllegalArgumentException("attributes come in name/value pairs");
        }
        for (int i = 0; i < attrs.length; i += 2) {
            if (attrs[i + 1] != null) {
                out.append(' ').append(attrs[i]).append("=\"").append(Html.esc(attrs[i + 1])).append('"');
            }
        }
    }

    @Override
    public String toString() {
        return out.toString();
    }
}

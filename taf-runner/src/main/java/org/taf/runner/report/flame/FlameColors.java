package org.taf.runner.report.flame;

import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Fill colours of frames. All are light enough that the labels' dark text ({@link #TEXT}) keeps a
 * contrast of at least 4.5:1 (WCAG AA), which the tests check at the palettes' extremes.
 *
 * <p>A plain graph's colour says nothing but "a different frame": a warm shade from a hash of the
 * frame's name, as flamegraph.pl's {@code --hash}, so a frame has the same colour in every graph.
 * A differential graph's colour is the change: red grew, blue shrank, intensity by the ratio on a
 * log scale, full at a doubling or halving, and grey within the tolerance.
 */
final class FlameColors {
    /** Labels: the site's text colour. */
    static final String TEXT = "#1f2328";
    static final int[] NEUTRAL = {221, 221, 216};
    static final int[] GREW = {238, 96, 84};
    static final int[] SHRANK = {100, 150, 235};
    /** Below this share of the full colour a change outside the tolerance would look unchanged. */
    private static final double MIN_TINT = 0.3;

    private FlameColors() {}

    /** A warm colour from the name: red 225-255, green 105-230, blue 35-95. */
    static String warm(String name) {
        int h = fnv1a(name);
        double v1 = (h & 0xff) / 255.0;
        double v2 = ((h >>> 8) & 0xff) / 255.0;
        double v3 = ((h >>> 16) & 0xff) / 255.0;
        return hex(new int[] {(int) Math.round(225 + 30 * v1), (int) Math.round(105 + 125 * v2),
            (int) Math.round(35 + 60 * v3)});
    }

    /**
     * The colour of a frame weighing {@code before} per transaction on the parent and {@code after}
     * on the patch: neutral when {@code after / before} lies within [1 / (1 + tolerance), 1 + tolerance],
     * else red (grew) or blue (shrank), from a light tint just outside the tolerance to the full colour
     * at a ratio of 2 or 1/2 and beyond. A frame only on one side has the full colour.
     */
    static String diff(double before, double after, double tolerance) {
        return hex(diffRgb(before, after, tolerance));
    }

    static int[] diffRgb(double before, double after, double tolerance) {
        if (before == after) {
            return NEUTRAL;
        }
        if (before == 0 || after == 0) {
            return after > before ? GREW : SHRANK;
        }
        double log2 = Math.log(after / before) / Math.log(2);
        // a hair of slack, so that a ratio of exactly 1 + tolerance counts as within despite rounding
        if (Math.abs(log2) <= Math.log1p(tolerance) / Math.log(2) + 1e-9) {
            return NEUTRAL;
        }
        return mix(log2 > 0 ? GREW : SHRANK, MIN_TINT + (1 - MIN_TINT) * Math.min(1, Math.abs(log2)));
    }

    /** {@link #NEUTRAL} moved towards {@code to} by {@code t} in [0, 1]. */
    static int[] mix(int[] to, double t) {
        int[] c = new int[3];
        for (int i = 0; i < 3; i++) {
            c[i] = (int) Math.round(NEUTRAL[i] + (to[i] - NEUTRAL[i]) * t);
        }
        return c;
    }

    static String hex(int[] rgb) {
        return String.format(Locale.ROOT, "#%02x%02x%02x", rgb[0], rgb[1], rgb[2]);
    }

    /** WCAG contrast ratio of two colours given as {@code #rrggbb}. */
    static double contrast(String a, String b) {
        double la = luminance(a);
        double lb = luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }

    private static double luminance(String hex) {
        double[] w = {0.2126, 0.7152, 0.0722};
        double l = 0;
        for (int i = 0; i < 3; i++) {
            double s = Integer.parseInt(hex.substring(1 + 2 * i, 3 + 2 * i), 16) / 255.0;
            l += w[i] * (s <= 0.03928 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4));
        }
        return l;
    }

    /** FNV-1a over UTF-8: fixed by its definition, unlike a hash the JDK might change. */
    private static int fnv1a(String s) {
        int h = 0x811c9dc5;
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x01000193;
        }
        return h;
    }
}

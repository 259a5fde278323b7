package org.taf.runner.report.flame;

import java.util.function.ToDoubleFunction;

/**
 * Fits text into a width without a font at hand (the server cannot measure glyphs): frame labels are
 * monospace, so their width is the character count times an advance chosen a little wide; headings
 * are sans-serif and estimated per character class, erring wide, as {@code report.chart.TextWidth}
 * does. Characters of East Asian scripts count double.
 */
final class Labels {
    private static final String ELLIPSIS = "\u2026";

    private Labels() {}

    /**
     * The frame's label that fits in {@code maxPx} at 12 px monospace: the full name, else
     * {@code Class.method} without the package, else that cut with an ellipsis; null when not even
     * two characters and the ellipsis fit (the frame's title still names it).
     */
    static String fitMono(String frame, double maxPx) {
        if (monoPx(frame) <= maxPx) {
            return frame;
        }
        String s = shortName(frame);
        if (monoPx(s) <= maxPx) {
            return s;
        }
        String cut = cut(s, maxPx - monoPx(ELLIPSIS), Labels::monoPx);
        return cut.codePointCount(0, cut.length()) < 2 ? null : cut + ELLIPSIS;
    }

    /** {@code s} in sans-serif at {@code fontPx}, cut with an ellipsis if wider than {@code maxPx}. */
    static String fitSans(String s, double fontPx, double maxPx) {
        ToDoubleFunction<String> px = t -> sansPx(t, fontPx);
        return px.applyAsDouble(s) <= maxPx ? s : cut(s, maxPx - px.applyAsDouble(ELLIPSIS), px) + ELLIPSIS;
    }

    static double monoPx(String s) {
        double w = 0;
        for (int i = 0; i < s.length(); i = s.offsetByCodePoints(i, 1)) {
            w += wide(s.codePointAt(i)) ? 2 * FlameGraphSvg.MONO_CHAR_PX : FlameGraphSvg.MONO_CHAR_PX;
        }
        return w;
    }

    /** Generous per-class advances of a sans-serif face (DejaVu Sans is among the widest), in em. */
    static double sansPx(String s, double fontPx) {
        double em = 0;
        for (int i = 0; i < s.length(); i = s.offsetByCodePoints(i, 1)) {
            int c = s.codePointAt(i);
            em += wide(c) ? 1.0 : Character.isUpperCase(c) || c == 'm' || c == 'w' || c == '%' || c == '@' ? 0.9
                    : Character.isDigit(c) ? 0.64 : c == ' ' || c == '.' || c == ',' || c == 'i' || c == 'l'
                    || c == ';' || c == ':' || c == '(' || c == ')' ? 0.36 : 0.62;
        }
        return em * fontPx;
    }

    /**
     * {@code pkg.Class.method} without its package, {@code Class.method}; a bracketed synthetic frame
     * keeps its word, {@code [park ReentrantLock$NonfairSync]}.
     */
    static String shortName(String frame) {
        if (frame.startsWith("[") && frame.endsWith("]") && frame.indexOf(' ') > 0) {
            int sp = frame.indexOf(' ');
            String cls = frame.substring(sp + 1, frame.length() - 1);
            return frame.substring(0, sp + 1) + cls.substring(cls.lastIndexOf('.') + 1) + "]";
        }
        int method = frame.lastIndexOf('.');
        if (method <= 0) {
            return frame;
        }
        String cls = frame.substring(0, method);
        return cls.substring(cls.lastIndexOf('.') + 1) + frame.substring(method);
    }

    private static String cut(String s, double maxPx, ToDoubleFunction<String> px) {
        int end = 0;
        while (end < s.length()) {
            int next = s.offsetByCodePoints(end, 1);
            String t = s.substring(0, next);
            if (px.applyAsDouble(t) > maxPx) {
                break;
            }
            end = next;
        }
        return s.substring(0, end);
    }

    private static boolean wide(int c) {
        return c >= 0x1100 && (c <= 0x115f || (c >= 0x2e80 && c <= 0xa4cf) || (c >= 0xac00 && c <= 0xd7a3)
                || (c >= 0xf900 && c <= 0xfaff) || (c >= 0xfe30 && c <= 0xfe4f) || (c >= 0xff00 && c <= 0xff60)
                || (c >= 0xffe0 && c <= 0xffe6) || c >= 0x1f300);
    }
}

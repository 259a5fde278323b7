package org.taf.runner.report.chart;

/**
 * An estimate of how wide a text is drawn at 11 px in a sans-serif font, for margins and legend
 * layout (the server cannot measure fonts): wide for capitals and digits, narrow for the rest.
 * It errs on the wide side so labels are never clipped.
 */
final class TextWidth {
    private TextWidth() {}

    static double px(String s) {
        double w = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            w += Character.isUpperCase(c) || c == '@' || c == 'm' || c == 'w' || c == 'M' || c == 'W' ? 8.2
                    : Character.isDigit(c) ? 6.6 : c == ' ' || c == '.' || c == ',' || c == 'i' || c == 'l' ? 3.6
                    : 6.3;
        }
        return w;
    }

    /** {@code s}, shortened with an ellipsis so that it fits in {@code maxPx}. */
    static String fit(String s, double maxPx) {
        if (px(s) <= maxPx) {
            return s;
        }
        String t = s;
        while (!t.isEmpty() && px(t + "\u2026") > maxPx) {
            t = t.substring(0, t.length() - 1);
        }
        return t + "\u2026";
    }

    /**
     * {@code head + " " + tail} in {@code maxPx}: the head is cut (with an ellipsis, or dropped) before
     * the tail is, so the part that tells rows apart stays whole.
     */
    static String fitHead(String head, String tail, double maxPx) {
        String whole = head.isEmpty() ? tail : head + " " + tail;
        if (px(whole) <= maxPx) {
            return whole;
        }
        double room = maxPx - px(" " + tail);
        if (head.isEmpty() || room < px("ab\u2026")) {
            return fit(tail, maxPx);
        }
        return fit(head, room) + " " + tail;
    }
}

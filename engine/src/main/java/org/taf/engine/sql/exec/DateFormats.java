package org.taf.engine.sql.exec;

import org.taf.engine.api.ColumnType;
import org.taf.engine.api.Datetimes;

/**
 * STR_TO_DATE's reading of a string by a format ({@code '%Y%m%d%H%i%s'}, as HammerDB's loader and
 * delivery send): %Y (up to 4 digits), %y (2, 70-99 the 1900s), %m %c (month), %d %e (day),
 * %H %k (hour), %h %I %l with %p (12-hour clock), %i (minutes), %s %S (seconds), %f (microseconds),
 * %T (%H:%i:%s), %% and literal characters. The result is a DATETIME's text if the format reads
 * a time (or is not a constant, so that the type was not known at prepare time), else a DATE's;
 * a string that does not fit gives NULL, as in MariaDB.
 */
final class DateFormats {
    private static final String TIME_SPECIFIERS = "HkhIlisSfTpr";

    private DateFormats() {}

    /** Whether a STR_TO_DATE call gives a DATETIME: its format is not a constant, or reads a time. */
    static boolean readsTime(org.taf.engine.sql.ast.Expr.Call c) {
        if (c.args().size() != 2 || !(c.args().get(1) instanceof org.taf.engine.sql.ast.Expr.Literal lit)
                || !(lit.value() instanceof String format)) {
            return true;
        }
        for (int i = 0; i + 1 < format.length(); i++) {
            if (format.charAt(i) == '%' && TIME_SPECIFIERS.indexOf(format.charAt(++i)) >= 0) {
                return true;
            }
        }
        return false;
    }

    /** The value {@code s} read by {@code pattern}: a DATETIME's text when {@code datetime}, else a DATE's; or null. */
    static String parse(String s, String pattern, boolean datetime) {
        String format = pattern.replace("%T", "%H:%i:%s");
        long[] f = new long[7]; // year, month, day, hour, minute, second, micros
        boolean pm = false;
        boolean twelve = false;
        int[] pos = {0};
        for (int i = 0; i < format.length(); i++) {
            char ch = format.charAt(i);
            if (ch != '%' || i + 1 == format.length()) {
                if (Character.isWhitespace(ch)) {
                    skipSpaces(s, pos);
                } else if (pos[0] < s.length() && s.charAt(pos[0]) == ch) {
                    pos[0]++;
                } else {
                    return null;
                }
                continue;
            }
            char spec = format.charAt(++i);
            Long v;
            switch (spec) {
                case 'Y' -> v = f[0] = digits(s, pos, 4);
                case 'y' -> {
                    v = digits(s, pos, 2);
                    f[0] = v == null ? 0 : v < 70 ? 2000 + v : 1900 + v;
                }
                case 'm', 'c' -> v = f[1] = digits(s, pos, 2);
                case 'd', 'e' -> v = f[2] = digits(s, pos, 2);
                case 'H', 'k' -> v = f[3] = digits(s, pos, 2);
                case 'h', 'I', 'l' -> {
                    v = f[3] = digits(s, pos, 2);
                    twelve = true;
                }
                case 'i' -> v = f[4] = digits(s, pos, 2);
                case 's', 'S' -> v = f[5] = digits(s, pos, 2);
                case 'f' -> {
                    int start = pos[0];
                    v = digits(s, pos, 6);
                    f[6] = v == null ? 0 : v * (long) Math.pow(10, 6 - (pos[0] - start));
                }
                case 'p' -> {
                    String rest = s.substring(Math.min(pos[0], s.length())).toUpperCase();
                    if (!rest.startsWith("AM") && !rest.startsWith("PM")) {
                        return null;
                    }
                    pm = rest.startsWith("PM");
                    pos[0] += 2;
                    v = 0L;
                }
                case '%' -> {
                    if (pos[0] >= s.length() || s.charAt(pos[0]) != '%') {
                        return null;
                    }
                    pos[0]++;
                    v = 0L;
                }
                default -> {
                    return null;
                }
            }
            if (v == null) {
                return null;
            }
        }
        if (twelve) {
            f[3] = f[3] % 12 + (pm ? 12 : 0);
        }
        String digits = String.format("%04d%02d%02d%02d%02d%02d", f[0], f[1], f[2], f[3], f[4], f[5]);
        try {
            long packed = Datetimes.pack(digits) + f[6];
            return Datetimes.format(datetime ? ColumnType.DATETIME : ColumnType.DATE, f[6] != 0 ? 6 : 0, packed);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static Long digits(String s, int[] pos, int max) {
        int start = pos[0];
        int i = start;
        while (i < s.length() && i - start < max && Character.isDigit(s.charAt(i))) {
            i++;
        }
        if (i == start) {
            return null;
        }
        pos[0] = i;
        return Long.parseLong(s.substring(start, i));
    }

    private static void skipSpaces(String s, int[] pos) {
        while (pos[0] < s.length() && Character.isWhitespace(s.charAt(pos[0]))) {
            pos[0]++;
        }
    }
}

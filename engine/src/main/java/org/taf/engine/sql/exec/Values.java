package org.taf.engine.sql.exec;

import java.math.BigDecimal;
import java.math.RoundingMode;
import org.taf.engine.sql.SqlException;

/**
 * MariaDB's value rules over the engine's value types ({@link Long}, {@link BigDecimal},
 * {@link String}, null): numbers compare as numbers, a string meeting a number is read as the
 * number it starts with ({@code '12abc'} is 12, {@code 'abc'} is 0), and strings compare as
 * {@code utf8mb4_general_ci} does — ignoring case and trailing spaces.
 */
public final class Values {
    /** SQL TRUE and FALSE, as MariaDB returns them. */
    public static final Long TRUE = 1L;
    public static final Long FALSE = 0L;

    private static final BigDecimal LONG_MIN = BigDecimal.valueOf(Long.MIN_VALUE);
    private static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);

    private Values() {}

    public static Long bool(boolean b) {
        return b ? TRUE : FALSE;
    }

    /** Three-valued truth: null for NULL, else whether the value is a non-zero number. */
    public static Boolean truth(Object v) {
        if (v == null) {
            return null;
        }
        if (v instanceof Long l) {
            return l != 0;
        }
        return toDecimal(v).signum() != 0;
    }

    /** Compares two non-null values; see the class comment. */
    public static int compare(Object a, Object b) {
        if (a instanceof Long x && b instanceof Long y) {
            return Long.compare(x, y);
        }
        if (a instanceof String x && b instanceof String y) {
            return compareStrings(x, y);
        }
        return toDecimal(a).compareTo(toDecimal(b));
    }

    /**
     * Compares two non-null values; strings by their bytes when {@code binary} (a binary
     * collation: UTF-16 order, which is UTF-8 byte order outside the surrogates), else as
     * {@link #compare(Object, Object)} does.
     */
    public static int compare(Object a, Object b, boolean binary) {
        if (binary && a instanceof String x && b instanceof String y) {
            return compareBinary(x, y);
        }
        return compare(a, b);
    }

    /** A binary collation's comparison: trailing spaces ignored (PAD SPACE), case significant. */
    public static int compareBinary(String a, String b) {
        int la = trimmedLength(a);
        int lb = trimmedLength(b);
        int n = Math.min(la, lb);
        for (int i = 0; i < n; i++) {
            char ca = a.charAt(i);
            char cb = b.charAt(i);
            if (ca != cb) {
                return ca - cb;
            }
        }
        return la - lb;
    }

    /** {@code utf8mb4_general_ci}-like comparison: case-insensitive, trailing spaces ignored. */
    public static int compareStrings(String a, String b) {
        int la = trimmedLength(a);
        int lb = trimmedLength(b);
        int n = Math.min(la, lb);
        for (int i = 0; i < n; i++) {
            char ca = a.charAt(i);
            char cb = b.charAt(i);
            if (ca != cb) {
                char ua = Character.toUpperCase(ca);
                char ub = Character.toUpperCase(cb);
                if (ua != ub) {
                    return ua - ub;
                }
            }
        }
        return la - lb;
    }

    private static int trimmedLength(String s) {
        int n = s.length();
        while (n > 0 && s.charAt(n - 1) == ' ') {
            n--;
        }
        return n;
    }

    /** The value as a number: a long stays a long, a string is read as the number it starts with. */
    public static Object toNumber(Object v) {
        if (v instanceof String s) {
            BigDecimal d = parseNumberPrefix(s);
            return fitsLong(d) ? (Object) d.longValueExact() : d;
        }
        return v;
    }

    public static BigDecimal toDecimal(Object v) {
        if (v instanceof Long l) {
            return BigDecimal.valueOf(l);
        }
        if (v instanceof BigDecimal d) {
            return d;
        }
        return parseNumberPrefix((String) v);
    }

    /** The value rounded to a long (half away from zero, as MariaDB rounds), or an error if too large. */
    public static long toLong(Object v) {
        if (v instanceof Long l) {
            return l;
        }
        BigDecimal d = toDecimal(v).setScale(0, RoundingMode.HALF_UP);
        if (!fitsLong(d)) {
            throw new SqlException(1690, "22003", "BIGINT value is out of range in '" + v + "'");
        }
        return d.longValueExact();
    }

    /** The value as text, numbers in plain notation. */
    public static String toText(Object v) {
        if (v instanceof String s) {
            return s;
        }
        if (v instanceof BigDecimal d) {
            return d.toPlainString();
        }
        return v.toString();
    }

    /** Whether {@code d} is a whole number within the range of a long. */
    static boolean fitsLong(BigDecimal d) {
        if (d.signum() != 0 && d.stripTrailingZeros().scale() > 0) {
            return false;
        }
        return d.compareTo(LONG_MIN) >= 0 && d.compareTo(LONG_MAX) <= 0;
    }

    /** The longest numeric prefix of {@code s} (after leading spaces), 0 if there is none. */
    static BigDecimal parseNumberPrefix(String s) {
        int n = s.length();
        int i = 0;
        while (i < n && Character.isWhitespace(s.charAt(i))) {
            i++;
        }
        int start = i;
        if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
            i++;
        }
        int digits = 0;
        while (i < n && Character.isDigit(s.charAt(i))) {
            i++;
            digits++;
        }
        if (i < n && s.charAt(i) == '.') {
            i++;
            while (i < n && Character.isDigit(s.charAt(i))) {
                i++;
                digits++;
            }
        }
        if (digits == 0) {
            return BigDecimal.ZERO;
        }
        int mantissaEnd = i;
        if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            int j = i + 1;
            if (j < n && (s.charAt(j) == '+' || s.charAt(j) == '-')) {
                j++;
            }
            int expStart = j;
            while (j < n && Character.isDigit(s.charAt(j))) {
                j++;
            }
            if (j > expStart && j - expStart < 5) {
                mantissaEnd = j;
            }
        }
        String text = s.substring(start, mantissaEnd);
        if (text.endsWith(".")) {
            text = text.substring(0, text.length() - 1);
        }
        return new BigDecimal(text.startsWith("+") ? text.substring(1) : text);
    }

    /** Whether the whole of {@code s} (spaces around allowed) is a number. */
    static boolean isWholeNumber(String s) {
        String t = s.strip();
        if (t.isEmpty()) {
            return false;
        }
        try {
            new BigDecimal(t.startsWith("+") ? t.substring(1) : t);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}

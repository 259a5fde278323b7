package org.taf.engine.api;

import java.math.BigDecimal;
import java.time.LocalDateTime;

/**
 * DATE, DATETIME and TIMESTAMP values: their canonical text (what a {@link Row} holds and MariaDB
 * prints: {@code 2024-01-31}, {@code 2024-01-31 12:00:00[.ffffff]}) and their packed form, a long
 * whose order is the values' order, which rows and keys store: MariaDB's packed datetime,
 * {@code ((((year * 13 + month) << 5 | day) << 17 | hour << 12 | minute << 6 | second) << 24)
 * + microseconds}. Reads what MariaDB accepts for a temporal column: {@code '2024-01-31 12:00:00'},
 * {@code '2024-01-31'}, {@code '20240131120000'} and the number {@code 20240131120000}. Fraction
 * digits beyond the column's are cut, as MariaDB does without TIME_ROUND_FRACTIONAL.
 */
public final class Datetimes {
    private Datetimes() {}

    /**
     * {@code value} as a value of the temporal {@code type} with {@code fsp} fraction digits.
     *
     * @throws IllegalArgumentException if it is not a date (or date and time) MariaDB would accept
     */
    public static String normalize(ColumnType type, int fsp, Object value) {
        return format(type, fsp, pack(value));
    }

    /** The packed form of a value (canonical text, a string or a number in MariaDB's forms). */
    public static long pack(Object value) {
        if (value instanceof Long n) {
            return packDigits(Long.toString(n), 0, value);
        }
        if (value instanceof BigDecimal d) {
            BigDecimal whole = d.setScale(0, java.math.RoundingMode.DOWN);
            long micros = d.subtract(whole).movePointRight(6).longValue();
            return packDigits(whole.toPlainString(), micros, value);
        }
        String s = value.toString().strip();
        if (!s.isEmpty() && s.chars().allMatch(Character::isDigit)) {
            return packDigits(s, 0, value);
        }
        return parseText(s, value);
    }

    private static long packDigits(String digits, long micros, Object original) {
        long y;
        long rest;
        switch (digits.length()) {
            case 14 -> {
                y = Long.parseLong(digits.substring(0, 4));
                rest = Long.parseLong(digits.substring(4));
            }
            case 12 -> {
                y = century(Long.parseLong(digits.substring(0, 2)));
                rest = Long.parseLong(digits.substring(2));
            }
            case 8 -> {
                y = Long.parseLong(digits.substring(0, 4));
                rest = Long.parseLong(digits.substring(4)) * 1_000_000L;
            }
            case 6 -> {
                y = century(Long.parseLong(digits.substring(0, 2)));
                rest = Long.parseLong(digits.substring(2)) * 1_000_000L;
            }
            default -> throw invalid(original);
        }
        long mo = rest / 100_000_000L;
        long d = rest / 1_000_000L % 100;
        long time = rest % 1_000_000L;
        return check(y, mo, d, time / 10_000, time / 100 % 100, time % 100, micros, original);
    }

    private static long century(long yy) {
        return yy < 70 ? 2000 + yy : 1900 + yy;
    }

    private static long parseText(String s, Object original) {
        long[] f = new long[6];
        int i = 0;
        int n = s.length();
        long micros = 0;
        for (int part = 0; part < 6; part++) {
            if (i >= n) {
                if (part == 3) {
                    break; // a date alone
                }
                throw invalid(original);
            }
            int start = i;
            while (i < n && Character.isDigit(s.charAt(i))) {
                i++;
            }
            if (i == start || i - start > (part == 0 ? 4 : 2)) {
                throw invalid(original);
            }
            f[part] = Long.parseLong(s.substring(start, i));
            if (part == 0 && i - start == 2) {
                f[0] = century(f[0]);
            }
            if (part == 5 && i < n && s.charAt(i) == '.') {
                int fs = ++i;
                while (i < n && Character.isDigit(s.charAt(i))) {
                    i++;
                }
                String frac = (s.substring(fs, Math.min(i, fs + 6)) + "000000").substring(0, 6);
                micros = Long.parseLong(frac);
            }
            if (i < n && part < 5) {
                char sep = s.charAt(i);
                boolean dateTimeSep = part == 2 && (sep == ' ' || sep == 'T');
                if (!dateTimeSep && Character.isLetterOrDigit(sep)) {
                    throw invalid(original);
                }
                i++;
            }
        }
        if (i < n) {
            throw invalid(original);
        }
        return check(f[0], f[1], f[2], f[3], f[4], f[5], micros, original);
    }

    private static long check(long y, long mo, long d, long h, long mi, long s, long micros, Object original) {
        boolean zeroDate = mo == 0 && d == 0;
        if (y > 9999 || mo > 12 || h > 23 || mi > 59 || s > 59 || (!zeroDate && (mo == 0 || d == 0))
                || (!zeroDate && d > daysIn(y, mo))) {
            throw invalid(original);
        }
        return packFields(y, mo, d, h, mi, s, micros);
    }

    private static long packFields(long y, long mo, long d, long h, long mi, long s, long micros) {
        long ymd = ((y * 13 + mo) << 5) | d;
        long hms = (h << 12) | (mi << 6) | s;
        return (((ymd << 17) | hms) << 24) + micros;
    }

    /** The fields of a packed value: year, month, day, hour, minute, second, microseconds. */
    public static long[] fields(long packed) {
        long micros = packed & 0xFFFFFF;
        long ymdhms = packed >>> 24;
        long ymd = ymdhms >>> 17;
        long hms = ymdhms & 0x1FFFF;
        long ym = ymd >>> 5;
        return new long[] {ym / 13, ym % 13, ymd & 31, hms >>> 12, (hms >>> 6) & 63, hms & 63, micros};
    }

    private static long daysIn(long y, long mo) {
        return switch ((int) mo) {
            case 2 -> (y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)) ? 29 : 28;
            case 4, 6, 9, 11 -> 30;
            default -> 31;
        };
    }

    /** The canonical text of a packed value for {@code type} with {@code fsp} fraction digits. */
    public static String format(ColumnType type, int fsp, long packed) {
        long[] f = fields(packed);
        long y = f[0];
        long mo = f[1];
        long d = f[2];
        long h = f[3];
        long mi = f[4];
        long s = f[5];
        long micros = f[6];
        StringBuilder b = new StringBuilder(26);
        pad(b, y, 4).append('-');
        pad(b, mo, 2).append('-');
        pad(b, d, 2);
        if (type == ColumnType.DATE) {
            return b.toString();
        }
        b.append(' ');
        pad(b, h, 2).append(':');
        pad(b, mi, 2).append(':');
        pad(b, s, 2);
        if (fsp > 0) {
            b.append('.').append(Long.toString(1_000_000 + micros), 1, 1 + fsp);
        }
        return b.toString();
    }

    private static StringBuilder pad(StringBuilder b, long v, int width) {
        String s = Long.toString(v);
        for (int i = s.length(); i < width; i++) {
            b.append('0');
        }
        return b.append(s);
    }

    /** The current local date and time, as NOW() gives it, with {@code fsp} fraction digits. */
    public static String now(int fsp) {
        LocalDateTime t = LocalDateTime.now();
        long packed = packFields(t.getYear(), t.getMonthValue(), t.getDayOfMonth(), t.getHour(), t.getMinute(),
                t.getSecond(), t.getNano() / 1000);
        return format(ColumnType.DATETIME, fsp, packed);
    }

    private static IllegalArgumentException invalid(Object value) {
        return new IllegalArgumentException("Incorrect datetime value: '" + value + "'");
    }
}

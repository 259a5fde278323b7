package org.taf.runner.report;

import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * How numbers, sizes and times are written on the site and in the summary, in one place so that
 * the table, the charts and the feed agree. Numbers follow the edition's locale (17,925 in English,
 * 17 925 in Russian); times are always UTC and ISO-like so that they read the same everywhere.
 * A missing value (null) is written as an em dash.
 */
public final class Formats {
    public static final String NONE = "\u2014";
    /**
     * The largest factor a change is written as: beyond it a number says only how close to nothing one side was
     * (×479,000 was a counter that one side never counted), so it reads "&gt;×1,000" (and the counters' words say
     * "new in patch").
     */
    public static final double FACTOR_LIMIT = 1000;
    private static final DateTimeFormatter MINUTE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyy-MM-dd", Locale.ROOT)
            .withZone(ZoneOffset.UTC);
    private final DecimalFormatSymbols symbols;

    public Formats(Locale locale) {
        this.symbols = DecimalFormatSymbols.getInstance(locale);
    }

    /** The English formats of the plain-text summary and JUnit XML. */
    public static Formats english() {
        return new Formats(Locale.ENGLISH);
    }

    private String pattern(String pattern, double v) {
        DecimalFormat f = new DecimalFormat(pattern, symbols);
        f.setRoundingMode(RoundingMode.HALF_UP);
        return f.format(v);
    }

    /** Throughput: whole numbers from 100 up (17,925), one decimal from 10, two below. */
    public String tps(Double v) {
        if (v == null) {
            return NONE;
        }
        double a = Math.abs(v);
        return pattern(a >= 100 ? "#,##0" : a >= 10 ? "#,##0.0" : "#,##0.00", v);
    }

    /** A ratio with three decimals: 3.503. */
    public String ratio(Double v) {
        return v == null ? NONE : pattern("0.000", v);
    }

    /** A factor to about three significant digits: x1.37, x2.5, x17.3, x3,540 (the sign is the times sign). */
    public String times(Double ratio) {
        if (ratio == null) {
            return NONE;
        }
        double a = Math.abs(ratio);
        String digits = a >= 100 ? pattern("#,##0", significant(ratio, 3)) : a >= 10 ? pattern("0.#", ratio)
                : pattern("0.0#", ratio);
        return "\u00d7" + digits;
    }

    /**
     * A ratio as the factor a headline quotes beside its interval, to two decimals below 10 so that it
     * reads with the interval (×0.99 [0.97, 1.02], ×1.37 [1.24, 1.51]); from 10 up as {@link #times}.
     */
    public String factor(Double ratio) {
        if (ratio == null) {
            return NONE;
        }
        return Math.abs(ratio) >= 10 ? times(ratio) : "\u00d7" + pattern("0.00", ratio);
    }

    /** {@code v} rounded to {@code n} significant digits: 3543.2 to 3 is 3540. */
    private static double significant(double v, int n) {
        if (v == 0) {
            return 0;
        }
        double scale = Math.pow(10, n - 1 - (int) Math.floor(Math.log10(Math.abs(v))));
        return Math.round(v * scale) / scale;
    }

    /** An interval of ratios to two decimals, as a headline quotes it: [1.24, 1.51]. */
    public String shortInterval(Double low, Double high) {
        return low == null || high == null ? NONE : "[" + pattern("0.00", low) + ", " + pattern("0.00", high) + "]";
    }

    /** An interval of ratios: [3.410, 3.600]. */
    public String interval(Double low, Double high) {
        return low == null || high == null ? NONE : "[" + ratio(low) + ", " + ratio(high) + "]";
    }

    /**
     * A ratio as a signed change: 1.0523 is +5.2%, 0.9 is -10.0%. From twice as much up, a percentage
     * says less than the factor and grows without bound (+353891.0% for a counter that went from 0.005 to
     * 17 a transaction), so the factor is written instead: 2.5 is x2.5, 354 is x354; and a fall of more
     * than 99% by what it was divided by (0.002 is /500), since -100.0% would read as "gone". Beyond
     * {@link #FACTOR_LIMIT} either way: "&gt;×1,000", "&gt;÷1,000".
     */
    public String change(Double ratio) {
        if (ratio == null) {
            return NONE;
        }
        if (ratio > FACTOR_LIMIT || ratio > 0 && ratio < 1 / FACTOR_LIMIT) {
            return ">" + change(ratio > 1 ? FACTOR_LIMIT : 1 / FACTOR_LIMIT); // by more than a thousand, either way
        }
        if (ratio >= 2) {
            return times(ratio);
        }
        if (ratio > 0 && ratio < 0.01) { // -99.99% reads as "gone"; the factor says how far it fell
            return "\u00f7" + times(1 / ratio).substring(1);
        }
        double pct = (ratio - 1) * 100;
        String s = pattern("0.0", Math.abs(pct));
        if (s.equals(pattern("0.0", 0))) {
            return s + "%";
        }
        return (pct > 0 ? "+" : "-") + s + "%";
    }

    /**
     * A ratio's interval as changes, each end as {@link #change} writes it, so that a percentage goes with a
     * percentage interval: [0.559, 0.571] is [-44.1%, -42.9%], [1.721, 2.740] is [+72.1%, ×2.74].
     */
    public String changeInterval(Double low, Double high) {
        return low == null || high == null ? NONE : "[" + change(low) + ", " + change(high) + "]";
    }

    /** A percentage with {@code decimals} decimals: 1.2%. */
    public String percent(Double v, int decimals) {
        return v == null ? NONE : pattern(decimals == 0 ? "#,##0" : "#,##0." + "0".repeat(decimals), v) + "%";
    }

    /** Microseconds with one decimal: 82.4, 1,234.0. */
    public String micros(Double v) {
        return v == null ? NONE : pattern("#,##0.0", v);
    }

    /** A count per transaction to about three significant digits: 1,234, 36.5, 2.45, 0.0312, 0.000051. */
    public String perTx(Double v) {
        return digits3(v);
    }

    /** A number to about three significant digits, small ones too: 0.00852 and 0.00898 stay apart. */
    public String digits3(Double v) {
        if (v == null) {
            return NONE;
        }
        double a = Math.abs(v);
        if (a >= 100 || a == 0) {
            return pattern("#,##0", v);
        }
        int decimals = Math.min(8, 2 - (int) Math.floor(Math.log10(a)));
        return pattern("0." + "0".repeat(Math.max(1, decimals)), v);
    }

    /** A plain number with up to {@code decimals} decimals. */
    public String number(Double v, int decimals) {
        return v == null ? NONE : pattern(decimals == 0 ? "#,##0" : "#,##0." + "#".repeat(decimals), v);
    }

    /** A duration in seconds: 8 s, 8.5 s, 312 s. */
    public String seconds(double v) {
        return pattern("#,##0.#", v) + " s";
    }

    /** A confidence level as a percent with at most one decimal: 0.95 -> "95%", 0.98764 -> "98.8%". */
    public String confidence(double level) {
        double pct = Math.round(level * 1000) / 10.0;
        return (pct == Math.rint(pct) ? String.valueOf((long) pct) : String.valueOf(pct)) + "%";
    }

    /** A p-value: 0.029, or below 0.001. */
    public String pValue(Double p) {
        if (p == null) {
            return NONE;
        }
        return p < 0.001 ? "< " + pattern("0.000", 0.001) : pattern("0.000", p);
    }

    /** An axis label: 0, 500, 2.5k, 60k, 1.2M. */
    public String compact(double v) {
        double a = Math.abs(v);
        if (a >= 1_000_000) {
            return pattern("0.#", v / 1_000_000) + "M";
        }
        if (a >= 1000) {
            return pattern("0.#", v / 1000) + "k";
        }
        return pattern("0.##", v);
    }

    /** Memory in GiB with two decimals: 124.98 GiB. */
    public String gib(long bytes) {
        return pattern("#,##0.00", bytes / (double) (1L << 30)) + " GiB";
    }

    /** A time to the minute: 2026-11-29 10:00 UTC. */
    public String minute(Instant t) {
        return t == null ? NONE : MINUTE.format(t);
    }

    /** A day: 2026-11-29. */
    public String day(Instant t) {
        return t == null ? NONE : DAY.format(t);
    }

    /**
     * A machine-readable time (RFC 3339, as HTML's datetime and Atom want it), to the second: the
     * clock's nanoseconds say nothing to a reader or a feed.
     */
    public static String iso(Instant t) {
        return DateTimeFormatter.ISO_INSTANT.format(t.truncatedTo(java.time.temporal.ChronoUnit.SECONDS));
    }
}

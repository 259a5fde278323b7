package org.taf.runner.warmup;

import java.math.BigDecimal;
import java.time.Duration;

/** Formats durations the way properties write them ({@code 30s}, {@code 1.5s}, {@code 250ms}, {@code 2m}). */
public final class Durations {
    private Durations() {}

    /**
     * The shortest exact form: whole minutes as {@code 2m}, otherwise seconds ({@code 90s},
     * {@code 1.5s}), below one second milliseconds ({@code 250ms}); negative values keep their sign.
     */
    public static String format(Duration d) {
        if (d.isNegative()) {
            return "-" + format(d.negated());
        }
        if (d.getSeconds() > 1_000_000_000L) { // beyond toNanos(); no config value is this long
            return d.getSeconds() + "s";
        }
        long nanos = d.toNanos();
        if (nanos == 0) {
            return "0s";
        }
        if (nanos % 60_000_000_000L == 0) {
            return nanos / 60_000_000_000L + "m";
        }
        if (nanos >= 1_000_000_000L) {
            return plain(BigDecimal.valueOf(nanos, 9)) + "s";
        }
        return plain(BigDecimal.valueOf(nanos, 6)) + "ms";
    }

    private static String plain(BigDecimal value) {
        return value.stripTrailingZeros().toPlainString();
    }
}

package org.taf.runner.sys;

/**
 * Durations as the definitions write them ({@code 30s}, {@code 2m}, {@code 250ms}), for every stage's
 * messages: the configuration parses them ({@code config.Units}), the stages quote them back.
 */
public final class Durations {
    private Durations() {}

    /**
     * Formats a duration the way properties write it, in the shortest exact form: whole minutes as
     * {@code 2m}, otherwise seconds ({@code 90s}, {@code 1.5s}), below one second milliseconds
     * ({@code 250ms}); negative values keep their sign.
     */
    public static String format(java.time.Duration d) {
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
            return java.math.BigDecimal.valueOf(nanos, 9).stripTrailingZeros().toPlainString() + "s";
        }
        return java.math.BigDecimal.valueOf(nanos, 6).stripTrailingZeros().toPlainString() + "ms";
    }
}

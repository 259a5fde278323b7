package org.taf.runner.warmup;

import java.time.Duration;
import org.taf.runner.sys.Durations;

/**
 * When the engine's CPU load under the workload counts as settled: over the last {@code window}
 * of samples the coefficient of variation is at most {@code maxCvPct} and the relative slope at
 * most {@code maxSlopePct} (in absolute value); checked from {@code min} on, given up at
 * {@code max} (the run is then flagged "not settled").
 *
 * @param window      {@code warmup.window}, rolling window length, at least 3 intervals; default 10s
 * @param interval    {@code warmup.interval}, time between CPU samples; default 1s
 * @param maxCvPct    {@code warmup.max_cv_pct}, largest coefficient of variation, percent; default 5
 * @param maxSlopePct {@code warmup.max_slope_pct}, largest drift over one window, percent of the mean; default 2
 * @param min         {@code warmup.min}, earliest cut, zero or more; default 10s
 * @param max         {@code warmup.max}, latest cut, positive, at least min and window; default 2m
 */
public record SettleOptions(Duration window, Duration interval, double maxCvPct, double maxSlopePct, Duration min,
                            Duration max) {

    /**
     * The key registry's defaults, checked on the recorded MariaDB trace (SettleDetectorTest): a
     * steady engine's 10 s windows show a cv of 1-2 % and a slope mostly within +-2 % (once 3.1 %);
     * a one-second dip caused by another job on the host lifts them to 10-15 % and 15-30 %, so such
     * a window does not count as settled.
     */
    public static final SettleOptions DEFAULTS = new SettleOptions(
            Duration.ofSeconds(10), Duration.ofSeconds(1), 5, 2, Duration.ofSeconds(10), Duration.ofMinutes(2));

    public SettleOptions {
        requirePositive("warmup.interval", interval);
        requirePositive("warmup.window", window);
        requirePositive("warmup.max", max);
        boolean judged = !fixed(interval, max);
        if (judged && window.compareTo(interval.multipliedBy(3)) < 0) {
            throw new IllegalArgumentException("warmup.window (" + Durations.format(window)
                    + ") must be at least 3 x warmup.interval (" + Durations.format(interval) + ")");
        }
        if (min.isNegative()) {
            throw new IllegalArgumentException("warmup.min (" + Durations.format(min) + ") must not be negative");
        }
        if (max.compareTo(min) < 0) {
            throw new IllegalArgumentException("warmup.max (" + Durations.format(max)
                    + ") must be at least warmup.min (" + Durations.format(min) + ")");
        }
        if (judged && max.compareTo(window) < 0) {
            throw new IllegalArgumentException("warmup.max (" + Durations.format(max)
                    + ") must be at least warmup.window (" + Durations.format(window) + ")");
        }
        if (!(maxCvPct > 0) || Double.isInfinite(maxCvPct)) {
            throw new IllegalArgumentException("warmup.max_cv_pct (" + maxCvPct + ") must be a positive number");
        }
        if (!(maxSlopePct > 0) || Double.isInfinite(maxSlopePct)) {
            throw new IllegalArgumentException("warmup.max_slope_pct (" + maxSlopePct + ") must be a positive number");
        }
    }

    /** These options with another {@code warmup.max}. */
    public SettleOptions withMax(Duration newMax) {
        return new SettleOptions(window, interval, maxCvPct, maxSlopePct, min, newMax);
    }

    /** These options with another {@code warmup.min}. */
    public SettleOptions withMin(Duration newMin) {
        return new SettleOptions(window, interval, maxCvPct, maxSlopePct, newMin, max);
    }

    /**
     * Whether a warm-up of at most {@code max} is too short for any settle test (3 samples of {@code interval}):
     * then it is a fixed one, the load run for {@code max} (TAF (perl)'s {@code taf.warmup_duration}).
     */
    public static boolean fixed(Duration interval, Duration max) {
        return max.compareTo(interval.multipliedBy(3)) < 0;
    }

    /** Samples in one window: window / interval, rounded. */
    public int windowSamples() {
        return (int) Math.round((double) window.toNanos() / interval.toNanos());
    }

    private static void requirePositive(String key, Duration value) {
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(key + " (" + Durations.format(value) + ") must be positive");
        }
    }
}

package org.taf.runner.warmup;

import org.taf.runner.sys.Durations;

import java.time.Duration;

/**
 * How to wait for the engine to rest before a measurement (TAF's {@code db_process_rest_*}).
 * A sample at or below {@code lowPct} counts; at or above {@code highPct} the count starts over;
 * in between it neither counts nor resets. Rested after {@code consecutive} counted samples; not
 * rested after {@code maxAttempts} samples.
 *
 * <p>Defaults are those of the key registry ({@code config.Keys}); {@link #TAF} holds TAF's own.
 *
 * @param enabled     {@code rest.enabled}, whether an engine start waits for rest at all; default true
 * @param lowPct      {@code rest.low_pct}, CPU percent (one core = 100) that counts as resting; default 5
 * @param highPct     {@code rest.high_pct}, CPU percent that resets the count; above low; default 20
 * @param consecutive {@code rest.consecutive}, counted samples needed; default 5
 * @param maxAttempts {@code rest.max_attempts}, samples before giving up, at least consecutive; default 120
 * @param interval    {@code rest.interval}, time between samples; default 1s
 */
public record RestOptions(boolean enabled, double lowPct, double highPct, int consecutive, int maxAttempts,
                          Duration interval) {

    /** The key registry's defaults: 5 % / 20 % / 5 samples / 120 attempts / 1 s. */
    public static final RestOptions DEFAULTS = new RestOptions(true, 5, 20, 5, 120, Duration.ofSeconds(1));

    /**
     * TAF's process_cpu_monitor.py defaults (rest 30 %, reset 90 %, 10 samples, 800 cycles); it
     * measured 1 s and slept 2 s per cycle, here the samples tile time every second.
     */
    public static final RestOptions TAF = new RestOptions(true, 30, 90, 10, 800, Duration.ofSeconds(1));

    public RestOptions {
        if (!(lowPct >= 0) || Double.isInfinite(lowPct)) {
            throw new IllegalArgumentException("rest.low_pct (" + lowPct + ") must be a number >= 0");
        }
        if (!(highPct > lowPct) || Double.isInfinite(highPct)) {
            throw new IllegalArgumentException("rest.high_pct (" + highPct + ") must be above rest.low_pct ("
                    + lowPct + ")");
        }
        if (consecutive < 1) {
            throw new IllegalArgumentException("rest.consecutive (" + consecutive + ") must be at least 1");
        }
        if (maxAttempts < consecutive) {
            throw new IllegalArgumentException("rest.max_attempts (" + maxAttempts
                    + ") must be at least rest.consecutive (" + consecutive + ")");
        }
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("rest.interval (" + Durations.format(interval) + ") must be positive");
        }
    }
}

package org.taf.runner.config;

import static org.taf.runner.config.Checks.atLeast;
import static org.taf.runner.config.Checks.percent;
import static org.taf.runner.config.Checks.positive;

import java.time.Duration;

/**
 * Waiting for the engine's CPU to rest before warm-up ({@code rest.*}), as TAF's
 * {@code db_process_rest_*}: at rest after {@code consecutive} samples at or below
 * {@code lowPct}; a sample at or above {@code highPct} resets the count.
 *
 * @param enabled     whether to wait (default true)
 * @param lowPct      rest threshold, percent of one CPU (default 5)
 * @param highPct     reset threshold (default 20), above lowPct
 * @param consecutive samples in a row (default 5)
 * @param maxAttempts samples before giving up, flagged (default 120)
 * @param interval    time between samples (default 1s)
 */
public record RestSettings(boolean enabled, double lowPct, double highPct, int consecutive, int maxAttempts,
        Duration interval) {
    public RestSettings {
        percent("rest.low_pct", lowPct);
        percent("rest.high_pct", highPct);
        if (lowPct >= highPct) {
            throw new IllegalArgumentException("rest.low_pct (" + lowPct + ") must be < rest.high_pct ("
                    + highPct + ")");
        }
        atLeast("rest.consecutive", consecutive, 1);
        atLeast("rest.max_attempts", maxAttempts, 1);
        positive("rest.interval", interval);
    }
}

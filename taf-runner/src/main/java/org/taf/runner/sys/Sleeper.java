package org.taf.runner.sys;

import java.time.Duration;

/**
 * Blocks the calling thread for a while. Injected next to a {@link Ticker}; a test's fake advances
 * its ticker instead of sleeping. Interruption is how an orchestrator aborts a wait.
 */
@FunctionalInterface
public interface Sleeper {
    /** Sleeps for {@code duration}; returns at once for zero or negative durations. */
    void sleep(Duration duration) throws InterruptedException;

    /** {@link Thread#sleep(long, int)} with nanosecond resolution. */
    static Sleeper system() {
        return duration -> {
            if (!duration.isNegative() && !duration.isZero()) {
                long nanos = duration.toNanos();
                Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000));
            }
        };
    }
}

package org.taf.runner.warmup;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.taf.runner.sys.Sleeper;
import org.taf.runner.sys.Ticker;

/** A fake clock for tests: sleeping advances it at once; every sleep is recorded. */
public final class ManualTime implements Ticker, Sleeper {
    private long nanos = 1_000_000_000L; // an arbitrary origin, not zero, as nanoTime's is arbitrary
    private final List<Duration> sleeps = new ArrayList<>();

    @Override
    public synchronized long nanoTime() {
        return nanos;
    }

    @Override
    public synchronized void sleep(Duration duration) {
        sleeps.add(duration);
        if (duration.isNegative()) {
            throw new AssertionError("negative sleep " + duration);
        }
        nanos += duration.toNanos();
    }

    /** Moves time forward without a sleep (work that took time). */
    public synchronized void advance(Duration duration) {
        nanos += duration.toNanos();
    }

    /** Every sleep so far, in order. */
    public synchronized List<Duration> sleeps() {
        return List.copyOf(sleeps);
    }
}

package org.taf.runner.build;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A clock that moves a fixed step forward each time it is read, so measured durations are exact. */
final class TickingClock extends Clock {
    private Instant now;
    private final Duration step;

    TickingClock(Instant start, Duration step) {
        this.now = start;
        this.step = step;
    }

    @Override
    public synchronized Instant instant() {
        Instant t = now;
        now = now.plus(step);
        return t;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        throw new UnsupportedOperationException();
    }
}

package org.taf.runner.host;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.function.LongUnaryOperator;
import org.taf.runner.sys.Sleeper;
import org.taf.runner.sys.Ticker;

/**
 * A host on a fake clock: the probe's task takes as long as {@code napNanos} says at the fake time it starts, and
 * sleeping only moves the clock. A spell is a stretch of fake time whose naps vary from slice to slice.
 */
final class FakeHost {
    private long now;
    private final LongUnaryOperator napNanos;

    /** @param napNanos the nanoseconds one task takes when it starts at the given fake time */
    FakeHost(LongUnaryOperator napNanos) {
        this.napNanos = napNanos;
    }

    /** A steady host: every task takes {@code nanos}. */
    static FakeHost steady(long nanos) {
        return new FakeHost(t -> nanos);
    }

    /**
     * Noisy until {@code spellEnds}: within each 100 ms slice tasks take {@code fast} or {@code slow} nanoseconds,
     * alternating slice by slice; then steady at {@code fast}.
     */
    static FakeHost spellUntil(Duration spellEnds, long fast, long slow) {
        long end = spellEnds.toNanos();
        return new FakeHost(t -> t < end && (t / HostProbe.SLICE.toNanos()) % 2 == 1 ? slow : fast);
    }

    Ticker ticker() {
        return () -> now;
    }

    Sleeper sleeper() {
        return d -> now += Math.max(0, d.toNanos());
    }

    Clock clock() {
        return new Clock() {
            @Override
            public ZoneOffset getZone() {
                return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(java.time.ZoneId zone) {
                return this;
            }

            @Override
            public Instant instant() {
                return Instant.parse("2026-12-07T06:00:00Z").plusNanos(now);
            }
        };
    }

    HostProbe probe() {
        return new HostProbe(() -> now += napNanos.applyAsLong(now), ticker(), clock());
    }

    Duration elapsed() {
        return Duration.ofNanos(now);
    }
}

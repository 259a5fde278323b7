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
 * sleeping only moves the clock. A spell is a stretch of fake time whose naps vary from slice to slice. Public for
 * the run's simulations ({@code run.QuietWaitSimulationTest}).
 */
public final class FakeHost {
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

    /**
     * A host whose spells come and go: quiet and noisy stretches alternate, each as long as an exponential draw of
     * its mean (seeded), for {@code span}; in a spell, every other slice runs its tasks three times slower.
     */
    public static FakeHost spells(long seed, Duration meanQuiet, Duration meanSpell, Duration span) {
        java.util.SplittableRandom rng = new java.util.SplittableRandom(seed);
        java.util.List<Long> edges = new java.util.ArrayList<>(); // where each stretch ends, quiet first
        long t = 0;
        boolean spell = false;
        while (t < span.toNanos()) {
            double mean = (spell ? meanSpell : meanQuiet).toNanos();
            t += (long) (-mean * Math.log(1 - rng.nextDouble()));
            edges.add(t);
            spell = !spell;
        }
        FakeHost[] self = new FakeHost[1];
        self[0] = new FakeHost(now -> self[0].inSpell(now) && (now / HostProbe.SLICE.toNanos()) % 2 == 1
                ? 300_000 : 100_000);
        self[0].edges = edges;
        return self[0];
    }

    private java.util.List<Long> edges = java.util.List.of();

    /** Whether fake time {@code nanos} falls in a spell ({@link #spells} only). */
    public boolean inSpell(long nanos) {
        int i = 0;
        while (i < edges.size() && edges.get(i) <= nanos) {
            i++;
        }
        return i % 2 == 1;
    }

    /** Now, in fake nanoseconds. */
    public long now() {
        return now;
    }

    /** Moves the fake clock on by {@code d} (a pair being measured). */
    public void pass(Duration d) {
        now += d.toNanos();
    }

    public Ticker ticker() {
        return () -> now;
    }

    public Sleeper sleeper() {
        return d -> now += Math.max(0, d.toNanos());
    }

    public Clock clock() {
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

    public HostProbe probe() {
        return new HostProbe(() -> now += napNanos.applyAsLong(now), ticker(), clock());
    }

    Duration elapsed() {
        return Duration.ofNanos(now);
    }
}

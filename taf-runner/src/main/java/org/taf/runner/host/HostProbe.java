package org.taf.runner.host;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.locks.LockSupport;
import org.taf.runner.sys.Ticker;

/**
 * How much a short fixed task gets done on this host now, and how steadily: the task runs back to back for the
 * probe's length, its completions are counted in slices of {@link #SLICE}, and the reading is their rate and their
 * spread (CV). The task spins {@link #SPIN} and then naps {@link #NAP}: half CPU, half wake-up, as a client and an
 * engine that wake each other for every query are. A spin loop alone kept its pace on this VM while the workload's
 * throughput moved, and a nap alone uses no CPU, so a spell that takes CPU away (a cgroup's quota) would not touch it
 * (docs/benchmarks/any-day.md, the probe study). Between pairs no engine runs, so the probe disturbs nothing.
 */
public final class HostProbe {
    /** The slice the task's completions are counted in. */
    public static final Duration SLICE = Duration.ofMillis(100);
    /** The task's busy part. */
    static final Duration SPIN = Duration.ofNanos(100_000);
    /** The task's nap. */
    static final Duration NAP = Duration.ofNanos(100_000);

    /** One unit of the probe's task; returns when done. */
    @FunctionalInterface
    interface Task {
        void once();
    }

    /**
     * One reading.
     *
     * @param at      when it ended
     * @param seconds how long it ran
     * @param rate    completions per second
     * @param cvPct   CV of the slices' rates, in percent
     */
    public record Reading(Instant at, double seconds, double rate, double cvPct) {}

    private final Task task;
    private final Ticker ticker;
    private final Clock clock;

    HostProbe(Task task, Ticker ticker, Clock clock) {
        this.task = task;
        this.ticker = ticker;
        this.clock = clock;
    }

    /** The probe of this host: {@link #SPIN} busy, then {@link #NAP} asleep. */
    public static HostProbe system(Clock clock) {
        return new HostProbe(() -> {
            long until = System.nanoTime() + SPIN.toNanos();
            while (System.nanoTime() < until) {
                Thread.onSpinWait();
            }
            LockSupport.parkNanos(NAP.toNanos());
        }, Ticker.system(), clock);
    }

    /** Runs the task for {@code length} (whole slices, at least two) and reads its rate and spread. */
    public Reading measure(Duration length) {
        long slice = SLICE.toNanos();
        int slices = (int) Math.max(2, length.toNanos() / slice);
        long[] counts = new long[slices];
        long start = ticker.nanoTime();
        while (true) {
            task.once();
            long s = (ticker.nanoTime() - start) / slice;
            if (s >= slices) {
                break;
            }
            counts[(int) s]++;
        }
        double mean = 0;
        for (long c : counts) {
            mean += c;
        }
        mean /= slices;
        double var = 0;
        for (long c : counts) {
            var += (c - mean) * (c - mean);
        }
        double sd = Math.sqrt(var / (slices - 1));
        double perSecond = 1e9 / slice;
        return new Reading(clock.instant(), slices * slice / 1e9, mean * perSecond, mean > 0 ? 100 * sd / mean : 100);
    }
}

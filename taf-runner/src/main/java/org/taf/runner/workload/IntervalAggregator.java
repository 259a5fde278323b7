package org.taf.runner.workload;

import java.util.List;
import org.HdrHistogram.Histogram;
import org.taf.runner.workload.sample.Counts;
import org.taf.runner.workload.sample.IntervalSample;
import org.taf.runner.workload.sample.LatencySummary;

/**
 * Turns the workers' live counters into {@link IntervalSample}s: the difference of the summed counts since
 * the previous sample, and the latencies recorded since then. Also keeps the whole-run latency histogram.
 * Counts from its construction on: a window of a load kept open starts from where the last one ended.
 * Used by the reporting thread only.
 */
final class IntervalAggregator {
    private static final int DIGITS = 3;

    private final List<Counters> workers;
    private final long startNanos;
    private final Histogram interval = new Histogram(DIGITS);
    private final Histogram whole = new Histogram(DIGITS);
    private final Counts base;
    private final boolean countsNewOrders;
    private Counts previous;
    private long previousNanos;

    /**
     * Counts from now on; call while the workers are paused (or not started), so that nothing is split. With
     * {@code countsNewOrders} its samples say that the workload counts new orders (TPROC-C).
     */
    IntervalAggregator(List<Counters> workers, long startNanos, boolean countsNewOrders) {
        this.countsNewOrders = countsNewOrders;
        this.workers = List.copyOf(workers);
        this.startNanos = startNanos;
        this.previousNanos = startNanos;
        this.base = sum();
        this.previous = base;
        drainInto(new Histogram(DIGITS)); // latencies of earlier windows are theirs
    }

    /** The sample of the interval ending at {@code nowNanos} (same clock as the start). */
    IntervalSample sample(long nowNanos) {
        if (nowNanos <= previousNanos) {
            throw new IllegalArgumentException("interval end " + nowNanos + " is not after its start "
                    + previousNanos);
        }
        Counts total = sum();
        interval.reset();
        drainInto(interval);
        whole.add(interval);
        long second = Math.round((nowNanos - startNanos) / 1e9);
        IntervalSample s = new IntervalSample(second, (nowNanos - previousNanos) / 1e9, workers.size(),
                total.minus(previous), LatencySummary.of(interval), countsNewOrders);
        previous = total;
        previousNanos = nowNanos;
        return s;
    }

    /** Sum of every worker's counts since this aggregator was made. */
    Counts totals() {
        return sum().minus(base);
    }

    private Counts sum() {
        Counts sum = Counts.ZERO;
        for (Counters c : workers) {
            sum = sum.plus(c.snapshot());
        }
        return sum;
    }

    /** Latency over the whole run, including events after the last sample; call once workers stopped. */
    LatencySummary wholeRun() {
        drainInto(whole);
        return LatencySummary.of(whole);
    }

    private void drainInto(Histogram target) {
        for (Counters c : workers) {
            Histogram h = c.takeLatencies();
            target.add(h);
            c.recycle(h);
        }
    }
}

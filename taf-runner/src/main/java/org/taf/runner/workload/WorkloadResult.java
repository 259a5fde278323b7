package org.taf.runner.workload;

import java.util.List;
import org.taf.runner.workload.sample.Counts;
import org.taf.runner.workload.sample.IntervalSample;
import org.taf.runner.workload.sample.LatencySummary;

/**
 * One load run: every interval sample (raw data kept), the totals over the whole run and the whole-run
 * latency. The totals include events finished after the last full interval, so they may exceed the sum of
 * the samples.
 *
 * @param workload what ran
 * @param threads worker threads (one connection each)
 * @param elapsedSeconds from the start of the load until the last worker stopped, &gt; 0
 * @param totals all events and statements of the run
 * @param latency event latencies over the whole run
 * @param samples the full report intervals, in order
 * @param stopReason why the run ended
 */
public record WorkloadResult(Workload workload, int threads, double elapsedSeconds, Counts totals,
        LatencySummary latency, List<IntervalSample> samples, End stopReason) {

    public WorkloadResult {
        if (workload == null || totals == null || latency == null || samples == null || stopReason == null) {
            throw new IllegalArgumentException("workload, totals, latency, samples and stopReason must be given");
        }
        if (threads < 1) {
            throw new IllegalArgumentException("threads (" + threads + ") must be at least 1");
        }
        if (!(elapsedSeconds > 0) || Double.isInfinite(elapsedSeconds)) {
            throw new IllegalArgumentException("elapsedSeconds (" + elapsedSeconds + ") must be positive");
        }
        samples = List.copyOf(samples);
    }

    /** Events per second over the whole run. */
    public double tps() {
        return totals.events() / elapsedSeconds;
    }

    /** New orders per minute over the whole run (HammerDB's NOPM; 0 for a workload without them). */
    public double nopm() {
        return totals.newOrders() * 60 / elapsedSeconds;
    }

    /** Statements per second over the whole run. */
    public double qps() {
        return totals.queries() / elapsedSeconds;
    }

    /** Why a load run ended. */
    public enum End {
        /** The requested duration elapsed. */
        DURATION,
        /** A {@link SampleListener} returned {@link SampleListener.Action#STOP}. */
        LISTENER,
        /** {@link LoadGenerator#stop()} was called (for example from a shutdown hook on Ctrl-C). */
        STOPPED,
        /** The thread running the load was interrupted. */
        INTERRUPTED
    }
}

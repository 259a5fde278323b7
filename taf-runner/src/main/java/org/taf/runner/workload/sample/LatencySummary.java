package org.taf.runner.workload.sample;

import org.HdrHistogram.Histogram;

/**
 * Event latency percentiles in milliseconds (an event's latency includes its restarts after retried errors,
 * as in sysbench). All zero when no event completed.
 *
 * @param p50Ms median
 * @param p95Ms 95th percentile (the value of sysbench's live line)
 * @param p99Ms 99th percentile
 * @param maxMs slowest event
 */
public record LatencySummary(double p50Ms, double p95Ms, double p99Ms, double maxMs) {
    /** No events. */
    public static final LatencySummary EMPTY = new LatencySummary(0, 0, 0, 0);

    private static final double NANOS_PER_MS = 1_000_000.0;

    public LatencySummary {
        if (!(p50Ms >= 0 && p50Ms <= p95Ms && p95Ms <= p99Ms && p99Ms <= maxMs) || Double.isInfinite(maxMs)) {
            throw new IllegalArgumentException("latency percentiles must be finite, non-negative and ordered: p50 "
                    + p50Ms + ", p95 " + p95Ms + ", p99 " + p99Ms + ", max " + maxMs);
        }
    }

    /** Percentiles of a histogram of nanoseconds (HdrHistogram's highest equivalent value of each bucket). */
    public static LatencySummary of(Histogram nanos) {
        if (nanos.getTotalCount() == 0) {
            return EMPTY;
        }
        return new LatencySummary(
                nanos.getValueAtPercentile(50) / NANOS_PER_MS,
                nanos.getValueAtPercentile(95) / NANOS_PER_MS,
                nanos.getValueAtPercentile(99) / NANOS_PER_MS,
                nanos.getMaxValue() / NANOS_PER_MS);
    }
}

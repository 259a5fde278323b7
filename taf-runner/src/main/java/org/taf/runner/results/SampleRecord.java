package org.taf.runner.results;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The workload's counts over one report interval, as sysbench reports them.
 *
 * @param second          end of the interval, seconds from the start of the phase
 * @param intervalSeconds length of the interval
 * @param events          transactions (sysbench events) completed
 * @param reads           statements that returned a result set
 * @param writes          statements that changed rows
 * @param other           other statements (BEGIN, COMMIT, no-op writes)
 * @param errors          errors (retried deadlocks and lock waits included)
 * @param reconnects      reconnections
 * @param p50Ms           latency percentiles of the interval's events, milliseconds
 * @param p95Ms           95th percentile
 * @param p99Ms           99th percentile
 * @param maxMs           slowest event
 * @param newOrders       TPROC-C's new orders committed in the interval; null for a workload without them (every
 *                        sysbench one, whose files leave it out)
 */
public record SampleRecord(double second, double intervalSeconds, long events, long reads, long writes, long other,
                           long errors, long reconnects, double p50Ms, double p95Ms, double p99Ms, double maxMs,
                           @JsonInclude(JsonInclude.Include.NON_NULL) Long newOrders) {
    @com.fasterxml.jackson.annotation.JsonCreator
    public SampleRecord {
        // the canonical constructor is the one results.json is read with
    }

    /** A sample of a workload without new orders. */
    public SampleRecord(double second, double intervalSeconds, long events, long reads, long writes, long other,
                        long errors, long reconnects, double p50Ms, double p95Ms, double p99Ms, double maxMs) {
        this(second, intervalSeconds, events, reads, writes, other, errors, reconnects, p50Ms, p95Ms, p99Ms, maxMs,
                null);
    }

    /** This sample with its end at {@code at} seconds (windows joined into one series). */
    public SampleRecord at(double at) {
        return new SampleRecord(at, intervalSeconds, events, reads, writes, other, errors, reconnects, p50Ms, p95Ms,
                p99Ms, maxMs, newOrders);
    }

    /** Transactions per second over the interval. */
    public double tps() {
        return events / intervalSeconds;
    }

    /**
     * The rate a cell is judged by: new orders per minute for TPROC-C (HammerDB's NOPM, its primary metric), else
     * transactions per second. The one place that chooses; the stats stage compares it per window, and
     * {@link RateUnit#of} names its unit for the outputs by the same test.
     */
    public double rate() {
        return newOrders == null ? tps() : newOrders * 60 / intervalSeconds;
    }
}

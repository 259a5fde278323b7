package org.taf.runner.results;

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
 */
public record SampleRecord(double second, double intervalSeconds, long events, long reads, long writes, long other,
                           long errors, long reconnects, double p50Ms, double p95Ms, double p99Ms, double maxMs) {
    /** Transactions per second over the interval. */
    public double tps() {
        return events / intervalSeconds;
    }

    /** Statements per second over the interval. */
    public double qps() {
        return (reads + writes + other) / intervalSeconds;
    }
}

package org.taf.runner.workload.sample;

/**
 * What happened during one report interval of a run: sysbench's intermediate report as a record. Rates are
 * derived from the counts and the measured interval length, in one place.
 *
 * @param second seconds from the start of the run to the end of this interval, rounded (sysbench's
 *     {@code [ 10s ]}); with a 1 s interval it is the 1-based index of the interval
 * @param intervalSeconds measured length of the interval, &gt; 0
 * @param threads worker threads running, at least 1
 * @param counts events and statements completed within the interval
 * @param latency event latencies within the interval
 * @param countsNewOrders the workload counts new orders (TPROC-C): its rate is {@link #nopm()}, and 0 of them
 *     is a number, not "none"
 */
public record IntervalSample(long second, double intervalSeconds, int threads, Counts counts,
        LatencySummary latency, boolean countsNewOrders) {

    public IntervalSample {
        if (second < 0) {
            throw new IllegalArgumentException("second (" + second + ") must not be negative");
        }
        if (!(intervalSeconds > 0) || Double.isInfinite(intervalSeconds)) {
            throw new IllegalArgumentException("intervalSeconds (" + intervalSeconds + ") must be positive");
        }
        if (threads < 1) {
            throw new IllegalArgumentException("threads (" + threads + ") must be at least 1");
        }
        if (counts == null || latency == null) {
            throw new IllegalArgumentException("counts and latency must be given");
        }
    }

    public long events() {
        return counts.events();
    }

    public long reads() {
        return counts.reads();
    }

    public long writes() {
        return counts.writes();
    }

    public long other() {
        return counts.other();
    }

    public long errors() {
        return counts.errors();
    }

    public long reconnects() {
        return counts.reconnects();
    }

    /** Events per second (sysbench's tps). */
    public double tps() {
        return counts.events() / intervalSeconds;
    }

    /** New orders per minute (HammerDB's NOPM); 0 for a workload without them. */
    public double nopm() {
        return counts.newOrders() * 60 / intervalSeconds;
    }

    /** Statements per second (sysbench's qps = reads + writes + other). */
    public double qps() {
        return counts.queries() / intervalSeconds;
    }

    public double readsPerSecond() {
        return counts.reads() / intervalSeconds;
    }

    public double writesPerSecond() {
        return counts.writes() / intervalSeconds;
    }

    public double otherPerSecond() {
        return counts.other() / intervalSeconds;
    }

    public double errorsPerSecond() {
        return counts.errors() / intervalSeconds;
    }

    public double reconnectsPerSecond() {
        return counts.reconnects() / intervalSeconds;
    }
}

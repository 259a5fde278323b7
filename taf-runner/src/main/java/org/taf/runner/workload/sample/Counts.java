package org.taf.runner.workload.sample;

/**
 * Event and statement counts over some span of a run, as sysbench counts them: an event is one completed
 * transaction of the workload script ("tps"); each statement is a read (it returned a result set), a write
 * (it affected rows) or other (BEGIN, COMMIT, DML that matched nothing); errors are deadlocks (1213), lock
 * wait timeouts (1205) and record-changed errors (1020) after which the event was restarted; reconnects are
 * dropped connections that were re-opened. TPROC-C's events are its transactions, and its new orders (the
 * new-order transactions that committed) are counted besides: HammerDB's NOPM is made of them.
 */
public record Counts(long events, long reads, long writes, long other, long errors, long reconnects,
                     long newOrders) {
    /** No events, no statements. */
    public static final Counts ZERO = new Counts(0, 0, 0, 0, 0, 0, 0);

    public Counts {
        if (events < 0 || reads < 0 || writes < 0 || other < 0 || errors < 0 || reconnects < 0 || newOrders < 0) {
            throw new IllegalArgumentException("counts must not be negative: events " + events + ", reads "
                    + reads + ", writes " + writes + ", other " + other + ", errors " + errors
                    + ", reconnects " + reconnects + ", new orders " + newOrders);
        }
    }

    /** Statements executed: reads + writes + other (sysbench's "queries"). */
    public long queries() {
        return reads + writes + other;
    }

    public Counts plus(Counts o) {
        return new Counts(events + o.events, reads + o.reads, writes + o.writes, other + o.other,
                errors + o.errors, reconnects + o.reconnects, newOrders + o.newOrders);
    }

    /** This minus an earlier snapshot of the same counters. */
    public Counts minus(Counts earlier) {
        return new Counts(events - earlier.events, reads - earlier.reads, writes - earlier.writes,
                other - earlier.other, errors - earlier.errors, reconnects - earlier.reconnects,
                newOrders - earlier.newOrders);
    }
}

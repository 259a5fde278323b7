package org.taf.engine.db;

/**
 * What crash recovery did when the engine opened its datadir; all zero after a clean shutdown.
 *
 * @param checkpointLsn where the log was read from
 * @param endLsn        where it ended
 * @param blocks        log blocks (mini-transactions) read
 * @param pages         pages changed by redo
 * @param tornPages     torn pages put back from the doublewrite buffer
 * @param rolledBack    transactions rolled back because they had not committed
 * @param nanos         time from opening the log to the log being ready again, in nanoseconds
 */
public record RecoveryReport(long checkpointLsn, long endLsn, long blocks, int pages, int tornPages, int rolledBack,
                             long nanos) { }

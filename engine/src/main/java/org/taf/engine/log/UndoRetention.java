package org.taf.engine.log;

/**
 * What the transactions still need of the log: the undo of a transaction that has not committed
 * is only in the log (from its first change on), so a checkpoint must not pass that point, or a
 * crash would leave recovery without the undo to roll the transaction back.
 */
@FunctionalInterface
public interface UndoRetention {
    /** Nothing retained (no transactions, or tests of the log alone). */
    UndoRetention NONE = (wanted, pressed) -> Long.MAX_VALUE;

    /**
     * The smallest LSN of a log record an active transaction still needs, or {@link Long#MAX_VALUE}.
     *
     * @param wanted  the checkpoint the caller would like to write
     * @param pressed true when the log is filling up: transactions older than {@code wanted} should
     *                re-log their undo at the end of the log so that the checkpoint can move
     */
    long oldestNeeded(long wanted, boolean pressed);
}

package org.taf.engine.db;

import org.taf.engine.log.Mtr;
import org.taf.engine.log.RedoLog;
import org.taf.engine.log.RedoRecord;
import org.taf.engine.log.UndoRetention;
import org.taf.engine.txn.TransactionSystem;
import org.taf.engine.txn.Trx;
import org.taf.engine.txn.UndoRecord;

/**
 * What the open transactions need of the log, for the checkpoint: the first block of each one's
 * undo (the undo is only in the log). When the log is filling up, a transaction whose first undo
 * record is older than the wanted checkpoint copies its undo to the end of the log in one block
 * ({@link RedoRecord#TRX_UNDO_RESET} then every undo record), unless that block would be larger
 * than {@code relogLimit}; such a transaction holds the checkpoint back until it ends.
 */
final class UndoKeeper implements UndoRetention {
    private final TransactionSystem trxSys;
    private final RedoLog log;
    private final long relogLimit;

    UndoKeeper(TransactionSystem trxSys, RedoLog log, long relogLimit) {
        this.trxSys = trxSys;
        this.log = log;
        this.relogLimit = relogLimit;
    }

    @Override
    public long oldestNeeded(long wanted, boolean pressed) {
        long[] min = {Long.MAX_VALUE};
        trxSys.forEachActive(t -> {
            long first = t.firstUndoLsn();
            if (first != 0 && first < wanted && pressed && t.undoBytes() <= relogLimit) {
                first = relog(t);
            }
            if (first != 0) {
                min[0] = Math.min(min[0], first);
            }
        });
        return min[0];
    }

    /**
     * Copies the undo to the end of the log under the transaction's monitor; returns the new first LSN (0 if it ended).
     */
    private long relog(Trx t) {
        synchronized (t) {
            if (t.isFinished() || t.firstUndoLsn() == 0) {
                return 0;
            }
            Mtr mtr = log.startWithoutCheck();
            mtr.trxEnd(RedoRecord.TRX_UNDO_RESET, t.id());
            for (UndoRecord u : t.undo()) {
                mtr.undo(t.id(), u);
            }
            mtr.commit();
            t.undoMoved(mtr.startLsn());
            return mtr.startLsn();
        }
    }
}

package org.taf.engine.txn;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The state of one transaction: its id, its undo, the row locks it holds and the one it waits
 * for. Owned by one session thread; readers of other sessions look only at
 * {@link #committedImage}, which is safe to call concurrently.
 *
 * <p>The undo is also in the redo log (the transaction's records there are what crash recovery
 * rolls back from). Its monitor orders the log and the list: the owner appends to the list,
 * truncates it and writes its commit or rollback record while holding it, and the checkpointer
 * holds it to copy the undo to the end of the log ({@link #firstUndoLsn()} moves then), so the
 * log always holds exactly the list from {@code firstUndoLsn} on.
 */
public final class Trx {
    /** Marks "this transaction did not change the row" in {@link #committedImage}. */
    public static final byte[] UNCHANGED = new byte[0];

    private final long id;
    private final List<UndoRecord> undo = new ArrayList<>();
    /** For each clustered row it changed, the committed value before its first change (or ABSENT). */
    private final Map<RowId, byte[]> firstImages = new ConcurrentHashMap<>();
    private static final byte[] ABSENT = new byte[0];
    final List<RowLock> locks = new ArrayList<>();
    /** The lock this transaction waits for, read by other transactions' deadlock checks. */
    volatile RowLock waitingFor;
    private volatile boolean victim;
    /** The LSN of the log block holding the first undo record still needed; 0 = no undo. */
    private volatile long firstUndoLsn;
    private volatile long undoBytes;
    /** Set once the commit or rollback record is logged: the undo is no longer needed. */
    private boolean finished;

    Trx(long id) {
        this.id = id;
    }

    public long id() {
        return id;
    }

    /**
     * Publishes, before this transaction first changes a clustered row, the row's committed value
     * ({@code before}, null if absent): what other transactions read while this one is active.
     * Later calls for the same row keep the first value, so calling it again is harmless.
     */
    public void rememberCommitted(int space, byte[] key, byte[] before) {
        firstImages.putIfAbsent(new RowId(space, key), before == null ? ABSENT : before);
    }

    /**
     * Appends a change, once it is made, for rollback and purge; {@code lsn} is the start of the
     * log block carrying its undo record (0 without a log). Call it holding this object's monitor,
     * together with writing that block.
     */
    public void logUndo(UndoRecord r, long lsn) {
        if (firstUndoLsn == 0) {
            firstUndoLsn = lsn;
        }
        undo.add(r);
        undoBytes += r.key().length + (r.before() == null ? 0 : r.before().length) + 32;
    }

    /** Keeps the first {@code kept} undo records (a statement was rolled back); under the monitor. */
    public void truncateUndo(int kept) {
        undo.subList(kept, undo.size()).clear();
    }

    /** Undo records so far. */
    public int undoSize() {
        return undo.size();
    }

    /** About how many bytes the undo takes in the log. */
    public long undoBytes() {
        return undoBytes;
    }

    /** The start LSN of the oldest log block this transaction's undo still needs; 0 = none. */
    public long firstUndoLsn() {
        return firstUndoLsn;
    }

    /** The undo was copied to a later block (under the monitor). */
    public void undoMoved(long lsn) {
        firstUndoLsn = lsn;
    }

    /** The commit or rollback record is logged (under the monitor): nothing of the undo is needed. */
    public void finished() {
        finished = true;
        firstUndoLsn = 0;
    }

    /** Whether {@link #finished()} was called; under the monitor. */
    public boolean isFinished() {
        return finished;
    }

    /**
     * What other transactions see of a row this transaction may have changed: the committed value
     * before its first change, null if the row did not exist then, or {@link #UNCHANGED} if this
     * transaction never changed the row (the record's transaction id is then a stale, committed one).
     */
    public byte[] committedImage(int space, byte[] key) {
        byte[] b = firstImages.get(new RowId(space, key));
        if (b == null) {
            return UNCHANGED;
        }
        return b == ABSENT ? null : b;
    }

    /** The changes in the order they were made. */
    public List<UndoRecord> undo() {
        return Collections.unmodifiableList(undo);
    }

    boolean isVictim() {
        return victim;
    }

    void markVictim() {
        victim = true;
    }

    @Override
    public String toString() {
        return "trx " + id;
    }
}

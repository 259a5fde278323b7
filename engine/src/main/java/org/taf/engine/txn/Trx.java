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
    public void rememberCommitted(int space, long pk, byte[] before) {
        firstImages.putIfAbsent(new RowId(space, pk), before == null ? ABSENT : before);
    }

    /** Appends a change, once it is made, for rollback and purge. */
    public void logUndo(UndoRecord r) {
        undo.add(r);
    }

    /**
     * What other transactions see of a row this transaction may have changed: the committed value
     * before its first change, null if the row did not exist then, or {@link #UNCHANGED} if this
     * transaction never changed the row (the record's transaction id is then a stale, committed one).
     */
    public byte[] committedImage(int space, long pk) {
        byte[] b = firstImages.get(new RowId(space, pk));
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

package org.taf.engine.txn;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Hands out transaction ids and knows which transactions are active. A record stamped with the
 * id of an active transaction other than the reader's is uncommitted, and the reader takes the
 * committed image from that transaction ({@link Trx#committedImage}); any other id is committed.
 */
public final class TransactionSystem {
    private final AtomicLong lastId;
    private final ConcurrentHashMap<Long, Trx> active = new ConcurrentHashMap<>();
    private final LockManager locks;

    /** @param lastId the largest id handed out before (ids continue after it) */
    public TransactionSystem(long lastId, LockManager locks) {
        this.lastId = new AtomicLong(lastId);
        this.locks = locks;
    }

    public Trx begin() {
        Trx t = new Trx(lastId.incrementAndGet());
        active.put(t.id(), t);
        return t;
    }

    /** The active transaction with this id, or null if it has ended (or never existed). */
    public Trx active(long id) {
        return active.get(id);
    }

    /**
     * Ends a transaction for readers: from now on its records count as committed. Commit calls it
     * first, rollback last (after every change has been undone).
     */
    public void end(Trx t) {
        active.remove(t.id());
    }

    /** Calls {@code action} for every active transaction (a weakly consistent view). */
    public void forEachActive(java.util.function.Consumer<Trx> action) {
        active.values().forEach(action);
    }

    public LockManager locks() {
        return locks;
    }

    public long lastId() {
        return lastId.get();
    }

    public int activeCount() {
        return active.size();
    }
}

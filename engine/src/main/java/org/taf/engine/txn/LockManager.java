package org.taf.engine.txn;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.taf.engine.api.EngineException;
import org.taf.engine.api.ErrorCode;

/**
 * Exclusive row locks, held until the owning transaction ends. A transaction that would wait
 * for a lock whose owner (transitively) waits for it is a deadlock: the requester is chosen as
 * the victim ({@link ErrorCode#LOCK_DEADLOCK}). A wait longer than innodb_lock_wait_timeout fails
 * with {@link ErrorCode#LOCK_WAIT_TIMEOUT}. The wait-for graph is checked and changed under one
 * monitor, so two transactions closing a cycle at the same time cannot both miss it.
 */
public final class LockManager {
    private final ConcurrentHashMap<RowId, RowLock> locks = new ConcurrentHashMap<>();
    private final Object graph = new Object();
    private final long timeoutNanos;
    private final LongAdder waits = new LongAdder();
    private final LongAdder waitMillis = new LongAdder();
    private final LongAdder deadlocks = new LongAdder();

    /** @param timeoutSeconds innodb_lock_wait_timeout; 0 fails at once instead of waiting */
    public LockManager(long timeoutSeconds) {
        this.timeoutNanos = TimeUnit.SECONDS.toNanos(timeoutSeconds);
    }

    /** Locks {@code row} for {@code trx}, waiting for its owner to finish if need be. */
    public void lock(Trx trx, RowId row) {
        while (true) {
            RowLock l = locks.computeIfAbsent(row, RowLock::new);
            synchronized (l) {
                if (l.removed) {
                    continue;
                }
                Trx owner = l.owner;
                if (owner == trx) {
                    return;
                }
                if (owner == null) {
                    grant(l, trx);
                    return;
                }
                waitFor(l, trx);
                return;
            }
        }
    }

    private void waitFor(RowLock l, Trx trx) {
        synchronized (graph) {
            if (closesCycle(trx, l)) {
                deadlocks.increment();
                throw new EngineException(ErrorCode.LOCK_DEADLOCK,
                        "Deadlock found when trying to get lock; try restarting transaction");
            }
            trx.waitingFor = l;
        }
        waits.increment();
        long start = System.nanoTime();
        l.waiters++;
        try {
            long left = timeoutNanos;
            while (l.owner != null && left > 0) {
                TimeUnit.NANOSECONDS.timedWait(l, left);
                left = timeoutNanos - (System.nanoTime() - start);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EngineException(ErrorCode.QUERY_INTERRUPTED, "Query execution was interrupted");
        } finally {
            l.waiters--;
            synchronized (graph) {
                trx.waitingFor = null;
            }
            waitMillis.add(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
        }
        if (l.owner != null) {
            throw new EngineException(ErrorCode.LOCK_WAIT_TIMEOUT,
                    "Lock wait timeout exceeded; try restarting transaction");
        }
        grant(l, trx);
    }

    private static void grant(RowLock l, Trx trx) {
        l.owner = trx;
        trx.locks.add(l);
    }

    /** Whether waiting for {@code l} would close a cycle back to {@code trx}; caller holds {@link #graph}. */
    private static boolean closesCycle(Trx trx, RowLock l) {
        Trx t = l.owner;
        for (int steps = 0; t != null && steps < 10_000; steps++) {
            if (t == trx) {
                return true;
            }
            RowLock w = t.waitingFor;
            if (w == null) {
                return false;
            }
            t = w.owner;
        }
        return false;
    }

    /** Releases every lock {@code trx} holds and wakes their waiters. */
    public void releaseAll(Trx trx) {
        for (RowLock l : trx.locks) {
            synchronized (l) {
                l.owner = null;
                if (l.waiters == 0) {
                    l.removed = true;
                    locks.remove(l.row, l);
                } else {
                    l.notifyAll();
                }
            }
        }
        trx.locks.clear();
    }

    /** Row-lock waits so far (Innodb_row_lock_waits). */
    public long waits() {
        return waits.sum();
    }

    /** Milliseconds spent waiting (Innodb_row_lock_time). */
    public long waitMillis() {
        return waitMillis.sum();
    }

    /** Deadlocks detected (Innodb_deadlocks). */
    public long deadlocks() {
        return deadlocks.sum();
    }

    /** Locks currently held or waited for. */
    public int size() {
        return locks.size();
    }
}

package org.taf.engine.db;

import java.util.concurrent.TimeUnit;
import org.taf.engine.api.EngineException;
import org.taf.engine.api.ErrorCode;

/**
 * A table's metadata lock, in the spirit of MySQL's MDL: a transaction that writes the table
 * holds it shared until it ends; CREATE INDEX and DROP TABLE take it exclusive, so an index is
 * never built under an uncommitted change that a rollback would then undo behind its back.
 * Reads take nothing.
 */
final class TableMdl {
    private int shared;
    private boolean exclusive;

    synchronized void enterShared(long timeoutNanos) {
        long deadline = System.nanoTime() + timeoutNanos;
        while (exclusive) {
            waitUntil(deadline);
        }
        shared++;
    }

    synchronized void exitShared() {
        shared--;
        if (shared == 0) {
            notifyAll();
        }
    }

    synchronized void enterExclusive(long timeoutNanos) {
        long deadline = System.nanoTime() + timeoutNanos;
        while (exclusive) {
            waitUntil(deadline);
        }
        exclusive = true;
        try {
            while (shared > 0) {
                waitUntil(deadline);
            }
        } catch (RuntimeException e) {
            exclusive = false;
            notifyAll();
            throw e;
        }
    }

    synchronized void exitExclusive() {
        exclusive = false;
        notifyAll();
    }

    private void waitUntil(long deadline) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
            throw new EngineException(ErrorCode.LOCK_WAIT_TIMEOUT,
                    "Lock wait timeout exceeded; try restarting transaction (table metadata lock)");
        }
        try {
            TimeUnit.NANOSECONDS.timedWait(this, left);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EngineException(ErrorCode.QUERY_INTERRUPTED, "Query execution was interrupted");
        }
    }
}

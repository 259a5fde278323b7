package org.taf.engine.txn;

/** An exclusive lock on one row; its monitor guards the owner and the waiter count. */
final class RowLock {
    final RowId row;
    volatile Trx owner;
    int waiters;
    /** Set when the lock left the lock table; a thread that found it there must look again. */
    boolean removed;

    RowLock(RowId row) {
        this.row = row;
    }
}

package org.taf.engine.buffer;

/**
 * Where page modifications get their log sequence number. The redo log will implement this; until
 * then {@link #counter()} hands out increasing numbers so that page LSNs and the flush list's
 * order by oldest modification already work as checkpoints will need them.
 */
public interface LsnSource {
    /** A new LSN, larger than every one handed out before. */
    long next();

    /** An in-memory counter starting at 1. */
    static LsnSource counter() {
        java.util.concurrent.atomic.AtomicLong lsn = new java.util.concurrent.atomic.AtomicLong();
        return lsn::incrementAndGet;
    }
}

package org.taf.engine.buffer;

/**
 * The write-ahead rule the buffer pool obeys: before a page whose newest change has LSN {@code n}
 * is written to its file, the redo log must be durable up to {@code n}, so that a crash can never
 * leave a page on disk with changes the log does not have.
 */
@FunctionalInterface
public interface WriteAheadLog {
    /** A pool without a redo log (tests of the pool alone): nothing to wait for. */
    WriteAheadLog NONE = lsn -> { };

    /** Returns once the log is durable up to {@code lsn}. */
    void flushUpTo(long lsn);
}

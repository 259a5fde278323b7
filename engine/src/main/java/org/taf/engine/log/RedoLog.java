package org.taf.engine.log;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.StampedLock;
import org.taf.engine.api.EngineException;
import org.taf.engine.api.ErrorCode;
import org.taf.engine.buffer.WriteAheadLog;
import org.taf.engine.page.Bytes;

/**
 * The redo log while the engine runs (InnoDB's log_sys): an in-memory ring buffer of
 * {@code innodb_log_buffer_size} bytes in front of the {@link LogFile}.
 *
 * <ul>
 *   <li><b>LSN allocation.</b> {@link Mtr#commit()} takes {@code lsn_lock} ({@link LsnLock}, mutex or
 *       spin lock), reserves its block's LSN range, copies the block into the ring and releases the
 *       lock: the critical section is a few dozen instructions and a copy of a few hundred bytes,
 *       entered once per mini-transaction by every writing thread, which is why it contends.</li>
 *   <li><b>Group commit.</b> A commit that must be durable calls {@link #flushUpTo}; the first
 *       caller becomes the writer, writes everything in the ring (the commits of every thread that
 *       got there meanwhile) and fsyncs once; the others queue on the writer's lock and usually find
 *       their LSN flushed when they get it.</li>
 *   <li><b>{@code innodb_flush_log_at_trx_commit}</b> ({@link #commitDurable}): 1 (and 3) write and
 *       fsync at every commit; 2 write at every commit and fsync once per
 *       {@code innodb_flush_log_at_timeout} seconds; 0 leave both to that background flush.</li>
 *   <li><b>Free space.</b> The data area may never overwrite log after the checkpoint. Before a
 *       mini-transaction latches anything, {@link #freeCheck()} waits while the log is fuller than
 *       three quarters (InnoDB's log_free_check), and the {@link Checkpointer} flushes pages to move
 *       the checkpoint; the quarter left over is the room for the mini-transactions in flight.</li>
 *   <li><b>Checkpoint latch.</b> A commit holds a shared latch from LSN allocation until its pages
 *       are on the flush list; a checkpoint takes it exclusively to read the oldest modification,
 *       so a page whose change is in the log can never be missed by the checkpoint.</li>
 * </ul>
 */
public final class RedoLog implements WriteAheadLog, AutoCloseable {
    /** innodb_flush_log_at_trx_commit values. */
    public static final int FLUSH_AT_TIMEOUT = 0;
    public static final int FLUSH_AT_COMMIT = 1;
    public static final int WRITE_AT_COMMIT = 2;

    private static final VarHandle LSN;
    private static final VarHandle WRITE_REQUESTS;
    /** How long a writer waits for space in a full log before giving up, in milliseconds. */
    static final long FULL_WAIT_MILLIS = 60_000;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            LSN = l.findVarHandle(RedoLog.class, "lsn", long.class);
            WRITE_REQUESTS = l.findVarHandle(RedoLog.class, "writeRequests", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * The log's counters and positions, for SHOW STATUS.
     *
     * @param lsn             the current LSN (end of the log buffer)
     * @param flushedLsn      the log is durable up to here
     * @param checkpointLsn   the last checkpoint
     * @param writeRequests   mini-transactions appended to the log buffer (Innodb_log_write_requests)
     * @param writes          writes to the log file (Innodb_log_writes)
     * @param fsyncs          fsyncs of the log file (Innodb_os_log_fsyncs)
     * @param bytesWritten    bytes written to the log file (Innodb_os_log_written)
     * @param bufferWaits     waits for the writer because the log buffer was full (Innodb_log_waits)
     * @param lsnLockAcquisitions lsn_lock acquisitions
     * @param lsnLockWaits    lsn_lock acquisitions that found it held
     * @param lsnLockSpinRounds spin rounds while waiting (spin mode)
     * @param groupCommits    fsyncs made for waiting commits (a group commit batch each)
     * @param commitFlushes   commits that asked for the log to be durable
     * @param checkpoints     checkpoints written
     * @param checkpointWaits waits for a checkpoint because the log was nearly full
     */
    public record Status(long lsn, long flushedLsn, long checkpointLsn, long writeRequests, long writes, long fsyncs,
                         long bytesWritten, long bufferWaits, long lsnLockAcquisitions, long lsnLockWaits,
                         long lsnLockSpinRounds, long groupCommits, long commitFlushes, long checkpoints,
                         long checkpointWaits) { }

    private final LogFile file;
    private final byte[] ring;
    private final LsnLock lsnLock;
    private final StampedLock latch = new StampedLock();
    private final ReentrantLock writeLock = new ReentrantLock();
    private final Object space = new Object();
    private final long capacity;
    private final long freeLimit;

    @SuppressWarnings("unused") // through LSN: written under lsn_lock with release stores
    private volatile long lsn;
    @SuppressWarnings("unused") // through WRITE_REQUESTS, under lsn_lock
    private long writeRequests;
    private volatile long writtenLsn;
    private volatile long flushedLsn;
    private volatile long checkpointLsn;
    private volatile int flushAtCommit;
    private volatile Runnable checkpointRequest = () -> { };

    // Written under writeLock (one writer at a time), read without it.
    private volatile long writes;
    private volatile long fsyncs;
    private volatile long bytesWritten;
    private volatile long groupCommits;
    private volatile long checkpoints;
    private final LongAdder bufferWaits = new LongAdder();
    private final LongAdder commitFlushes = new LongAdder();
    private final LongAdder checkpointWaits = new LongAdder();

    /**
     * @param file          the log file, whose checkpoint the log continues from
     * @param startLsn      the LSN the next block gets (the end of the recovered log)
     * @param bufferSize    innodb_log_buffer_size in bytes
     * @param lsnLock       the lsn_lock (its mode set from innodb_log_spin_wait_delay)
     * @param flushAtCommit innodb_flush_log_at_trx_commit
     */
    public RedoLog(LogFile file, long startLsn, int bufferSize, LsnLock lsnLock, int flushAtCommit) {
        this.file = file;
        this.ring = new byte[bufferSize];
        this.lsnLock = lsnLock;
        this.capacity = file.capacity();
        this.freeLimit = capacity - capacity / 4;
        LSN.setRelease(this, startLsn);
        this.writtenLsn = startLsn;
        this.flushedLsn = startLsn;
        this.checkpointLsn = file.checkpoint().lsn();
        setFlushAtCommit(flushAtCommit);
    }

    public LogFile file() {
        return file;
    }

    /** The end of the log: the LSN the next block gets. */
    public long lsn() {
        return (long) LSN.getAcquire(this);
    }

    public long flushedLsn() {
        return flushedLsn;
    }

    public long checkpointLsn() {
        return checkpointLsn;
    }

    /** Bytes of log between the checkpoint and the end: what recovery would have to read. */
    public long checkpointAge() {
        return lsn() - checkpointLsn;
    }

    public long capacity() {
        return capacity;
    }

    public LsnLock lsnLock() {
        return lsnLock;
    }

    public int flushAtCommit() {
        return flushAtCommit;
    }

    /** innodb_flush_log_at_trx_commit: 0, 1, 2 or 3 (3 acts as 1: it differs only with a binary log). */
    public void setFlushAtCommit(int mode) {
        if (mode < 0 || mode > 3) {
            throw new IllegalArgumentException("innodb_flush_log_at_trx_commit (" + mode + ") must be between 0 and 3");
        }
        flushAtCommit = mode;
    }

    /** What to run when the log needs a checkpoint soon (the checkpointer's wake-up). */
    void onCheckpointNeeded(Runnable r) {
        checkpointRequest = r;
    }

    /**
     * A new mini-transaction, after waiting while the log is nearly full: call it before latching
     * any page (a thread that waits must not hold what page flushing needs).
     */
    public Mtr start() {
        freeCheck();
        return new Mtr(this);
    }

    /**
     * A mini-transaction that does not wait for free log space: for changes that end or undo work
     * (commit and rollback records, rollback, purge), which the reserved quarter of the log is for.
     */
    public Mtr startWithoutCheck() {
        return new Mtr(this);
    }

    /** Waits while more than three quarters of the log lie after the checkpoint. */
    public void freeCheck() {
        if (lsn() - checkpointLsn <= freeLimit) {
            return;
        }
        checkpointWaits.increment();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(FULL_WAIT_MILLIS);
        synchronized (space) {
            while (lsn() - checkpointLsn > freeLimit) {
                checkpointRequest.run();
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new EngineException(ErrorCode.UNKNOWN_ERROR, "The redo log is full (" + checkpointAge()
                            + " of " + capacity + " bytes after the checkpoint) and no checkpoint could be made in "
                            + FULL_WAIT_MILLIS / 1000 + " s; a transaction's undo may be too large for"
                            + " innodb_log_file_size");
                }
                try {
                    space.wait(Math.max(1, Math.min(100, TimeUnit.NANOSECONDS.toMillis(left))));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new EngineException(ErrorCode.QUERY_INTERRUPTED, "Query execution was interrupted");
                }
            }
        }
    }

    /** Copies a mini-transaction's block into the ring under lsn_lock; the mini-transaction stamps its pages. */
    void write(Mtr mtr) {
        byte[] block = mtr.block();
        int n = mtr.blockLength();
        if (n > ring.length || n > capacity / 4) {
            throw new IllegalStateException("a mini-transaction of " + n + " bytes does not fit the log buffer ("
                    + ring.length + ") or a quarter of the log (" + capacity + ")");
        }
        while (true) {
            long stamp = latch.readLock();
            long start;
            lsnLock.lock();
            try {
                start = (long) LSN.get(this);
                if (start + n - writtenLsn > ring.length) {
                    start = -1;
                } else {
                    Bytes.putLong(block, 0, start);
                    copyIn(start, block, n);
                    LSN.setRelease(this, start + n);
                    WRITE_REQUESTS.setRelease(this, (long) WRITE_REQUESTS.get(this) + 1);
                }
            } finally {
                lsnLock.unlock();
            }
            if (start >= 0) {
                try {
                    mtr.stamp(start, start + n);
                } finally {
                    latch.unlockRead(stamp);
                }
                return;
            }
            latch.unlockRead(stamp);
            bufferWaits.increment();
            flushUpTo(lsn(), false); // frees the ring
        }
    }

    private void copyIn(long at, byte[] src, int n) {
        int pos = (int) (at % ring.length);
        int first = Math.min(n, ring.length - pos);
        System.arraycopy(src, 0, ring, pos, first);
        if (first < n) {
            System.arraycopy(src, first, ring, 0, n - first);
        }
    }

    /**
     * Makes a commit whose records end at {@code lsn} as durable as innodb_flush_log_at_trx_commit
     * asks: written and fsynced (1, 3), written to the operating system (2), or left to the
     * background flush (0).
     */
    public void commitDurable(long lsn) {
        switch (flushAtCommit) {
            case FLUSH_AT_TIMEOUT -> { }
            case WRITE_AT_COMMIT -> write(lsn, false, false);
            default -> {
                commitFlushes.increment();
                write(lsn, true, true);
            }
        }
    }

    /** Writes and fsyncs the log up to at least {@code lsn} (the write-ahead rule for page writes). */
    @Override
    public void flushUpTo(long lsn) {
        write(lsn, true, false);
    }

    /** Writes the log up to at least {@code lsn}, and fsyncs it if {@code sync}. */
    public void flushUpTo(long lsn, boolean sync) {
        write(lsn, sync, false);
    }

    private void write(long target, boolean sync, boolean forCommit) {
        if (target <= (sync ? flushedLsn : writtenLsn)) {
            return;
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(FULL_WAIT_MILLIS);
        writeLock.lock();
        try {
            while (target > (sync ? flushedLsn : writtenLsn)) {
                long end = lsn();
                long from = writtenLsn;
                long to = Math.min(end, checkpointLsn + capacity); // never over the log still needed
                if (to > from) {
                    copyOut(from, to);
                    writtenLsn = to;
                    writes++;
                    bytesWritten += to - from;
                }
                if (sync && flushedLsn < writtenLsn) {
                    file.force();
                    fsyncs++;
                    if (forCommit) {
                        groupCommits++;
                    }
                    flushedLsn = writtenLsn;
                }
                if (target <= (sync ? flushedLsn : writtenLsn)) {
                    break;
                }
                // The file is full up to the checkpoint: only page flushing can make room.
                checkpointWaits.increment();
                writeLock.unlock();
                try {
                    checkpointRequest.run();
                    if (System.nanoTime() > deadline) {
                        throw new IllegalStateException("the redo log " + file.path() + " stayed full for "
                                + FULL_WAIT_MILLIS / 1000 + " s: the checkpoint at LSN " + checkpointLsn
                                + " cannot advance");
                    }
                    synchronized (space) {
                        space.wait(10);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new EngineException(ErrorCode.QUERY_INTERRUPTED, "Query execution was interrupted");
                } finally {
                    writeLock.lock();
                }
            }
        } finally {
            writeLock.unlock();
        }
    }

    private void copyOut(long from, long to) {
        int n = (int) (to - from);
        int pos = (int) (from % ring.length);
        int first = Math.min(n, ring.length - pos);
        file.write(from, ring, pos, first);
        if (first < n) {
            file.write(from + first, ring, 0, n - first);
        }
    }

    /**
     * The LSN up to which every change is in a page on the flush list or on disk: read under the
     * exclusive checkpoint latch so that no commit is between LSN allocation and the flush list.
     *
     * @param oldestDirty reads the oldest modification of the dirty pages (0 if none)
     */
    long checkpointTarget(java.util.function.LongSupplier oldestDirty) {
        long stamp = latch.writeLock();
        try {
            long oldest = oldestDirty.getAsLong();
            long end = lsn();
            return oldest == 0 ? end : Math.min(oldest, end);
        } finally {
            latch.unlockWrite(stamp);
        }
    }

    /**
     * Records a checkpoint at {@code lsn}: the log before it is no longer needed. The caller made
     * every page changed before {@code lsn} durable; this makes the log durable up to {@code lsn},
     * writes the checkpoint slot and wakes writers waiting for space.
     */
    void checkpoint(long at, long lastTrxId) {
        if (at <= checkpointLsn) {
            return;
        }
        flushUpTo(at, true);
        file.writeCheckpoint(at, lastTrxId);
        checkpointLsn = at;
        checkpoints++;
        synchronized (space) {
            space.notifyAll();
        }
    }

    public Status status() {
        return new Status(lsn(), flushedLsn, checkpointLsn, (long) WRITE_REQUESTS.getAcquire(this), writes, fsyncs,
                bytesWritten, bufferWaits.sum(), lsnLock.acquisitions(), lsnLock.waits(), lsnLock.spinRounds(),
                groupCommits, commitFlushes.sum(), checkpoints, checkpointWaits.sum());
    }

    /** Closes the file (the caller wrote the final checkpoint). */
    @Override
    public void close() {
        file.close();
    }
}

package org.taf.engine.log;

import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.taf.engine.buffer.BufferPool;

/**
 * The log's background thread (InnoDB's master thread and page cleaner coordinator, for the
 * log's part): once per {@code innodb_flush_log_at_timeout} seconds it writes and fsyncs the log
 * (what modes 0 and 2 of innodb_flush_log_at_trx_commit rely on), and about once a second it
 * writes a checkpoint at the oldest modification of the dirty pages. When more than half of the
 * log lies after the checkpoint it first flushes pages in oldest-modification order until a
 * quarter would, and it is woken at once when a writer waits for free log space.
 */
public final class Checkpointer implements AutoCloseable {
    private final RedoLog log;
    private final BufferPool pool;
    private final Runnable syncDataFiles;
    private final UndoRetention retention;
    private final LongSupplier lastTrxId;
    private final long flushIntervalNanos;
    private final Thread thread;
    private final Object signal = new Object();
    private boolean urgent;
    private volatile boolean running = true;

    /**
     * @param log           the log to flush and checkpoint
     * @param pool          the buffer pool whose pages are flushed
     * @param syncDataFiles fsyncs the data files (before a checkpoint is written)
     * @param retention     the undo the active transactions still need
     * @param lastTrxId     the largest transaction id handed out (stored with each checkpoint)
     * @param flushTimeout  innodb_flush_log_at_timeout in seconds
     */
    public Checkpointer(RedoLog log, BufferPool pool, Runnable syncDataFiles, UndoRetention retention,
                        LongSupplier lastTrxId, int flushTimeout) {
        this.log = log;
        this.pool = pool;
        this.syncDataFiles = syncDataFiles;
        this.retention = retention;
        this.lastTrxId = lastTrxId;
        this.flushIntervalNanos = TimeUnit.SECONDS.toNanos(flushTimeout);
        this.thread = new Thread(this::run, "log-checkpointer");
        this.thread.setDaemon(true);
        log.onCheckpointNeeded(this::wake);
    }

    public void start() {
        thread.start();
    }

    /** Wakes the thread to flush and checkpoint now (a writer is short of log space). */
    void wake() {
        synchronized (signal) {
            urgent = true;
            signal.notifyAll();
        }
    }

    private void run() {
        long nextFlush = System.nanoTime() + flushIntervalNanos;
        while (running) {
            try {
                synchronized (signal) {
                    if (!urgent) {
                        signal.wait(1000);
                    }
                    urgent = false;
                }
            } catch (InterruptedException e) {
                return;
            }
            if (!running) {
                return;
            }
            try {
                if (System.nanoTime() - nextFlush >= 0) {
                    log.flushUpTo(log.lsn(), true);
                    nextFlush = System.nanoTime() + flushIntervalNanos;
                }
                step();
            } catch (RuntimeException e) {
                // A failed write (disk full, a space being dropped) must not end the thread; it retries.
                System.err.println("log checkpointer: " + e.getMessage());
            }
        }
    }

    /** One round: flush pages if the log is more than half full, then checkpoint. */
    void step() {
        long capacity = log.capacity();
        long lsn = log.lsn();
        boolean pressed = lsn - log.checkpointLsn() > capacity / 2;
        if (pressed) {
            pool.flushOldestBelow(lsn - capacity / 4, Integer.MAX_VALUE);
        }
        checkpoint(pressed);
    }

    /** Writes a checkpoint at the oldest change not yet on disk (and not needed as undo), if that moved. */
    public void checkpoint(boolean pressed) {
        long target = log.checkpointTarget(pool::oldestModification);
        target = Math.min(target, retention.oldestNeeded(target, pressed));
        if (target > log.checkpointLsn()) {
            // Undo re-logged just now lies after the target, and the old copy is dropped by this
            // checkpoint: it must be durable first (making the log durable up to the target alone
            // may find that done already and write nothing).
            log.flushUpTo(log.lsn(), true);
            syncDataFiles.run();
            log.checkpoint(target, lastTrxId.getAsLong());
        }
    }

    /**
     * Stops the thread (does not checkpoint: the engine's shutdown does the last one). Never by an
     * interrupt, which would close the log's or a data file's channel if it came during I/O.
     */
    @Override
    public void close() {
        running = false;
        wake();
        try {
            thread.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

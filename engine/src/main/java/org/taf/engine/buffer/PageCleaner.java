package org.taf.engine.buffer;

import java.util.List;

/**
 * A page-cleaner thread (innodb_page_cleaners): once a second, for each of its instances, writes
 * dirty pages near the LRU tail while the free list is shorter than the scan depth (so that evictions
 * find clean frames) and, from the flush list,
 * the oldest-modified pages: {@code innodb_io_capacity} of them while the dirty share is below
 * {@code innodb_max_dirty_pages_pct}, and as many as it takes to get back under it otherwise.
 */
final class PageCleaner extends Thread {
    private final List<BufferPoolInstance> instances;
    private final BufferPoolOptions options;
    private volatile boolean running = true;
    private final Object sleep = new Object();

    PageCleaner(int number, List<BufferPoolInstance> instances, BufferPoolOptions options) {
        super("page-cleaner-" + number);
        setDaemon(true);
        this.instances = List.copyOf(instances);
        this.options = options;
    }

    @Override
    public void run() {
        while (running) {
            for (BufferPoolInstance i : instances) {
                if (!running) {
                    break;
                }
                try {
                    cleanOnce(i);
                } catch (RuntimeException e) {
                    // A failed write (disk full, dropped space) must not kill the cleaner; the page stays dirty.
                    System.err.println("page cleaner: " + e.getMessage());
                }
            }
            try {
                synchronized (sleep) {
                    if (running) {
                        sleep.wait(1000);
                    }
                }
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    void cleanOnce(BufferPoolInstance i) {
        int depth = Math.min(options.lruScanDepth(), i.size() / 4 + 1);
        // As InnoDB's LRU batch (buf_flush_LRU_list_batch runs while free_len < srv_LRU_scan_depth): with
        // frames to spare there is nothing to evict for, and writing the tail of a pool that holds the whole
        // data set rewrote every dirty page once a second (OLTP_RW on 2026-12-03: 88% of the pages written).
        // Not the cause of OLTP_RW's second-to-second throughput swings, which stay without it, on tmpfs too
        // (docs/benchmarks/power-study.md, eighth study).
        if (i.freeFrames() < depth) {
            i.flushLruTail(depth);
        }
        int dirty = i.dirtyPages();
        if (dirty == 0) {
            return;
        }
        double pct = dirty * 100.0 / i.size();
        int budget = options.ioCapacity();
        if (pct > options.maxDirtyPct()) {
            int target = (int) (i.size() * options.maxDirtyPct() / 100);
            budget = Math.max(budget, dirty - target);
        }
        i.flushOldest(budget);
    }

    /**
     * Stops the thread without interrupting it: an interrupt during a write would close the data
     * file's channel (FileChannel is interruptible) for every thread.
     */
    void shutdown() {
        running = false;
        synchronized (sleep) {
            sleep.notifyAll();
        }
        try {
            join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

package org.taf.engine.buffer;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;
import org.taf.engine.page.PageId;
import org.taf.engine.storage.PageWriter;
import org.taf.engine.storage.Tablespaces;

/**
 * The buffer pool: {@code innodb_buffer_pool_instances} instances, a page going to the instance
 * InnoDB would have put it in ({@link PageId#instanceOf}), and page-cleaner threads.
 */
public final class BufferPool implements AutoCloseable {
    private final BufferPoolOptions options;
    private final BufferPoolInstance[] instances;
    private final LatchRegistry latches = new LatchRegistry();
    private final List<PageCleaner> cleaners = new ArrayList<>();

    /**
     * @param options pool settings
     * @param files   the data files pages are read from
     * @param wal     the redo log, made durable before a page is written
     * @param writer  how pages are written (in place, or through the doublewrite buffer)
     * @param millis  a millisecond clock for innodb_old_blocks_time (injected so tests control time)
     */
    public BufferPool(BufferPoolOptions options, Tablespaces files, WriteAheadLog wal, PageWriter writer,
                      LongSupplier millis) {
        this(options, files, wal, writer, millis, LruList.OLD_MIN_LEN);
    }

    /** For tests: an old sublist from {@code oldMinLen} pages on, so small pools have one. */
    BufferPool(BufferPoolOptions options, Tablespaces files, WriteAheadLog wal, PageWriter writer, LongSupplier millis,
               int oldMinLen) {
        this.options = options;
        this.instances = new BufferPoolInstance[options.instances()];
        for (int i = 0; i < instances.length; i++) {
            instances[i] = new BufferPoolInstance(i, options, files, wal, writer, millis, oldMinLen, latches);
        }
    }

    public BufferPoolOptions options() {
        return options;
    }

    /** Starts the page-cleaner threads; stopped by {@link #close()}. */
    public synchronized void startCleaners() {
        if (!cleaners.isEmpty()) {
            return;
        }
        int n = Math.min(options.pageCleaners(), instances.length);
        for (int c = 0; c < n; c++) {
            List<BufferPoolInstance> mine = new ArrayList<>();
            for (int i = c; i < instances.length; i += n) {
                mine.add(instances[i]);
            }
            PageCleaner cleaner = new PageCleaner(c, mine, options);
            cleaners.add(cleaner);
            cleaner.start();
        }
    }

    BufferPoolInstance instanceOf(int space, int pageNo) {
        return instances[PageId.instanceOf(space, pageNo, instances.length)];
    }

    /**
     * Fixes a page in the pool and latches it, reading it from its file on a miss.
     *
     * @throws org.taf.engine.storage.CorruptPageException if the page on disk is corrupt
     */
    public PageGuard fix(int space, int pageNo, LatchMode mode) {
        return instanceOf(space, pageNo).fix(space, pageNo, mode);
    }

    /**
     * For crash recovery: the page X-latched, or a zeroed frame if it was never written (beyond the
     * end of its file, or all zeros).
     *
     * @throws org.taf.engine.storage.CorruptPageException if the page on disk is corrupt
     */
    public PageGuard fixOrEmpty(int space, int pageNo) {
        return instanceOf(space, pageNo).fix(space, pageNo, LatchMode.X, true);
    }

    /** A new page (never read from disk): a zeroed frame, X-latched. Format it and mark it dirty. */
    public PageGuard create(int space, int pageNo) {
        return instanceOf(space, pageNo).create(space, pageNo);
    }

    /**
     * Writes dirty pages whose oldest modification is below {@code lsn}, oldest first, at most
     * {@code maxPages} per instance, so that a checkpoint can advance to {@code lsn}. Returns how
     * many were written.
     */
    public int flushOldestBelow(long lsn, int maxPages) {
        int n = 0;
        for (BufferPoolInstance i : instances) {
            n += i.flushOldestBelow(lsn, maxPages);
        }
        return n;
    }

    /** The smallest oldest-modification LSN of any dirty page, or 0 when no page is dirty. */
    public long oldestModification() {
        long min = 0;
        for (BufferPoolInstance i : instances) {
            long o = i.oldestModification();
            if (o != 0 && (min == 0 || o < min)) {
                min = o;
            }
        }
        return min;
    }

    /** Dirty pages in all instances. */
    public int dirtyPages() {
        int n = 0;
        for (BufferPoolInstance i : instances) {
            n += i.dirtyPages();
        }
        return n;
    }

    /** Writes every dirty page to its file. */
    public void flushAll() {
        for (BufferPoolInstance i : instances) {
            i.flushAll();
        }
    }

    /** Drops every page of a space without writing it; the space's table is being dropped. */
    public void discard(int space) {
        for (BufferPoolInstance i : instances) {
            i.discard(space);
        }
    }

    /** The pool's rw-latch list and its counters. */
    public LatchRegistry latches() {
        return latches;
    }

    /** Counters summed over all instances. */
    public BufferPoolStatus status() {
        BufferPoolStatus s = instances[0].status();
        for (int i = 1; i < instances.length; i++) {
            s = s.plus(instances[i].status());
        }
        return s;
    }

    int instanceCount() {
        return instances.length;
    }

    BufferPoolInstance instance(int i) {
        return instances[i];
    }

    /** Stops the page cleaners (does not flush: call {@link #flushAll()} first). */
    @Override
    public synchronized void close() {
        for (PageCleaner c : cleaners) {
            c.shutdown();
        }
        cleaners.clear();
    }
}

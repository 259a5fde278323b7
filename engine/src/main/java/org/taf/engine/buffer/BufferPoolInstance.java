package org.taf.engine.buffer;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.StampedLock;
import java.util.function.LongSupplier;
import org.taf.engine.api.EngineException;
import org.taf.engine.api.ErrorCode;
import org.taf.engine.page.FilHeader;
import org.taf.engine.storage.CorruptPageException;
import org.taf.engine.storage.PageWriter;
import org.taf.engine.storage.Tablespace;
import org.taf.engine.storage.Tablespaces;

/**
 * One buffer pool instance (InnoDB's buf_pool_t before 10.5): its own frames, page hash, free
 * list, LRU list and flush list. The pool mutex guards the free and LRU lists; the flush list has
 * its own mutex; lock order is pool mutex, then flush mutex, then a page-hash latch.
 * The flush list is kept in order of oldest modification (the LSN of the first change not yet
 * written), so its head bounds the checkpoint. Pages are written only after the redo log is durable
 * up to their newest change (write-ahead logging), and a flush never waits for a page latch: it
 * skips pages latched by others, since their holder may be waiting for a page the flush holds.
 */
final class BufferPoolInstance {
    /**
     * How long a thread waits for a frame before giving up. Every frame can be fixed at once for a
     * moment: other threads' batches of dirty pages being written back (pinned until written) plus the
     * pages open statements hold. Those clear within milliseconds, so a thread waits for them as
     * InnoDB's buf_LRU_get_free_block does, and only a pool too small for the operations that fix it
     * (a wait that never ends) is an error. A count of rounds was not enough: on 2 CPUs with 16 writers
     * and instances of 128 frames, 2,000 yields passed before one batch was written.
     */
    static final long FRAME_WAIT_NANOS = 10_000_000_000L;

    /** Yields before a thread finding no frame sleeps between tries instead. */
    private static final int YIELD_ROUNDS = 100;

    /** A sleep between tries for a frame, once yielding has not found one. */
    private static final long FRAME_RETRY_NANOS = 200_000L;

    final int id;
    private final BufferPoolOptions options;
    private final Tablespaces files;
    private final WriteAheadLog wal;
    private final PageWriter writer;
    private final LatchRegistry latches;
    private final LongSupplier millis;
    private final Block[] blocks;
    private final PageHash hash;
    final PoolMutex mutex = new PoolMutex();
    private final LruList lru;
    private final ArrayDeque<Block> free = new ArrayDeque<>();
    private final ReentrantLock flushMutex = new ReentrantLock();
    private Block flushOldest;
    private Block flushNewest;
    private int dirtyCount;

    private final LongAdder readRequests = new LongAdder();
    private final LongAdder pagesRead = new LongAdder();
    private final LongAdder pagesWritten = new LongAdder();
    private final LongAdder pagesCreated = new LongAdder();
    private final LongAdder madeYoung = new LongAdder();
    private final LongAdder notMadeYoung = new LongAdder();
    private final LongAdder evicted = new LongAdder();
    private final LongAdder lruSearchScans = new LongAdder();
    private final LongAdder lruSearchScanned = new LongAdder();
    private final LongAdder lruFlushed = new LongAdder();
    private final LongAdder waitFree = new LongAdder();

    BufferPoolInstance(int id, BufferPoolOptions options, Tablespaces files, WriteAheadLog wal, PageWriter writer,
                       LongSupplier millis, int oldMinLen, LatchRegistry latches) {
        this.latches = latches;
        this.id = id;
        this.options = options;
        this.files = files;
        this.wal = wal;
        this.writer = writer;
        this.millis = millis;
        int n = options.pagesPerInstance();
        this.blocks = new Block[n];
        this.flushBatch = Math.max(1, Math.min(LRU_FLUSH_BATCH, n / 8));
        this.hash = new PageHash(n);
        this.lru = new LruList(options.oldBlocksPct(), oldMinLen);
        for (int i = 0; i < n; i++) {
            blocks[i] = new Block(this, options.pageSize());
            free.add(blocks[i]);
        }
    }

    int size() {
        return blocks.length;
    }

    /** Fixes and latches a page, reading it from its file on a miss. */
    PageGuard fix(int space, int pageNo, LatchMode mode) {
        return fix(space, pageNo, mode, false);
    }

    /**
     * Fixes and latches a page; with {@code orEmpty} (crash recovery) a page that was never written
     * (beyond the end of its file, or all zeros) comes back as a zeroed frame instead of an error.
     */
    PageGuard fix(int space, int pageNo, LatchMode mode, boolean orEmpty) {
        while (true) {
            Block b = hash.lookupAndFix(space, pageNo);
            if (b != null && b.state == Block.READING) {
                // Being read: wait on the block's I/O latch, not in the page latch's queue.
                b.ioLatch.lockShared();
                b.ioLatch.unlockShared();
            }
            if (b == null) {
                b = readIn(space, pageNo, orEmpty);
                if (b == null) {
                    continue; // another thread read it in first: take the hit path
                }
                readRequests.increment();
                onAccess(b);
                return new PageGuard(b, mode, latchAfterRead(b, mode));
            }
            long stamp = mode == LatchMode.X ? b.latch.writeLock() : b.latch.readLock();
            if (b.state != Block.FILE_PAGE || !b.holds(space, pageNo)) {
                // The read that put it in the hash failed; let our own read report the corruption.
                unlatch(b, mode, stamp);
                b.fixCount.decrementAndGet();
                continue;
            }
            readRequests.increment();
            onAccess(b);
            return new PageGuard(b, mode, stamp);
        }
    }

    /** A new page, never read: zeroed frame, X-latched, at the LRU head. */
    PageGuard create(int space, int pageNo) {
        Block b = allocateBlock();
        long stamp = b.latch.writeLock();
        mutex.lock();
        try {
            StampedLock hl = hash.latch(space, pageNo);
            long hs = hl.writeLock();
            try {
                if (hash.find(space, pageNo) != null) {
                    throw new IllegalStateException(
                            "page " + pageNo + " of space " + space + " is already in the pool");
                }
                b.space = space;
                b.pageNo = pageNo;
                b.state = Block.FILE_PAGE;
                b.fixCount.incrementAndGet();
                hash.insert(b);
            } finally {
                hl.unlockWrite(hs);
            }
            b.accessTime = 0;
            lru.add(b, false);
        } catch (RuntimeException e) {
            b.latch.unlockWrite(stamp);
            free.push(b);
            throw e;
        } finally {
            mutex.unlock();
        }
        java.util.Arrays.fill(b.frame, (byte) 0);
        pagesCreated.increment();
        return new PageGuard(b, LatchMode.X, stamp);
    }

    /**
     * Reads a page into a free frame, published in the page hash X-latched so that concurrent
     * lookups wait for the read. Returns the block fixed and X-latched, or null if another thread
     * put the page in the pool first.
     */
    private Block readIn(int space, int pageNo, boolean orEmpty) {
        Block b = allocateBlock();
        // Nobody else sees the block yet: its latch can be made here once and reused by every
        // later read into it (one per block at most, not one per read under the list's mutex).
        if (b.ioLatch == null) {
            b.ioLatch = latches.create("buf_block_io");
        }
        RwLatch io = b.ioLatch;
        io.lockExclusive();
        try {
            return readIn(b, space, pageNo, orEmpty);
        } finally {
            io.unlockExclusive();
        }
    }

    private Block readIn(Block b, int space, int pageNo, boolean orEmpty) {
        mutex.lock();
        try {
            StampedLock hl = hash.latch(space, pageNo);
            long hs = hl.writeLock();
            try {
                if (hash.find(space, pageNo) != null) {
                    free.push(b);
                    return null;
                }
                b.readStamp = b.latch.writeLock();
                b.space = space;
                b.pageNo = pageNo;
                b.state = Block.READING;
                b.fixCount.incrementAndGet();
                hash.insert(b);
            } finally {
                hl.unlockWrite(hs);
            }
            b.accessTime = 0;
            lru.add(b, true);
        } finally {
            mutex.unlock();
        }
        try {
            Tablespace ts = files.get(space);
            if (!orEmpty) {
                ts.read(pageNo, b.frame);
            } else if (ts.probe(pageNo, b.frame) == Tablespace.PageState.CORRUPT) {
                throw new CorruptPageException(space, pageNo, ts.file().toString(), ts.whyCorrupt(pageNo, b.frame));
            }
        } catch (RuntimeException e) {
            pagesRead.increment();
            abandonRead(b);
            throw e;
        }
        b.state = Block.FILE_PAGE;
        pagesRead.increment();
        return b;
    }

    private long latchAfterRead(Block b, LatchMode mode) {
        long stamp = b.readStamp;
        b.readStamp = 0;
        if (mode == LatchMode.S) {
            stamp = b.latch.tryConvertToReadLock(stamp);
        }
        return stamp;
    }

    /** A read failed: take the block out of the hash and LRU, wake the waiters, then free it. */
    private void abandonRead(Block b) {
        b.state = Block.CORRUPT;
        mutex.lock();
        try {
            StampedLock hl = hash.latch(b.space, b.pageNo);
            long hs = hl.writeLock();
            try {
                hash.remove(b);
            } finally {
                hl.unlockWrite(hs);
            }
            lru.remove(b);
        } finally {
            mutex.unlock();
        }
        long stamp = b.readStamp;
        b.readStamp = 0;
        b.latch.unlockWrite(stamp);
        b.fixCount.decrementAndGet();
        // Threads that fixed it while it was being read will see CORRUPT and let go; no new fix
        // can happen now that it is out of the hash.
        while (b.fixCount.get() > 0) {
            Thread.onSpinWait();
        }
        mutex.lock();
        try {
            resetIdentity(b);
            free.push(b);
        } finally {
            mutex.unlock();
        }
    }

    /**
     * The page-hit path: record the first access, and if the page is too old, ask for it to be made
     * young. No lock is taken: the request is a flag that the next LRU tail scan acts on under the
     * pool mutex it holds anyway. (Before MDEV-33966, InnoDB moved the page here, under the mutex.)
     */
    private void onAccess(Block b) {
        long now = millis.getAsLong();
        if (b.accessTime == 0) {
            b.accessTime = now == 0 ? 1 : now;
        }
        if (!b.youngRequested && peekIfTooOld(b, now)) {
            b.youngRequested = true;
        }
    }

    /**
     * buf_page_peek_if_too_old: no lock taken. Nothing moves until eviction has started (the data
     * fits in the pool); an old page moves once it was first accessed at least
     * innodb_old_blocks_time ago; a young page moves again only after about a quarter of the
     * young sublist has been evicted since it was last put at the head.
     */
    boolean peekIfTooOld(Block b, long now) {
        long clock = lru.freedPageClock();
        if (clock == 0) {
            return false;
        }
        if (options.oldBlocksTimeMs() != 0 && b.old) {
            long access = b.accessTime;
            if (access != 0 && now - access >= options.oldBlocksTimeMs()) {
                return true;
            }
            notMadeYoung.increment();
            return false;
        }
        long youngEnough = b.freedPageClock + (long) blocks.length * (LruList.OLD_RATIO_DIV - lru.ratio())
                / (LruList.OLD_RATIO_DIV * 4L);
        return (clock & Integer.MAX_VALUE) >= youngEnough;
    }

    /**
     * Moves a page whose hit asked for it to the LRU head; the caller holds the pool mutex (the LRU
     * tail scan). Returns whether it moved.
     */
    private boolean honourYoungRequest(Block b) {
        if (!b.youngRequested) {
            return false;
        }
        b.youngRequested = false;
        if (b.inLru && b.state == Block.FILE_PAGE && lru.makeYoung(b)) {
            madeYoung.increment();
        }
        return true;
    }

    /**
     * A frame for a new page: from the free list, else the clean least-recently-used unfixed page
     * near the LRU tail is evicted; a dirty one there is written back first.
     */
    private Block allocateBlock() {
        long deadline = System.nanoTime() + FRAME_WAIT_NANOS;
        for (int round = 0; round < YIELD_ROUNDS || System.nanoTime() - deadline < 0; round++) {
            List<Block> dirty = null;
            if (round == 1) {
                waitFree.increment(); // the first scan found nothing to reuse
            }
            mutex.lock();
            int scanned = 0;
            try {
                Block b = free.poll();
                if (b != null) {
                    return b;
                }
                int limit = round == 0 ? options.lruScanDepth() : Integer.MAX_VALUE;
                lruSearchScans.increment();
                Block prev;
                for (Block x = lru.tail(); x != null && scanned < limit; x = prev, scanned++) {
                    prev = x.lruPrev;
                    if (honourYoungRequest(x)) {
                        continue; // accessed while in danger: a second chance at the head
                    }
                    if (x.fixCount.get() != 0 || x.writing.get() || x.state != Block.FILE_PAGE) {
                        continue;
                    }
                    if (x.isDirty()) {
                        // Written as one batch below: a doublewrite round (two syncs) per page would
                        // cost a thread that only wants a frame two syncs per page read.
                        if (dirty == null) {
                            dirty = new ArrayList<>(LRU_FLUSH_BATCH);
                        }
                        if (dirty.size() < flushBatch) {
                            x.fixCount.incrementAndGet();
                            dirty.add(x);
                        }
                        continue;
                    }
                    if (evict(x)) {
                        if (dirty != null) {
                            unpin(dirty);
                        }
                        return x;
                    }
                }
            } finally {
                mutex.unlock();
                lruSearchScanned.add(scanned);
            }
            if (dirty != null) {
                lruFlushed.add(writePinned(dirty));
            } else if (round < YIELD_ROUNDS) {
                Thread.yield();
            } else {
                java.util.concurrent.locks.LockSupport.parkNanos(FRAME_RETRY_NANOS);
            }
        }
        throw new EngineException(ErrorCode.UNKNOWN_ERROR, "buffer pool instance " + id + ": all " + blocks.length
                + " pages are in use; innodb_buffer_pool_size is too small for this many concurrent operations");
    }

    /** Dirty pages at the LRU tail that a thread needing a frame writes at once, at most. */
    static final int LRU_FLUSH_BATCH = 16;

    /**
     * This instance's batch: {@link #LRU_FLUSH_BATCH}, or an eighth of its frames when smaller, so that
     * a few threads writing batches at once do not pin every frame of a small instance between them.
     */
    private final int flushBatch;

    private static void unpin(List<Block> pinned) {
        for (Block b : pinned) {
            b.fixCount.decrementAndGet();
        }
    }

    /** Takes a clean, unfixed page out of the pool; the caller holds the pool mutex. */
    private boolean evict(Block x) {
        StampedLock hl = hash.latch(x.space, x.pageNo);
        long hs = hl.writeLock();
        try {
            if (x.fixCount.get() != 0 || x.isDirty()) {
                return false;
            }
            hash.remove(x);
        } finally {
            hl.unlockWrite(hs);
        }
        lru.remove(x);
        lru.tickFreedPageClock();
        evicted.increment();
        resetIdentity(x);
        return true;
    }

    private static void resetIdentity(Block b) {
        b.space = -1;
        b.pageNo = -1;
        b.state = Block.FREE;
        b.accessTime = 0;
        b.freedPageClock = 0;
        b.youngRequested = false;
    }

    /**
     * Records a change made by a mini-transaction whose redo occupies [{@code oldestLsn},
     * {@code newestLsn}): a clean block joins the flush list with oldest modification
     * {@code oldestLsn}, and the page LSN becomes {@code newestLsn}. The caller holds the X latch.
     */
    void markDirty(Block b, long oldestLsn, long newestLsn) {
        if (b.oldestModification == 0) {
            flushMutex.lock();
            try {
                if (b.oldestModification == 0) {
                    b.oldestModification = oldestLsn;
                    insertIntoFlushList(b);
                    dirtyCount++;
                }
            } finally {
                flushMutex.unlock();
            }
        }
        b.newestModification = newestLsn;
        FilHeader.setLsn(b.frame, newestLsn);
    }

    /**
     * Links a block in oldest-modification order. Mini-transactions that commit at the same time
     * may reach here out of LSN order, but only by a few places, so the walk from the newest end is
     * short.
     */
    private void insertIntoFlushList(Block b) {
        Block at = flushNewest;
        while (at != null && at.oldestModification > b.oldestModification) {
            at = at.flushPrev;
        }
        b.flushPrev = at;
        b.flushNext = at == null ? flushOldest : at.flushNext;
        if (b.flushNext != null) {
            b.flushNext.flushPrev = b;
        } else {
            flushNewest = b;
        }
        if (at != null) {
            at.flushNext = b;
        } else {
            flushOldest = b;
        }
    }

    /** The oldest modification LSN of the dirty pages, or 0 when none is dirty. */
    long oldestModification() {
        flushMutex.lock();
        try {
            return flushOldest == null ? 0 : flushOldest.oldestModification;
        } finally {
            flushMutex.unlock();
        }
    }

    private void removeFromFlushList(Block b) {
        flushMutex.lock();
        try {
            if (b.oldestModification == 0) {
                return;
            }
            if (b.flushPrev != null) {
                b.flushPrev.flushNext = b.flushNext;
            } else {
                flushOldest = b.flushNext;
            }
            if (b.flushNext != null) {
                b.flushNext.flushPrev = b.flushPrev;
            } else {
                flushNewest = b.flushPrev;
            }
            b.flushPrev = null;
            b.flushNext = null;
            b.oldestModification = 0;
            dirtyCount--;
        } finally {
            flushMutex.unlock();
        }
    }

    /** Writes up to {@code max} of the oldest-modified pages; returns how many were written. */
    int flushOldest(int max) {
        return flushOldestBelow(Long.MAX_VALUE, max);
    }

    /**
     * Writes up to {@code max} of the oldest-modified pages whose oldest modification is below
     * {@code lsn} (to let a checkpoint advance to {@code lsn}); returns how many were written.
     */
    int flushOldestBelow(long lsn, int max) {
        int written = 0;
        while (written < max) {
            List<Block> batch = pinOldestDirty(Math.min(BATCH, max - written), lsn);
            if (batch.isEmpty()) {
                break;
            }
            int n = writePinned(batch);
            if (n == 0) {
                break; // all latched by their writers: the caller comes back later
            }
            written += n;
        }
        return written;
    }

    /** Pages written per batch: what one doublewrite round holds. */
    static final int BATCH = 64;

    private List<Block> pinOldestDirty(int max, long below) {
        List<Block> batch = new ArrayList<>(max);
        mutex.lock();
        try {
            flushMutex.lock();
            try {
                for (Block b = flushOldest; b != null && batch.size() < max && b.oldestModification < below;
                     b = b.flushNext) {
                    if (!b.writing.get()) {
                        b.fixCount.incrementAndGet();
                        batch.add(b);
                    }
                }
            } finally {
                flushMutex.unlock();
            }
        } finally {
            mutex.unlock();
        }
        return batch;
    }

    /** Writes dirty pages among the last {@code depth} of the LRU list, so evictions find clean ones. */
    int flushLruTail(int depth) {
        List<Block> batch = new ArrayList<>();
        mutex.lock();
        try {
            int scanned = 0;
            for (Block x = lru.tail(); x != null && scanned < depth; x = x.lruPrev, scanned++) {
                if (x.isDirty() && x.fixCount.get() == 0 && !x.writing.get() && x.state == Block.FILE_PAGE) {
                    x.fixCount.incrementAndGet();
                    batch.add(x);
                }
            }
        } finally {
            mutex.unlock();
        }
        int n = writePinned(batch);
        lruFlushed.add(n);
        return n;
    }

    /**
     * Writes the dirty pages among blocks the caller fixed (pinned), then unfixes them all; returns
     * how many were written. Each page is S-latched for the write so that its image is consistent,
     * but only if the latch is free at once (a holder may be waiting for a page this batch holds);
     * pages latched elsewhere stay dirty for the next round. The log is made durable up to the
     * newest change of the batch first.
     */
    private int writePinned(List<Block> batch) {
        List<Block> locked = new ArrayList<>(batch.size());
        long[] stamps = new long[batch.size()];
        try {
            List<PageWriter.Page> pages = new ArrayList<>(batch.size());
            long newest = 0;
            for (Block b : batch) {
                if (!b.writing.compareAndSet(false, true)) {
                    continue;
                }
                long stamp = b.latch.tryReadLock();
                if (stamp == 0) {
                    b.writing.set(false);
                    continue;
                }
                if (!b.isDirty() || b.state != Block.FILE_PAGE) {
                    b.latch.unlockRead(stamp);
                    b.writing.set(false);
                    continue;
                }
                stamps[locked.size()] = stamp;
                locked.add(b);
                pages.add(new PageWriter.Page(b.space, b.pageNo, b.frame));
                newest = Math.max(newest, b.newestModification);
            }
            if (locked.isEmpty()) {
                return 0;
            }
            wal.flushUpTo(newest);
            writer.write(pages);
            for (Block b : locked) {
                removeFromFlushList(b);
            }
            pagesWritten.add(locked.size());
            return locked.size();
        } finally {
            for (int i = 0; i < locked.size(); i++) {
                Block b = locked.get(i);
                b.latch.unlockRead(stamps[i]);
                b.writing.set(false);
            }
            for (Block b : batch) {
                b.fixCount.decrementAndGet();
            }
        }
    }

    /** Writes every dirty page. */
    void flushAll() {
        while (flushOldest(Integer.MAX_VALUE) > 0 || dirtyPages() > 0) {
            if (dirtyPages() > 0) {
                Thread.yield();
            }
        }
    }

    int dirtyPages() {
        flushMutex.lock();
        try {
            return dirtyCount;
        } finally {
            flushMutex.unlock();
        }
    }

    /**
     * Drops every page of {@code space} without writing it (the table is being dropped). Waits
     * for pages still fixed by someone to be released.
     */
    void discard(int space) {
        while (true) {
            boolean busy = false;
            mutex.lock();
            try {
                for (Block b : blocks) {
                    if (b.space != space || b.state != Block.FILE_PAGE) {
                        continue;
                    }
                    StampedLock hl = hash.latch(b.space, b.pageNo);
                    long hs = hl.writeLock();
                    try {
                        if (b.fixCount.get() != 0 || b.writing.get()) {
                            busy = true;
                            continue;
                        }
                        hash.remove(b);
                    } finally {
                        hl.unlockWrite(hs);
                    }
                    lru.remove(b);
                    removeFromFlushList(b);
                    resetIdentity(b);
                    free.push(b);
                }
            } finally {
                mutex.unlock();
            }
            if (!busy) {
                return;
            }
            Thread.yield();
        }
    }

    /** Frames on the free list now. */
    int freeFrames() {
        mutex.lock();
        try {
            return free.size();
        } finally {
            mutex.unlock();
        }
    }

    /** Dirty pages as a percentage of all frames. */
    double dirtyPct() {
        return dirtyPages() * 100.0 / blocks.length;
    }

    BufferPoolStatus status() {
        int freeCount;
        int data;
        mutex.lock();
        try {
            freeCount = free.size();
            data = lru.length();
        } finally {
            mutex.unlock();
        }
        return new BufferPoolStatus(blocks.length, freeCount, data, dirtyPages(), readRequests.sum(),
                pagesRead.sum(), pagesWritten.sum(), pagesCreated.sum(), madeYoung.sum(), notMadeYoung.sum(),
                evicted.sum(), mutex.acquisitions.sum(), mutex.waits.sum(), lruSearchScans.sum(),
                lruSearchScanned.sum(), lruFlushed.sum(), waitFree.sum());
    }

    /** For tests: the LRU list, to be inspected under {@link #mutex}. */
    LruList lru() {
        return lru;
    }

    private static void unlatch(Block b, LatchMode mode, long stamp) {
        if (mode == LatchMode.X) {
            b.latch.unlockWrite(stamp);
        } else {
            b.latch.unlockRead(stamp);
        }
    }
}

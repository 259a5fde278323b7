package org.taf.engine.buffer;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.StampedLock;

/**
 * A buffer-pool frame and its control block (InnoDB's buf_block_t). Which lock guards which field
 * is the heart of the design:
 * <ul>
 *   <li>identity ({@code space}, {@code pageNo}) and {@code hashNext}: the page-hash stripe latch in
 *       X mode (plus the instance mutex when the block enters or leaves the hash);</li>
 *   <li>LRU links, {@code old}, {@code inLru}: the instance mutex; {@code old} and
 *       {@code freedPageClock} are also read without it, as hints (InnoDB does the same);</li>
 *   <li>flush-list links and modification LSNs: the instance's flush-list mutex;</li>
 *   <li>the frame's bytes: {@link #latch} (S to read, X to write).</li>
 * </ul>
 * A block with {@code fixCount > 0} is never evicted; lookups fix under the hash stripe's S latch,
 * eviction checks the count under the X latch, so the two cannot cross.
 */
final class Block {
    static final int FREE = 0;
    static final int READING = 1;
    static final int FILE_PAGE = 2;
    static final int CORRUPT = 3;

    final BufferPoolInstance instance;
    final byte[] frame;
    final StampedLock latch = new StampedLock();
    final AtomicInteger fixCount = new AtomicInteger();
    /** Set while a thread writes the page to disk, so that two flushes of one page do not overlap. */
    final AtomicBoolean writing = new AtomicBoolean();

    volatile int space = -1;
    volatile int pageNo = -1;
    volatile int state = FREE;
    Block hashNext;
    /** The X-latch stamp held by the thread reading the page in (state READING). */
    long readStamp;
    /**
     * The block's I/O latch, held X while a page is read into it: made on the block's first read
     * and kept for the block's life (null until then), so that reads do not go through the
     * pool's latch list.
     */
    RwLatch ioLatch;

    Block lruPrev;
    Block lruNext;
    boolean inLru;
    volatile boolean old;
    /** The pool's freed-page clock when the block was last put at the LRU head. */
    volatile long freedPageClock;
    /** Milliseconds of the first access since the page was read in; 0 = not accessed. */
    volatile long accessTime;
    /**
     * Set by a page hit that found the page too old (about to be evicted), without any lock; the
     * LRU tail scan, which holds the pool mutex anyway, moves the page to the head instead of
     * evicting it. This keeps the pool mutex off the page-hit path (the direction of MDEV-33966).
     */
    volatile boolean youngRequested;

    /** LSN of the first change not yet written to disk; 0 = clean. */
    volatile long oldestModification;
    /** LSN of the newest change (the end of the last mini-transaction that changed the page). */
    volatile long newestModification;
    Block flushPrev;
    Block flushNext;

    Block(BufferPoolInstance instance, int pageSize) {
        this.instance = instance;
        this.frame = new byte[pageSize];
    }

    boolean holds(int space, int pageNo) {
        return this.space == space && this.pageNo == pageNo;
    }

    boolean isDirty() {
        return oldestModification != 0;
    }

    @Override
    public String toString() {
        return "block[space " + space + ", page " + pageNo + ", state " + state + ", fix " + fixCount.get() + "]";
    }
}

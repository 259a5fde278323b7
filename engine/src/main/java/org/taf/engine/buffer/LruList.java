package org.taf.engine.buffer;

/**
 * InnoDB's LRU list with an old sublist (buf0lru.cc), guarded by the owning instance's mutex.
 * The list runs from the head (most recently made young) to the tail (next to evict);
 * {@code oldHead} is the first block of the old sublist, which holds about
 * {@code innodb_old_blocks_pct} of the list once it has at least {@link #OLD_MIN_LEN} blocks.
 * Pages read from disk enter at {@code oldHead} (midpoint insertion), so a scan cannot flush the
 * young sublist; pages made young go to the head.
 * <p>
 * Unlike buf0lru.cc, the old sublist is dissolved only once the list is {@link #OLD_TOLERANCE} blocks
 * shorter than it was made at. InnoDB dissolves it as soon as the list is one block short, walking the whole
 * list to clear the flags, and makes it again at the next add, walking it again. A full pool evicts a page for
 * every page it reads, so an instance of exactly {@code OLD_MIN_LEN} frames walked its list twice per miss,
 * under the pool mutex (docs/benchmarks/bp-instances.md). InnoDB does not sit at that edge: its pools are
 * thousands of pages, and it splits a pool into instances only from 1 GB on.
 */
final class LruList {
    /** The old-sublist ratio is kept in units of 1/1024 (BUF_LRU_OLD_RATIO_DIV). */
    static final int OLD_RATIO_DIV = 1024;
    /** Below this length there is no old sublist (BUF_LRU_OLD_MIN_LEN). */
    static final int OLD_MIN_LEN = 512;
    /** How far the old sublist may stray from its target length before it is adjusted. */
    static final int OLD_TOLERANCE = 20;
    /** Blocks always kept in the young sublist. */
    static final int NON_OLD_MIN_LEN = 5;
    private static final int OLD_RATIO_MIN = 51;

    private final int oldMinLen;
    private int ratio;
    private Block head;
    private Block tail;
    private Block oldHead;
    private int length;
    private int oldLength;
    /** Blocks evicted so far (buf_pool.freed_page_clock). */
    private volatile long freedPageClock;

    LruList(int oldBlocksPct) {
        this(oldBlocksPct, OLD_MIN_LEN);
    }

    /** For tests: an old sublist from {@code oldMinLen} blocks on. */
    LruList(int oldBlocksPct, int oldMinLen) {
        if (oldMinLen < 2 * OLD_TOLERANCE + NON_OLD_MIN_LEN + 1) {
            throw new IllegalArgumentException("oldMinLen " + oldMinLen + " too small");
        }
        this.oldMinLen = oldMinLen;
        setOldPct(oldBlocksPct);
    }

    /** {@code innodb_old_blocks_pct}: 37 means 37% of the list is old (ratio 378/1024). */
    void setOldPct(int pct) {
        int r = pct * OLD_RATIO_DIV / 100;
        ratio = Math.max(OLD_RATIO_MIN, Math.min(OLD_RATIO_DIV, r));
        if (oldHead != null) {
            adjustOldLength();
        }
    }

    int ratio() {
        return ratio;
    }

    int length() {
        return length;
    }

    int oldLength() {
        return oldLength;
    }

    Block head() {
        return head;
    }

    Block tail() {
        return tail;
    }

    Block oldHead() {
        return oldHead;
    }

    long freedPageClock() {
        return freedPageClock;
    }

    /** Counts one eviction; called when a block leaves the LRU to be reused. */
    void tickFreedPageClock() {
        freedPageClock++;
    }

    /**
     * Adds a block: at the head when {@code old} is false (made young, or created), else just after
     * the old sublist's first block (midpoint insertion of a page read from disk).
     */
    void add(Block b, boolean old) {
        if (b.inLru) {
            throw new IllegalStateException(b + " is already in the LRU list");
        }
        b.inLru = true;
        if (!old || oldHead == null) {
            linkFirst(b);
            b.freedPageClock = freedPageClock & Integer.MAX_VALUE;
        } else {
            linkAfter(oldHead, b);
            oldLength++;
        }
        if (oldHead != null) {
            b.old = old;
            adjustOldLength();
        } else if (length >= oldMinLen) {
            initOld();
        } else {
            b.old = false;
        }
    }

    /**
     * Removes a block, keeping the old sublist's pointer and length right. Without an old sublist no
     * block is old, so there is nothing to clear.
     */
    void remove(Block b) {
        if (!b.inLru) {
            throw new IllegalStateException(b + " is not in the LRU list");
        }
        if (b == oldHead) {
            Block prev = b.lruPrev;
            oldHead = prev;
            prev.old = true;
            oldLength++;
        }
        unlink(b);
        b.inLru = false;
        boolean wasOld = b.old;
        b.old = false;
        if (oldHead == null) {
            return;
        }
        if (length < oldMinLen - OLD_TOLERANCE) {
            for (Block x = oldHead; x != null; x = x.lruNext) {
                x.old = false;
            }
            oldHead = null;
            oldLength = 0;
            return;
        }
        if (wasOld) {
            oldLength--;
        }
        adjustOldLength();
    }

    /** Moves a block to the head; returns whether it was in the old sublist (a "made young"). */
    boolean makeYoung(Block b) {
        boolean wasOld = b.old;
        remove(b);
        add(b, false);
        return wasOld;
    }

    private void initOld() {
        for (Block x = tail; x != null; x = x.lruPrev) {
            x.old = true;
        }
        oldHead = head;
        oldLength = length;
        adjustOldLength();
    }

    private void adjustOldLength() {
        int target = (int) Math.min((long) length * ratio / OLD_RATIO_DIV,
                length - (OLD_TOLERANCE + NON_OLD_MIN_LEN));
        while (true) {
            if (oldLength + OLD_TOLERANCE < target) {
                oldHead = oldHead.lruPrev;
                oldHead.old = true;
                oldLength++;
            } else if (oldLength > target + OLD_TOLERANCE) {
                Block was = oldHead;
                oldHead = was.lruNext;
                was.old = false;
                oldLength--;
            } else {
                return;
            }
        }
    }

    private void linkFirst(Block b) {
        b.lruPrev = null;
        b.lruNext = head;
        if (head != null) {
            head.lruPrev = b;
        } else {
            tail = b;
        }
        head = b;
        length++;
    }

    private void linkAfter(Block at, Block b) {
        b.lruPrev = at;
        b.lruNext = at.lruNext;
        if (at.lruNext != null) {
            at.lruNext.lruPrev = b;
        } else {
            tail = b;
        }
        at.lruNext = b;
        length++;
    }

    private void unlink(Block b) {
        if (b.lruPrev != null) {
            b.lruPrev.lruNext = b.lruNext;
        } else {
            head = b.lruNext;
        }
        if (b.lruNext != null) {
            b.lruNext.lruPrev = b.lruPrev;
        } else {
            tail = b.lruPrev;
        }
        b.lruPrev = null;
        b.lruNext = null;
        length--;
    }
}

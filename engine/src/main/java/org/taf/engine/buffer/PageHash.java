package org.taf.engine.buffer;

import java.util.concurrent.locks.StampedLock;
import org.taf.engine.page.PageId;

/**
 * The page hash of one instance: page id to block, as chains through {@link Block#hashNext}.
 * Latches are striped over the buckets (one latch per 8 chains, as InnoDB puts one per cache line
 * of chains), so a lookup takes one stripe's S latch and never the pool mutex (MDEV-15053).
 * Insert and remove need the stripe's X latch.
 */
final class PageHash {
    private static final int CHAINS_PER_LATCH = 8;

    private final Block[] buckets;
    private final StampedLock[] latches;
    private final int mask;

    PageHash(int pages) {
        int n = Integer.highestOneBit(Math.max(16, pages * 2 - 1)) << 1;
        buckets = new Block[n];
        mask = n - 1;
        latches = new StampedLock[n / CHAINS_PER_LATCH];
        for (int i = 0; i < latches.length; i++) {
            latches[i] = new StampedLock();
        }
    }

    private int bucket(int space, int pageNo) {
        long fold = PageId.fold(space, pageNo);
        return (int) (fold ^ (fold >>> 17)) & mask;
    }

    /** The latch guarding the chain of this page. */
    StampedLock latch(int space, int pageNo) {
        return latches[bucket(space, pageNo) / CHAINS_PER_LATCH];
    }

    /** Finds the page and fixes its block under the chain's S latch; null if not in the pool. */
    Block lookupAndFix(int space, int pageNo) {
        StampedLock latch = latch(space, pageNo);
        long stamp = latch.readLock();
        try {
            Block b = find(space, pageNo);
            if (b != null) {
                b.fixCount.incrementAndGet();
            }
            return b;
        } finally {
            latch.unlockRead(stamp);
        }
    }

    /** The block holding the page; the caller holds the chain's latch. */
    Block find(int space, int pageNo) {
        for (Block b = buckets[bucket(space, pageNo)]; b != null; b = b.hashNext) {
            if (b.holds(space, pageNo)) {
                return b;
            }
        }
        return null;
    }

    /** Adds the block under its page id; the caller holds the chain's X latch. */
    void insert(Block b) {
        int i = bucket(b.space, b.pageNo);
        b.hashNext = buckets[i];
        buckets[i] = b;
    }

    /** Removes the block; the caller holds the chain's X latch. */
    void remove(Block b) {
        int i = bucket(b.space, b.pageNo);
        Block prev = null;
        for (Block x = buckets[i]; x != null; prev = x, x = x.hashNext) {
            if (x == b) {
                if (prev == null) {
                    buckets[i] = x.hashNext;
                } else {
                    prev.hashNext = x.hashNext;
                }
                b.hashNext = null;
                return;
            }
        }
        throw new IllegalStateException(b + " is not in the page hash");
    }
}

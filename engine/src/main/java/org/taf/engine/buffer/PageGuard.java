package org.taf.engine.buffer;

/**
 * A page fixed in the pool and latched. Close it to release the latch and the fix, in
 * try-with-resources or in the reverse order of acquisition during latch coupling.
 */
public final class PageGuard implements AutoCloseable {
    private final Block block;
    private LatchMode mode;
    private long stamp;
    private boolean closed;
    /** Set when a mini-transaction holds the page until it commits: close() then leaves it latched. */
    private boolean heldByMtr;

    PageGuard(Block block, LatchMode mode, long stamp) {
        this.block = block;
        this.mode = mode;
        this.stamp = stamp;
    }

    /** The page's bytes; modify them only under {@link LatchMode#X} and then call {@link #markDirty()}. */
    public byte[] frame() {
        return block.frame;
    }

    public int space() {
        return block.space;
    }

    public int pageNo() {
        return block.pageNo;
    }

    public LatchMode mode() {
        return mode;
    }

    /**
     * Records that a mini-transaction whose redo occupies [{@code oldestLsn}, {@code newestLsn})
     * changed the frame: stamps {@code newestLsn} as the page LSN and puts the page on the flush list.
     */
    public void markModified(long oldestLsn, long newestLsn) {
        if (mode != LatchMode.X) {
            throw new IllegalStateException("page " + block.pageNo + " modified under an S latch");
        }
        block.instance.markDirty(block, oldestLsn, newestLsn);
    }

    /**
     * Hands the latch to a mini-transaction: from now on {@link #close()} does nothing and the
     * page stays latched until {@link #release()}, when the mini-transaction commits (its changes
     * must reach the log before anyone else sees the page).
     */
    public void holdForMtr() {
        if (mode != LatchMode.X) {
            throw new IllegalStateException("page " + block.pageNo + " is only S-latched");
        }
        heldByMtr = true;
    }

    /** Whether a mini-transaction holds this page. */
    public boolean heldByMtr() {
        return heldByMtr;
    }

    /** Releases the latch and the fix, whoever holds them. */
    public void release() {
        heldByMtr = false;
        close();
    }

    /** Turns an X latch into an S latch without letting another writer in between. */
    public void downgrade() {
        if (mode == LatchMode.X) {
            stamp = block.latch.tryConvertToReadLock(stamp);
            if (stamp == 0) {
                throw new IllegalStateException("cannot downgrade the latch of page " + block.pageNo);
            }
            mode = LatchMode.S;
        }
    }

    @Override
    public void close() {
        if (closed || heldByMtr) {
            return;
        }
        closed = true;
        if (mode == LatchMode.X) {
            block.latch.unlockWrite(stamp);
        } else {
            block.latch.unlockRead(stamp);
        }
        block.fixCount.decrementAndGet();
    }
}

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

    /** Records that the frame was changed: stamps a new LSN into it and puts it on the flush list. */
    public void markDirty() {
        if (mode != LatchMode.X) {
            throw new IllegalStateException("page " + block.pageNo + " modified under an S latch");
        }
        block.instance.markDirty(block);
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
        if (closed) {
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

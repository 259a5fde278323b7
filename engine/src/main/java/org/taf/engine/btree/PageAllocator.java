package org.taf.engine.btree;

import org.taf.engine.buffer.BufferPool;
import org.taf.engine.buffer.LatchMode;
import org.taf.engine.buffer.PageGuard;
import org.taf.engine.log.Mtr;
import org.taf.engine.page.SpaceHeader;

/**
 * Hands out new pages of one tablespace by bumping the page count in its header page. The
 * header is latched last, after any tree pages, so allocation inside a split cannot deadlock; the
 * mini-transaction keeps it latched until it commits, and a second allocation in the same
 * mini-transaction (a root split takes two pages) reuses that latch.
 */
public final class PageAllocator {
    private final BufferPool pool;
    private final int space;

    public PageAllocator(BufferPool pool, int space) {
        this.pool = pool;
        this.space = space;
    }

    public int space() {
        return space;
    }

    /** Bytes per page of the pool this allocator's pages live in. */
    public int pageSize() {
        return pool.options().pageSize();
    }

    /** A new page, X-latched and zeroed; the caller formats it in {@code mtr}. */
    public PageGuard allocate(Mtr mtr) {
        PageGuard header = mtr.fixX(pool, space, 0);
        int pageNo = SpaceHeader.pageCount(header.frame());
        mtr.setPageCount(header, pageNo + 1);
        return pool.create(space, pageNo);
    }

    /** Pages allocated so far, the header included. */
    public int pageCount() {
        try (PageGuard header = pool.fix(space, 0, LatchMode.S)) {
            return SpaceHeader.pageCount(header.frame());
        }
    }
}

package org.taf.engine.buffer;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.engine.storage.PageWriter;
import org.taf.engine.storage.Tablespaces;

/**
 * The page-hit path of one instance with an injected clock: midpoint insertion of pages read
 * from disk, innodb_old_blocks_time, the quarter rule for young pages, and the counters.
 */
class BufferPoolLruTest {
    private static final int PAGE = 4096;
    private static final int FRAMES = 128;
    private static final int OLD_MIN = 64;
    private static final int SPACE = TestSpace.SPACE;

    @TempDir
    Path dir;
    private final AtomicLong now = new AtomicLong(1_000_000);
    private BufferPool pool;
    private BufferPoolInstance inst;

    @BeforeEach
    void setUp() {
        Tablespaces files = TestSpace.create(dir, PAGE, 1000);
        BufferPoolOptions o = new BufferPoolOptions(PAGE, (long) FRAMES * PAGE, 1, 37, 1000, 1, 90, 200, 1536);
        pool = new BufferPool(o, files, WriteAheadLog.NONE, PageWriter.direct(files), now::get, OLD_MIN);
        inst = pool.instance(0);
    }

    private void touch(int pageNo) {
        pool.fix(SPACE, pageNo, LatchMode.S).close();
    }

    private Block block(int pageNo) {
        PageGuard g = pool.fix(SPACE, pageNo, LatchMode.S);
        g.close();
        // Find the block through the LRU list without touching it again.
        for (Block b = inst.lru().head(); b != null; b = b.lruNext) {
            if (b.holds(SPACE, pageNo)) {
                return b;
            }
        }
        throw new AssertionError("page " + pageNo + " not in the LRU list");
    }

    private Block find(int pageNo) {
        for (Block b = inst.lru().head(); b != null; b = b.lruNext) {
            if (b.holds(SPACE, pageNo)) {
                return b;
            }
        }
        return null;
    }

    @Test
    void nothingMovesUntilEvictionStarts() {
        for (int p = 0; p < FRAMES; p++) {
            touch(p);
        }
        now.addAndGet(5_000);
        for (int p = 0; p < FRAMES; p++) {
            touch(p);
        }
        BufferPoolStatus s = pool.status();
        assertThat(s.pagesEvicted()).isZero();
        assertThat(s.pagesMadeYoung()).as("data fits: the freed-page clock is 0").isZero();
        assertThat(s.pagesRead()).isEqualTo(FRAMES);
        assertThat(s.readRequests()).isEqualTo(2L * FRAMES);
    }

    @Test
    void pagesReadFromDiskGoToTheOldSublist() {
        for (int p = 0; p < FRAMES; p++) {
            touch(p);
        }
        touch(500); // evicts one page, enters at the midpoint
        Block b = find(500);
        assertThat(b.old).isTrue();
        assertThat(inst.lru().head()).isNotSameAs(b);
        assertThat(pool.status().pagesEvicted()).isEqualTo(1);
    }

    @Test
    void oldPageIsAskedToBeMadeYoungOnlyAfterOldBlocksTime() {
        for (int p = 0; p < FRAMES + 10; p++) {
            touch(p); // fills the pool and starts eviction
        }
        int page = FRAMES + 9; // just read: old, first access now
        assertThat(find(page).old).isTrue();
        long notYoung = pool.status().pagesNotMadeYoung();
        now.addAndGet(999);
        touch(page);
        assertThat(find(page).youngRequested).as("999 ms after the first access").isFalse();
        assertThat(pool.status().pagesNotMadeYoung()).isEqualTo(notYoung + 1);
        now.addAndGet(1);
        long acquisitions = inst.mutex.acquisitions.sum();
        touch(page);
        long afterHit = inst.mutex.acquisitions.sum();
        Block b = find(page);
        assertThat(b.youngRequested).as("1000 ms after the first access").isTrue();
        assertThat(b.old).as("not moved by the hit").isTrue();
        assertThat(afterHit).as("a page hit takes no pool mutex").isEqualTo(acquisitions);
    }

    @Test
    void theTailScanMovesRequestedPagesToTheHeadInsteadOfEvictingThem() {
        for (int p = 0; p < FRAMES + 10; p++) {
            touch(p);
        }
        int page = FRAMES + 9;
        now.addAndGet(1_000);
        touch(page);
        Block b = find(page);
        long young = pool.status().pagesMadeYoung();
        int next = 600;
        while (b.youngRequested) {
            touch(next++); // each read evicts from the tail until the scan reaches the page
            assertThat(next).as("the page reached the tail").isLessThan(600 + 2 * FRAMES);
        }
        assertThat(find(page)).as("survived eviction").isSameAs(b);
        assertThat(b.old).isFalse();
        assertThat(pool.status().pagesMadeYoung()).isEqualTo(young + 1);
        // It went to the head when it was moved; pages read since entered at the midpoint, after it.
        assertThat(b.freedPageClock).isLessThanOrEqualTo(inst.lru().freedPageClock());
    }

    @Test
    void youngPageIsAskedToMoveAgainOnlyAfterAQuarterOfTheYoungListWasEvicted() {
        for (int p = 0; p < FRAMES + 1; p++) {
            touch(p);
        }
        int page = FRAMES; // old, read just now
        now.addAndGet(1_000);
        touch(page); // asked to be made young
        Block b = find(page);
        int next = 600;
        while (b.youngRequested) {
            touch(next++);
        }
        assertThat(b.old).isFalse();
        long stamp = b.freedPageClock; // stamped when the tail scan put it at the head
        // young enough while fewer than curr_size * (1024 - 378) / 4096 = 20 pages were evicted since
        int quarter = FRAMES * (1024 - 378) / (1024 * 4);
        assertThat(quarter).isEqualTo(20);
        while (inst.lru().freedPageClock() < stamp + quarter - 1) {
            touch(next++);
        }
        assertThat(inst.peekIfTooOld(b, now.get())).as("one eviction short of the quarter").isFalse();
        touch(page);
        assertThat(b.youngRequested).isFalse();
        touch(next++);
        assertThat(inst.lru().freedPageClock()).isEqualTo(stamp + quarter);
        assertThat(b.old).as("still in the young sublist").isFalse();
        assertThat(inst.peekIfTooOld(b, now.get())).as("a quarter evicted since").isTrue();
        touch(page);
        assertThat(b.youngRequested).isTrue();
    }

    @Test
    void scanOfOldPagesDoesNotFlushTheYoungSublist() {
        for (int p = 0; p < FRAMES; p++) {
            touch(p);
        }
        touch(FRAMES);
        now.addAndGet(2_000);
        // A hot set, accessed again after old_blocks_time: asked to be made young.
        for (int p = 100; p < 110; p++) {
            touch(p);
            assertThat(find(p).youngRequested || !find(p).old).as("hot page %d", p).isTrue();
        }
        // A scan of 300 new pages, each touched twice within old_blocks_time.
        for (int p = 600; p < 900; p++) {
            touch(p);
            touch(p);
        }
        for (int p = 100; p < 110; p++) {
            assertThat(find(p)).as("hot page %d survives the scan", p).isNotNull();
        }
    }
}

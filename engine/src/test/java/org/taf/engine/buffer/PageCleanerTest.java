package org.taf.engine.buffer;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.engine.storage.PageWriter;
import org.taf.engine.storage.Tablespaces;

/**
 * The page cleaner writes the LRU tail only while the free list is shorter than the scan depth, as
 * InnoDB's LRU batch does; with frames to spare, the tail of a pool that holds the whole data set is
 * every dirty page, and writing it once a second only added writes. The flush list's share (io capacity) is
 * set to 0 here so that only the LRU path writes.
 */
class PageCleanerTest {
    private static final int PAGE = 4096;
    private static final int FRAMES = 64;
    private static final int SPACE = TestSpace.SPACE;

    @TempDir
    Path dir;

    @Test
    void theLruTailIsWrittenOnlyWhenFreeFramesRunShort() throws Exception {
        Tablespaces files = TestSpace.create(dir, PAGE, 1000);
        // depth min(100, 64 / 4 + 1) = 17 frames
        BufferPoolOptions o = new BufferPoolOptions(PAGE, (long) FRAMES * PAGE, 1, 37, 1000, 1, 90, 0, 100);
        // 64 frames are fewer than the old sublist's minimum length: a plain LRU, the first pages at its tail
        try (BufferPool pool = new BufferPool(o, files, WriteAheadLog.NONE, PageWriter.direct(files),
                System::currentTimeMillis)) {
            long lsn = 1;
            for (int p = 0; p < 4; p++) {
                try (PageGuard g = pool.fix(SPACE, p, LatchMode.X)) {
                    g.markModified(lsn, lsn + 1);
                    lsn += 2;
                }
            }
            BufferPoolInstance instance = pool.instanceOf(SPACE, 0);
            PageCleaner cleaner = new PageCleaner(0, List.of(instance), o);

            cleaner.cleanOnce(instance);
            assertThat(instance.freeFrames()).as("60 free frames").isEqualTo(60);
            assertThat(pool.status().lruFlushed()).as("nothing to evict for: the tail stays dirty").isZero();
            assertThat(instance.dirtyPages()).isEqualTo(4);

            for (int p = 4; p < 54; p++) {
                pool.fix(SPACE, p, LatchMode.S).close();
            }
            assertThat(instance.freeFrames()).as("10 free frames, fewer than the depth").isEqualTo(10);
            cleaner.cleanOnce(instance);
            assertThat(pool.status().lruFlushed()).as("the 4 dirty pages are the LRU tail").isEqualTo(4);
            assertThat(instance.dirtyPages()).isZero();
        }
    }
}

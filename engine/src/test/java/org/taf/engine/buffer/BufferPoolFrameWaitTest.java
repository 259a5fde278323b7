package org.taf.engine.buffer;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.engine.storage.PageWriter;
import org.taf.engine.storage.Tablespaces;

/**
 * A thread that needs a frame while every frame of its instance is fixed waits until one is released,
 * as InnoDB's buf_LRU_get_free_block does, instead of failing: on 2 CPUs, 16 writers against
 * instances of 128 frames pinned every frame with their write-back batches for a moment, and the
 * statement that asked next failed with "all 128 pages are in use" (a run of bp-instances, 2026-12-01).
 */
class BufferPoolFrameWaitTest {
    private static final int PAGE = 4096;
    private static final int FRAMES = 32;
    private static final int SPACE = TestSpace.SPACE;

    @TempDir
    Path dir;

    @Test
    void aThreadWaitsForAFrameWhileAllAreFixedAndGetsOneWhenOneIsReleased() throws Exception {
        Tablespaces files = TestSpace.create(dir, PAGE, 1000);
        BufferPoolOptions o = new BufferPoolOptions(PAGE, (long) FRAMES * PAGE, 1, 37, 1000, 1, 90, 200, 1536);
        BufferPool pool = new BufferPool(o, files, WriteAheadLog.NONE, PageWriter.direct(files),
                new AtomicLong(1_000_000)::get, 64);
        List<PageGuard> held = new ArrayList<>();
        for (int p = 0; p < FRAMES; p++) {
            held.add(pool.fix(SPACE, p, LatchMode.S));
        }
        CompletableFuture<Void> reader = CompletableFuture.runAsync(() -> pool.fix(SPACE, 500, LatchMode.S).close());
        // the old rule gave up after 2,000 yields, well within this
        Thread.sleep(500);
        assertThat(reader).as("still waiting for a frame, not failed").isNotDone();
        held.remove(0).close();
        reader.get(10, TimeUnit.SECONDS);
        assertThat(pool.status().waitFree()).isPositive();
        held.forEach(PageGuard::close);
    }
}

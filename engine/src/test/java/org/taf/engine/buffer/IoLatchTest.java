package org.taf.engine.buffer;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.engine.storage.PageWriter;
import org.taf.engine.storage.Tablespaces;

/**
 * Page reads and the pool's latch list: a block's I/O latch is made on its first read and reused,
 * so however many pages are read, at most one latch per frame is ever created and none is freed
 * (one per read, made and freed under the list's mutex, was the MySQL 5.6 regression).
 */
class IoLatchTest {
    private static final int PAGE = 4096;
    private static final int FRAMES = 64;

    @TempDir
    Path dir;

    @Test
    void readsReuseTheBlocksLatches() throws Exception {
        Tablespaces files = TestSpace.create(dir, PAGE, 1000);
        BufferPool pool = new BufferPool(
                new BufferPoolOptions(PAGE, (long) FRAMES * PAGE, 1, 37, 1000, 1, 90, 200, 100),
                files,
                WriteAheadLog.NONE,
                PageWriter.direct(files),
                System::currentTimeMillis);
        for (int p = 0; p < 1000; p++) {
            pool.fix(TestSpace.SPACE, p, LatchMode.S).close();
        }
        assertThat(pool.status().pagesRead()).isEqualTo(1000);
        long created = pool.latches().created();
        assertThat(created).as("at most one per frame").isPositive().isLessThanOrEqualTo(FRAMES);
        // Many threads reading missing pages at once: still no new latch, and every read is served.
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            int first = t;
            Thread th = new Thread(() -> {
                for (int i = 0; i < 500; i++) {
                    pool.fix(TestSpace.SPACE, (first * 131 + i * 7) % 1000, LatchMode.S).close();
                }
            });
            threads.add(th);
            th.start();
        }
        for (Thread th : threads) {
            th.join();
        }
        assertThat(pool.latches().created()).isLessThanOrEqualTo(FRAMES);
        assertThat(pool.latches().freed()).isZero();
        pool.close();
    }
}

package org.taf.engine.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.taf.engine.buffer.BufferPool;
import org.taf.engine.buffer.BufferPoolOptions;
import org.taf.engine.buffer.BufferPoolStatus;
import org.taf.engine.buffer.LatchMode;
import org.taf.engine.buffer.WriteAheadLog;
import org.taf.engine.page.FilHeader;
import org.taf.engine.page.IndexPage;
import org.taf.engine.storage.PageWriter;
import org.taf.engine.storage.Tablespace;
import org.taf.engine.storage.Tablespaces;

/**
 * Buffer-pool page fixes (S latch, then release) of a data file twice the pool's size, so eviction
 * runs all the time and every hit goes through InnoDB's make-young check. {@code access}:
 * <ul>
 *   <li>{@code hot}: 90% of fixes go to a hot set of a quarter of the pool, 10% to the whole file —
 *       mostly hits on pages that stay resident, which InnoDB keeps moving to the LRU head (under
 *       the pool mutex before MDEV-33966) as eviction goes on;</li>
 *   <li>{@code uniform}: every page equally likely — half the fixes miss and read from the file.</li>
 * </ul>
 * Run with {@code engine/bench/buffer-pool.sh}; see engine/BENCHMARKS.md.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class BufferPoolHitBenchmark {
    private static final int PAGE = 16 * 1024;
    private static final int POOL_PAGES = 16384; // 256 MiB: 4096 frames per instance with 4 instances
    private static final int DATA_PAGES = 2 * POOL_PAGES;
    private static final int SPACE = 1;

    @Param({"1", "4"})
    public int instances;

    @Param({"hot", "uniform"})
    public String access;

    private Path dir;
    private BufferPool pool;
    private BufferPoolStatus before;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        dir = Files.createTempDirectory("bp-bench");
        Tablespaces files = new Tablespaces();
        Tablespace ts = Tablespace.open(SPACE, dir.resolve("t.ibd"), PAGE, true);
        byte[] frame = new byte[PAGE];
        for (int p = 0; p < DATA_PAGES; p++) {
            IndexPage.init(frame, SPACE, p, 1, 0);
            FilHeader.setLsn(frame, 1);
            ts.write(p, frame);
        }
        files.add(ts);
        pool = new BufferPool(new BufferPoolOptions(PAGE, (long) POOL_PAGES * PAGE, instances, 37, 1000, 1, 90, 200,
                1536), files, WriteAheadLog.NONE, PageWriter.direct(files), System::currentTimeMillis);
        // Fill the pool and start eviction, so make-young is live from the first measured fix.
        for (int p = 0; p < DATA_PAGES; p++) {
            pool.fix(SPACE, p, LatchMode.S).close();
        }
        before = pool.status();
    }

    private static final int HOT_PAGES = POOL_PAGES / 4;

    @Benchmark
    public int fixRandomPage() {
        ThreadLocalRandom r = ThreadLocalRandom.current();
        int p = access.equals("hot") && r.nextInt(10) != 0 ? r.nextInt(HOT_PAGES) : r.nextInt(DATA_PAGES);
        try (var g = pool.fix(SPACE, p, LatchMode.S)) {
            return g.frame()[100];
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        BufferPoolStatus s = pool.status();
        System.out.printf(
                "%ncounters: instances=%d access=%s fixes=%d disk-reads=%d made-young=%d not-made-young=%d "
                        + "mutex-acquisitions=%d mutex-waits=%d%n",
                instances,
                access,
                s.readRequests() - before.readRequests(),
                s.pagesRead() - before.pagesRead(),
                s.pagesMadeYoung() - before.pagesMadeYoung(),
                s.pagesNotMadeYoung() - before.pagesNotMadeYoung(),
                s.mutexAcquisitions() - before.mutexAcquisitions(),
                s.mutexWaits() - before.mutexWaits());
        pool.close();
        try (var files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}

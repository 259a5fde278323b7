package org.taf.runner.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.cli.Main;
import org.taf.runner.config.LoadContext;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.CountersRecord;
import org.taf.runner.results.IterationRecord;
import org.taf.runner.results.ResultsStore;
import org.taf.runner.results.RunRecord;
import org.taf.runner.stats.CounterChange;
import org.taf.runner.stats.Metric;

/**
 * The cause beside the number, end to end on the seed story of MDEV-33966: this repository's engine
 * before (5e8996f1, make-young of a page hit under the buffer pool mutex) and after (2443614d, off
 * it), built from its own history, page hits with data a little larger than the pool (10 MB), 16
 * threads on 2 CPUs. The counters must show it: the parent takes the pool mutex more often per
 * transaction, waits for it more often and switches context more often.
 *
 * <p>The shape is what makes the waits show on 2 vCPUs, on any host: make-young must take the mutex
 * far more often than the misses' evictions do. Both commits evict under the mutex, and the patch's
 * LRU tail scan holds it longer (it also moves the flagged pages), so where misses dominate, the
 * direction of the waits is up to the host. With 8 MB and 1000 ms (the story's shape, 23 reads per
 * transaction) the waits fell by a quarter here (0.709 [0.644, 0.781], 2026-12-04), but CI's host
 * measured 1.200 [0.492, 2.926] on 2026-12-03 (why there, not measured). So the data is only a little
 * larger than the pool (6 page reads per transaction at 10 MB), and {@code innodb_old_blocks_time = 0}
 * (InnoDB's default before 5.6.6) lets every hit on an old page be made young, not only those a second
 * after the first. 6 pairs at 16 threads each, patch/parent per transaction:
 * <pre>
 * date        pool  old_blocks_time  reads/tx  mutex waits            context switches       TPS
 * 2026-12-01  8 MB  1000             22        0.746 [0.701, 0.793]   0.769 [0.730, 0.811]   1.159 [1.044, 1.288]
 * 2026-12-01  10 MB 1000             6         0.188 [0.115, 0.307]   0.949 [0.791, 1.138]   0.861 [0.632, 1.173]
 * 2026-12-04  8 MB  1000             23        0.709 [0.644, 0.781]   0.714 [0.658, 0.774]   1.279 [1.203, 1.359]
 * 2026-12-04  8 MB  0                23        0.675 [0.608, 0.748]   0.659 [0.617, 0.704]   1.474 [1.419, 1.531]
 * 2026-12-04  9 MB  0                14        0.262 [0.229, 0.299]   0.526 [0.474, 0.584]   1.332 [1.171, 1.515]
 * 2026-12-04  10 MB 0                6         0.162 [0.152, 0.172]   0.541 [0.459, 0.638]   1.191 [1.065, 1.332]
 * 2026-12-04  10 MB 0                6         0.156 [0.124, 0.197]   0.558 [0.530, 0.587]   1.115 [0.867, 1.434]
 * </pre>
 * At 10 MB and 1000 ms the parent waited 0.5 times per transaction, too few to change how often a
 * thread sleeps; with 0 ms it waits 1.75 times (the patch 0.28) and switches context 2.74 times (the
 * patch 1.48). The test uses 10 MB and 0 ms.
 */
class CountersEndToEndIT {
    @TempDir
    static Path dir;

    @Test
    void theMakeYoungParentTakesAndWaitsForThePoolMutexMoreAndSwitchesMorePerTransaction() throws Exception {
        Path repo = Path.of("").toAbsolutePath().getParent();
        Path definition = repo.resolve("properties/mdev33966.properties");
        LoadContext ctx = new LoadContext(dir, Map.of(), Path.of(System.getProperty("java.home")),
                Path.of(System.getProperty("user.home")));
        int code = Main.commandLine(ctx).execute("run", definition.toString(), "-Dname=counters", "-Djfr=false",
                "-Dcache.dir=" + dir.resolve("cache"), "-Doutput.results_dir=" + dir.resolve("results"),
                "-Dresults.db.url=jdbc:sqlite:" + dir.resolve("results.db"),
                "-Doutput.site_dir=" + dir.resolve("site"), "-Dworkload.threads=16", "-Dworkload.tables=2",
                "-Dworkload.table_size=25000", "-Dengine.innodb_buffer_pool_size=10M",
                "-Dengine.innodb_old_blocks_time=0", "-Dmeasure.duration=4s",
                "-Dmeasure.iterations=6", "-Dmeasure.mode=restart", "-Dstats.max_pairs=6", "-Dwarmup.min=2s",
                "-Dwarmup.max=10s", "-Dwarmup.window=2s", "-Dworkload.report_interval=500ms",
                "-Dwarmup.max_cv_pct=10", "-Dwarmup.max_slope_pct=10", "-Drest.consecutive=2",
                // The counters, not the host, are under test: no probe, no wait for a quiet spell.
                "-Drest.max_attempts=10", "-Dhost.probe=0s");
        assertThat(code).as("a verdict, not an error").isLessThanOrEqualTo(2);
        RunRecord run;
        try (Stream<Path> runs = Files.list(dir.resolve("results"))) {
            run = ResultsStore.read(runs.filter(Files::isDirectory).findFirst().orElseThrow());
        }
        CellRecord cell = run.comparisons().get(0).cells().get(0);
        for (IterationRecord it : cell.parent()) {
            assertThat(it.counters()).as("parent #%d counted", it.index() + 1).isNotNull();
        }
        CounterChange acquisitions = counter(cell, "Innodb_buffer_pool_mutex_acquisitions");
        // 211 against 131 per 1000 page fixes in engine/BENCHMARKS.md: every hit of an old page took it.
        // Here 41.5 against 13.0 per transaction, 0.313 [0.309, 0.317] (2026-12-04).
        assertThat(acquisitions.ratio()).as("%s", acquisitions).isLessThan(0.6);
        assertThat(acquisitions.moved()).as("listed as changed: %s", acquisitions).isTrue();
        assertThat(acquisitions.ciHigh()).isLessThan(1);
        CounterChange waits = counter(cell, "Innodb_buffer_pool_mutex_waits");
        assertThat(waits.pairs()).isEqualTo(acquisitions.pairs());
        // More waits in the parent: 0.162 [0.152, 0.172] when measured (see above).
        assertThat(waits.parent()).as("pool mutex waits per transaction: %s", waits).isPositive();
        assertThat(waits.ratio()).as("patch/parent pool mutex waits per transaction: %s", waits).isLessThan(0.5);
        var cs = cell.verdict().metric(Metric.CS_PER_TX);
        assertThat(cs).as("context switches per transaction are judged").isNotNull();
        assertThat(cs.patch()).isPositive();
        // More context switches per transaction in the parent: 0.541 [0.459, 0.638] when measured.
        assertThat(cs.ratio()).as("patch/parent context switches per transaction: %s", cs).isLessThan(1);
        assertThat(cs.patch()).isLessThan(cs.parent());
        double parentCs = perTx(cell.parent(), CountersRecord.VOLUNTARY);
        assertThat(parentCs).isPositive();
        String post = Files.readString(dir.resolve("site/posts").resolve(run.runId()).resolve("index.html"));
        assertThat(post).contains("What else changed").contains("Innodb_buffer_pool_mutex_acquisitions");
    }

    private static CounterChange counter(CellRecord cell, String name) {
        return cell.verdict().counters().stream().filter(c -> c.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no counter " + name + " in " + cell.verdict().counters()));
    }

    private static double perTx(java.util.List<IterationRecord> side, String name) {
        return side.stream().mapToDouble(it -> (double) it.counters().process().get(name)
                / it.counters().transactions()).average().orElseThrow();
    }
}

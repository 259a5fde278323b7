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
import org.taf.runner.results.VerdictRecord.CounterRecord;
import org.taf.runner.stats.Metric;

/**
 * The cause beside the number, end to end on the seed story of MDEV-33966: this repository's engine
 * before (5e8996f1, make-young of a page hit under the buffer pool mutex) and after (2443614d, off
 * it), built from its own history, page hits with data larger than the pool, 8 threads on 2 CPUs.
 * TPS may not show it here; the counters must: fewer pool-mutex acquisitions per transaction in the
 * patch, listed as what else changed.
 *
 * <p>Not asserted, because on 2 vCPUs the data do not support it: pool-mutex <em>waits</em> and
 * context switches per transaction. With data 6x the pool the misses' evictions take the mutex as
 * often as the hits did, and in a CI run (2026-12-01) the waits were 4.49 per transaction in the
 * parent against 4.51 in the patch (ratio 1.003 [0.895, 1.124], 3 pairs) while the acquisitions fell
 * from 143 to 114 (0.802 [0.799, 0.805]). The test checks that both are measured and judged.
 */
class CountersEndToEndIT {
    @TempDir
    static Path dir;

    @Test
    void theMakeYoungParentTakesThePoolMutexMorePerTransaction() throws Exception {
        Path repo = Path.of("").toAbsolutePath().getParent();
        Path definition = repo.resolve("properties/mdev33966.properties");
        LoadContext ctx = new LoadContext(dir, Map.of(), Path.of(System.getProperty("java.home")),
                Path.of(System.getProperty("user.home")));
        int code = Main.commandLine(ctx).execute("run", definition.toString(), "-Dname=counters", "-Dprofile.jfr=false",
                "-Dcache.dir=" + dir.resolve("cache"), "-Doutput.results_dir=" + dir.resolve("results"),
                "-Dresults.db.url=jdbc:sqlite:" + dir.resolve("results.db"),
                "-Doutput.site_dir=" + dir.resolve("site"), "-Dworkload.threads=8", "-Dworkload.tables=2",
                "-Dworkload.table_size=25000", "-Dengine.innodb_buffer_pool_size=4M", "-Dmeasure.duration=4s",
                "-Dmeasure.iterations=3", "-Dmeasure.mode=restart", "-Dstats.max_pairs=3", "-Dwarmup.min=2s",
                "-Dwarmup.max=10s", "-Dwarmup.window=2s", "-Dworkload.report_interval=500ms",
                "-Dwarmup.max_cv_pct=10", "-Dwarmup.max_slope_pct=10", "-Drest.consecutive=2",
                "-Drest.max_attempts=10");
        assertThat(code).as("a verdict, not an error").isLessThanOrEqualTo(2);
        RunRecord run;
        try (Stream<Path> runs = Files.list(dir.resolve("results"))) {
            run = ResultsStore.read(runs.filter(Files::isDirectory).findFirst().orElseThrow());
        }
        CellRecord cell = run.comparisons().get(0).cells().get(0);
        for (IterationRecord it : cell.parent()) {
            assertThat(it.counters()).as("parent #%d counted", it.index() + 1).isNotNull();
        }
        CounterRecord acquisitions = counter(cell, "Innodb_buffer_pool_mutex_acquisitions");
        // 211 against 131 per 1000 page fixes in engine/BENCHMARKS.md: every hit of an old page took it.
        assertThat(acquisitions.ratio()).as("%s", acquisitions).isLessThan(0.85);
        assertThat(acquisitions.moved()).as("listed as changed: %s", acquisitions).isTrue();
        assertThat(acquisitions.ciHigh()).isLessThan(1);
        CounterRecord waits = counter(cell, "Innodb_buffer_pool_mutex_waits");
        assertThat(waits.parent()).as("pool mutex waits per transaction: %s", waits).isPositive();
        assertThat(waits.pairs()).isEqualTo(acquisitions.pairs());
        var cs = cell.verdict().metric(Metric.CS_PER_TX);
        assertThat(cs).as("context switches per transaction are judged").isNotNull();
        assertThat(cs.parent()).isPositive();
        assertThat(cs.patch()).isPositive();
        double parentCs = perTx(cell.parent(), CountersRecord.VOLUNTARY);
        assertThat(parentCs).isPositive();
        String post = Files.readString(dir.resolve("site/posts").resolve(run.runId()).resolve("index.html"));
        assertThat(post).contains("What else changed").contains("Innodb_buffer_pool_mutex_acquisitions");
    }

    private static CounterRecord counter(CellRecord cell, String name) {
        return cell.verdict().counters().stream().filter(c -> c.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no counter " + name + " in " + cell.verdict().counters()));
    }

    private static double perTx(java.util.List<IterationRecord> side, String name) {
        return side.stream().mapToDouble(it -> (double) it.counters().process().get(name)
                / it.counters().transactions()).average().orElseThrow();
    }
}

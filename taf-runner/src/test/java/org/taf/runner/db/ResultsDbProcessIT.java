package org.taf.runner.db;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.git.ChildJvm;
import org.taf.runner.results.ResultsFixtures;
import org.taf.runner.results.ResultsStore;
import org.taf.runner.results.RunRecord;

/**
 * The SQLite results database between real processes: two writers at once on a new file both land (WAL,
 * a busy timeout, IMMEDIATE write transactions, the first open's migration), and a writer killed with
 * SIGKILL at a seeded random moment, 20 times over, leaves a database that opens, passes SQLite's own
 * integrity check and holds every run whole (its row and all its cells) or not at all.
 */
class ResultsDbProcessIT {
    private static final Duration BOUND = Duration.ofSeconds(40);
    private static final long SEED = 35;

    @TempDir
    Path tmp;

    @Test
    void twoWritersAtOnceOnANewFileBothLand() throws Exception {
        String url = "jdbc:sqlite:" + tmp.resolve("results.db");
        Path run = small();
        Process a = ChildJvm.start(Writer.class, Map.of(), tmp.resolve("a.out"), url, run.toString(), "a", "25", "-");
        Process b = ChildJvm.start(Writer.class, Map.of(), tmp.resolve("b.out"), url, run.toString(), "b", "25", "-");
        try {
            assertThat(a.waitFor(BOUND.toSeconds(), TimeUnit.SECONDS)).isTrue();
            assertThat(b.waitFor(BOUND.toSeconds(), TimeUnit.SECONDS)).isTrue();
            assertThat(a.exitValue()).as(Files.readString(tmp.resolve("a.out"))).isZero();
            assertThat(b.exitValue()).as(Files.readString(tmp.resolve("b.out"))).isZero();
        } finally {
            a.destroyForcibly();
            b.destroyForcibly();
        }
        List<RunRecord> runs = ResultsDb.open(url).readAll();
        assertThat(runs).hasSize(50);
        assertThat(runs.stream().filter(r -> r.runId().startsWith("a-"))).hasSize(25);
        assertWhole(url, CellRow.of(ResultsStore.read(run)).size());
    }

    @Test
    void aWriterKilledAtARandomMomentLeavesEveryRunWholeOrAbsent() throws Exception {
        String url = "jdbc:sqlite:" + tmp.resolve("results.db");
        // A story run of 1.4 MB: its write takes long enough to be cut, its reading short enough to loop.
        Path run = CommittedRuns.DIR.resolve("20261201-210920-mdev33966").resolve(ResultsStore.FILE_NAME);
        int cellsPerRun = CellRow.of(ResultsStore.read(run)).size();
        ResultsDb.open(url); // migrated once here: the kills land in writes, not in the first migration
        Random random = new Random(SEED);
        int stored = 0;
        for (int i = 0; i < 20; i++) {
            long delayMs = random.nextInt(600);
            Path ready = tmp.resolve("ready-" + i);
            Process w = ChildJvm.start(Writer.class, Map.of(), tmp.resolve("w.out"), url, run.toString(), "k" + i,
                    "1000", ready.toString());
            try {
                long deadline = System.nanoTime() + BOUND.toNanos();
                while (!Files.exists(ready)) {
                    assertThat(w.isAlive()).as("writer %d alive: %s", i, Files.readString(tmp.resolve("w.out")))
                            .isTrue();
                    assertThat(System.nanoTime()).isLessThan(deadline);
                    Thread.sleep(5);
                }
                Thread.sleep(delayMs);
            } finally {
                w.destroyForcibly().waitFor(BOUND.toSeconds(), TimeUnit.SECONDS);
            }
            int now = assertWhole(url, cellsPerRun);
            assertThat(now).as("kill %d after %d ms (seed %d): no run lost", i, delayMs, SEED)
                    .isGreaterThanOrEqualTo(stored);
            stored = now;
        }
        assertThat(stored).as("the writers got some runs in").isPositive();
    }

    /**
     * Opens the database as a run would and checks it: SQLite's integrity check, every run with all its
     * {@code cellsPerRun} cells (every run is a copy of one), no cell without its run, and the newest run's
     * JSON read back whole. Returns how many runs it holds.
     */
    private static int assertWhole(String url, int cellsPerRun) throws Exception {
        ResultsDb db = ResultsDb.open(url);
        Map<String, Integer> cells = new HashMap<>();
        String newest = null;
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            try (ResultSet r = s.executeQuery("PRAGMA integrity_check")) {
                assertThat(r.next()).isTrue();
                assertThat(r.getString(1)).isEqualTo("ok");
            }
            try (ResultSet r = s.executeQuery("SELECT r.run_id, COUNT(c.run_id) FROM taf_run r LEFT JOIN taf_cell c"
                    + " ON c.run_id = r.run_id GROUP BY r.run_id ORDER BY MAX(r.started_at)")) {
                while (r.next()) {
                    cells.put(r.getString(1), r.getInt(2));
                    newest = r.getString(1);
                }
            }
            try (ResultSet r = s.executeQuery("SELECT COUNT(*) FROM taf_cell WHERE run_id NOT IN"
                    + " (SELECT run_id FROM taf_run)")) {
                assertThat(r.next()).isTrue();
                assertThat(r.getInt(1)).as("cells without their run").isZero();
            }
        }
        assertThat(cells).allSatisfy((id, n) -> assertThat(n).as("cells of " + id).isEqualTo(cellsPerRun));
        if (newest != null) {
            assertThat(db.read(newest)).isPresent();
        }
        return cells.size();
    }

    private Path small() throws Exception {
        return CommittedRuns.files().stream().min(java.util.Comparator.comparingLong(ResultsDbProcessIT::size))
                .orElseThrow();
    }

    private static long size(Path p) {
        try {
            return Files.size(p);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Writes copies of one run, ids {@code <prefix>-<n>}, one transaction each. Arguments: url, results.json,
     * prefix, how many, and a file to create once the database is open ({@code -} for none).
     */
    public static final class Writer {
        public static void main(String[] args) throws Exception {
            RunRecord template = ResultsStore.read(Path.of(args[1]));
            ResultsDb db = ResultsDb.open(args[0]);
            if (!args[4].equals("-")) {
                Files.writeString(Path.of(args[4]), "open");
            }
            for (int n = 0; n < Integer.parseInt(args[3]); n++) {
                RunRecord r = ResultsFixtures.copy(template, args[2] + "-" + n, template.name(),
                        template.startedAt().plusSeconds(n), template.finishedAt(), template.status(),
                        template.failure(), template.comparisons(), template.warnings());
                db.write(r);
            }
        }
    }
}

package org.taf.runner.health;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.lib.PersonIdent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.ExitCode;
import org.taf.runner.cli.Main;
import org.taf.runner.config.LoadContext;
import org.taf.runner.db.ResultsDb;
import org.taf.runner.profile.HostFacts;
import org.taf.runner.results.Canary;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.ResultsStore;
import org.taf.runner.results.RunRecord;
import picocli.CommandLine;

/**
 * {@code taf canary} and {@code taf health} end to end, on a temporary repository of one commit holding this engine:
 * one canary pair (A/A, then a large planted slowdown) is recorded as canaries in an SQLite database, and
 * {@code taf health} counts it. What the gate said of them is not asserted: a noisy host may leave either
 * undecided, and counting is what this checks. Three pairs a run, no extra pairs: about three minutes with the
 * engine's build.
 */
class CanaryEndToEndIT {
    @TempDir
    static Path dir;

    private static String sha;

    private static void makeRepository() throws Exception {
        Path source = Path.of("").toAbsolutePath().getParent(); // taf-runner's parent: the repository under test
        Path repo = dir.resolve("repo");
        copy(source.resolve("pom.xml"), repo.resolve("pom.xml"));
        copy(source.resolve("taf-runner/pom.xml"), repo.resolve("taf-runner/pom.xml"));
        copy(source.resolve("engine/pom.xml"), repo.resolve("engine/pom.xml"));
        copyTree(source.resolve("engine/src/main"), repo.resolve("engine/src/main"));
        PersonIdent who = new PersonIdent("TAF test", "taf@example.org");
        try (Git git = Git.init().setDirectory(repo.toFile()).setInitialBranch("main").call()) {
            git.add().addFilepattern(".").call();
            sha = git.commit().setMessage("engine as it is").setAuthor(who).setCommitter(who).call().getName();
        }
        Files.writeString(dir.resolve("canary-e2e.properties"), String.join("\n",
                "repository = repo",
                "cache.dir = cache",
                "output.results_dir = results",
                "output.site_dir = site",
                "output.publish = true",
                // The test's own database, never the user's ~/.local/share/taf.
                "results.db.url = jdbc:sqlite:results.db",
                "workload.tests = POINT_SELECT",
                "workload.threads = 2",
                "workload.tables = 1",
                "workload.table_size = 2000",
                "measure.duration = 2s",
                // Three pairs a run and no extra ones (stats.max_pairs at measure.iterations): the run is recorded
                // whatever it decided.
                "measure.iterations = 3",
                "stats.max_pairs = 3",
                "warmup.min = 1s",
                "warmup.max = 5s",
                "warmup.window = 3s",
                "warmup.max_cv_pct = 10",
                "warmup.max_slope_pct = 10",
                "rest.consecutive = 2",
                "rest.max_attempts = 10",
                "engine.innodb_buffer_pool_size = 16M",
                // A run waits at most 10 s for a noisy host: what it measured in a spell is recorded all the same.
                "host.quiet_wait = 10s",
                // About 20 us of CPU a statement, where a point select costs about 9: a slowdown no host hides.
                "canary.cpu_work = 20000",
                ""), StandardCharsets.UTF_8);
    }

    private static int taf(StringWriter out, String... args) {
        LoadContext ctx = new LoadContext(dir, Map.of(), Path.of(System.getProperty("java.home")),
                Path.of(System.getProperty("user.home")));
        CommandLine cl = Main.commandLine(ctx);
        cl.setOut(new PrintWriter(out, true));
        return cl.execute(args);
    }

    @Test
    void aCanaryPairIsRecordedAsCanariesAndHealthCountsIt() throws Exception {
        makeRepository();
        int code = taf(new StringWriter(), "canary", "canary-e2e.properties", "-Dpatch=main");
        assertThat(code).as("both runs completed").isEqualTo(ExitCode.PASS.code());

        List<RunRecord> stored = ResultsDb.open("jdbc:sqlite:" + dir.resolve("results.db")).readAll();
        assertThat(stored).extracting(RunRecord::canary).containsExactly(Canary.AA, Canary.PLANTED);
        String host = HostFacts.system().host().fingerprint().id();
        for (RunRecord run : stored) {
            assertThat(run.status()).isEqualTo(RunRecord.RunStatus.COMPLETED);
            assertThat(run.name()).isEqualTo("canary-e2e");
            ComparisonRecord c = run.comparisons().get(0);
            assertThat(c.parent().commit().sha()).as("the revision against itself").isEqualTo(sha);
            assertThat(c.patch().commit().sha()).isEqualTo(sha);
            assertThat(c.cells().get(0).verdict()).as("judged").isNotNull();
            // The run's results.json says the same as the database.
            assertThat(ResultsStore.read(dir.resolve("results").resolve(run.runId())).canary())
                    .isEqualTo(run.canary());
            assertThat(run.probes()).as("the host's state, read around each pair").isNotEmpty();
        }
        ComparisonRecord aa = stored.get(0).comparisons().get(0);
        assertThat(aa.parent().engineSettings()).doesNotContainKey("taf_statement_cpu_work");
        assertThat(aa.patch().engineSettings()).doesNotContainKey("taf_statement_cpu_work");
        ComparisonRecord planted = stored.get(1).comparisons().get(0);
        assertThat(planted.parent().engineSettings()).containsEntry("taf_statement_cpu_work", "0");
        assertThat(planted.patch().engineSettings()).containsEntry("taf_statement_cpu_work", "20000");
        // Both posts were written (the planted run's names its sides by the one setting that differs).
        for (RunRecord run : stored) {
            assertThat(dir.resolve("site/posts").resolve(run.runId()).resolve("index.html")).isNotEmptyFile();
        }

        StringWriter out = new StringWriter();
        // One run of each kind is too few for an alarm: exit 0 whatever the gate said.
        assertThat(taf(out, "health", "-Dresults.db.url=jdbc:sqlite:results.db")).isZero();
        assertThat(out.toString()).startsWith("canary-e2e on ").contains(" (host " + host + "): ")
                .containsPattern("caught [01] of 1 planted slowdown \\(")
                .containsPattern("[01] false alarms? in 1 unchanged run \\(")
                .containsPattern("decided [012] of 2 runs")
                .containsPattern("the planted slowdown measured TPS ratios POINT_SELECT@2 0\\.\\d{3} \\(medians\\)");
        assertThat(out.toString().lines()).hasSize(1);
    }

    private static void copy(Path from, Path to) throws IOException {
        Files.createDirectories(to.getParent());
        Files.copy(from, to);
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path p : (Iterable<Path>) files::iterator) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }
}

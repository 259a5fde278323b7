package org.taf.runner.bisect;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.lib.PersonIdent;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.ExitCode;
import org.taf.runner.bisect.BisectRecord.Outcome;
import org.taf.runner.bisect.BisectRecord.Step;
import org.taf.runner.cli.Main;
import org.taf.runner.config.LoadContext;
import org.taf.runner.db.ResultsDb;
import org.taf.runner.results.ResultsStore;
import org.taf.runner.stats.Verdict;

/**
 * {@code taf bisect} end to end on a temporary repository holding this engine: eight commits after
 * good, one of which slows the point-select path by a busy wait (as in RunEndToEndIT); the others
 * change a text file, but one, after the slowdown, changes an engine source's comment, so the search
 * has three engine trees to tell apart and measures a commit between good and bad.
 */
class BisectEndToEndIT {
    private static final String SLOW_TARGET =
            "        TableImpl t = read(table);\n        return found(lookup(t, longKey(t, pk)));";
    private static final String SLOW_PATCH =
            "        long spinUntil = System.nanoTime() + 150_000; // deliberate regression for the test\n"
                    + "        while (System.nanoTime() < spinUntil) {\n            Thread.onSpinWait();\n        }\n"
                    + SLOW_TARGET;
    private static final String TX = "engine/src/main/java/org/taf/engine/db/TransactionImpl.java";

    @TempDir
    static Path dir;
    /** commits.get(0) is good; get(3) slows the engine down; get(5) changes a comment in the engine; get(8) is bad. */
    static List<String> commits = new ArrayList<>();

    @BeforeAll
    static void makeRepository() throws Exception {
        Path source = Path.of("").toAbsolutePath().getParent(); // taf-runner's parent: the repository under test
        Path repo = dir.resolve("repo");
        copy(source.resolve("pom.xml"), repo.resolve("pom.xml"));
        copy(source.resolve("taf-runner/pom.xml"), repo.resolve("taf-runner/pom.xml"));
        copy(source.resolve("engine/pom.xml"), repo.resolve("engine/pom.xml"));
        copyTree(source.resolve("engine/src/main"), repo.resolve("engine/src/main"));
        Files.writeString(repo.resolve("NOTES.txt"), "notes\n");
        PersonIdent who = new PersonIdent("TAF test", "taf@example.org");
        try (Git git = Git.init().setDirectory(repo.toFile()).setInitialBranch("main").call()) {
            for (int i = 0; i <= 8; i++) {
                String subject;
                if (i == 0) {
                    subject = "engine as it is";
                } else if (i == 3) {
                    Path tx = repo.resolve(TX);
                    String code = Files.readString(tx, StandardCharsets.UTF_8);
                    assertThat(code).as("the point-select path the commit slows down").contains(SLOW_TARGET);
                    Files.writeString(tx, code.replace(SLOW_TARGET, SLOW_PATCH), StandardCharsets.UTF_8);
                    subject = "Slow down point selects";
                } else if (i == 5) {
                    Files.writeString(repo.resolve(TX), "// a comment: a new engine tree, the same engine\n",
                            StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.APPEND);
                    subject = "Comment the transaction";
                } else {
                    Files.writeString(repo.resolve("NOTES.txt"), "notes of commit " + i + "\n", StandardCharsets.UTF_8);
                    subject = "Notes " + i;
                }
                git.add().addFilepattern(".").call();
                commits.add(git.commit().setMessage(subject).setAuthor(who).setCommitter(who).call().getName());
            }
        }
        Files.writeString(dir.resolve("e2e.properties"), String.join("\n",
                "repository = repo",
                "cache.dir = cache",
                "output.results_dir = results",
                "output.site_dir = site",
                // The test's own database, never the user's ~/.local/share/taf.
                "results.db.url = jdbc:sqlite:results.db",
                "output.publish = true",
                "workload.tests = POINT_SELECT",
                "workload.threads = 2",
                "workload.tables = 1",
                "workload.table_size = 5000",
                "measure.duration = 3s",
                // The busy wait leaves the patch at about a tenth of the parent's TPS: 3 pairs decide
                // it (0.083 [0.064, 0.108] with 5), and each step costs about a minute, not two.
                "measure.iterations = 3",
                "warmup.min = 2s",
                "warmup.max = 8s",
                "warmup.window = 3s",
                "warmup.max_cv_pct = 10",
                "warmup.max_slope_pct = 10",
                "rest.consecutive = 2",
                "rest.max_attempts = 10",
                "engine.innodb_buffer_pool_size = 16M",
                // The slowdown is decided in the planned pairs; bound the rest.
                "stats.max_pairs = 6",
                "stats.budget = 2m",
                // A step waits at most 30 s for a noisy host to quieten: the slowdown shows through a spell.
                "host.quiet_wait = 30s",
                ""), StandardCharsets.UTF_8);
    }

    private static int taf(String... args) {
        LoadContext ctx = new LoadContext(dir, Map.of(), Path.of(System.getProperty("java.home")),
                Path.of(System.getProperty("user.home")));
        return Main.commandLine(ctx).execute(args);
    }

    private static BisectRecord latest() throws IOException {
        try (Stream<Path> dirs = Files.list(dir.resolve("results"))) {
            Path last = dirs.filter(p -> p.getFileName().toString().startsWith("bisect-")).sorted()
                    .reduce((a, b) -> b).orElseThrow();
            return BisectFiles.read(last);
        }
    }

    @Test
    void namesTheCommitThatSlowedThePointSelects() throws IOException {
        int code = taf("bisect", "--good", commits.get(0), "--bad", commits.get(8), "e2e.properties");
        BisectRecord r = latest();
        assertThat(r.outcome()).as("conclusion: %s; steps: %s", r.conclusion(), r.steps()).isEqualTo(Outcome.CULPRIT);
        assertThat(code).isEqualTo(ExitCode.REGRESSION.code());
        assertThat(r.culprit().sha()).isEqualTo(commits.get(3));
        assertThat(r.conclusion()).isEqualTo("culprit: " + commits.get(3) + " Slow down point selects");
        assertThat(r.rangeAfter().sha()).as("its first parent, found unchanged").isEqualTo(commits.get(2));
        assertThat(r.candidates()).isEqualTo(8);
        assertThat(r.countedCells()).containsExactly("POINT_SELECT x 2 threads");

        Step first = r.steps().get(0);
        assertThat(first.commit().sha()).isEqualTo(commits.get(8));
        assertThat(first.verdict()).isEqualTo(Verdict.REGRESSED);
        assertThat(first.ratio()).isLessThan(0.9);
        assertThat(first.ciHigh()).isLessThan(1.0);
        // Measured: bad, and the one commit whose engine tree was new (commit 4, between the slowdown and
        // the comment). Commits 2 and 3 took the verdicts of good and of commit 4, unmeasured.
        List<Step> measured = r.steps().stream().filter(s -> s.runId() != null).toList();
        assertThat(measured).extracting(s -> s.commit().sha()).containsExactly(commits.get(8), commits.get(4));
        assertThat(r.steps()).filteredOn(s -> s.sameTreeAs() != null)
                .extracting(s -> s.commit().sha() + " as " + s.sameTreeAs().sha())
                .containsExactly(commits.get(2) + " as " + commits.get(0), commits.get(3) + " as " + commits.get(4));
        for (Step s : measured) {
            var run = ResultsStore.read(dir.resolve("results").resolve(s.runId()));
            assertThat(run.comparisons().get(0).parent().commit().sha()).isEqualTo(commits.get(0));
            assertThat(run.comparisons().get(0).patch().commit().sha()).isEqualTo(s.commit().sha());
        }
        // The page of the site, with the evidence and links to the steps' posts.
        String page = Files.readString(dir.resolve("site/pages/bisect-" + r.bisectId() + ".html"));
        assertThat(page).contains("culprit", "Slow down point selects", "same engine tree as",
                "../posts/" + measured.get(0).runId() + "/index.html");
        assertThat(Files.readString(dir.resolve("site/index.html"))).contains("bisect-" + r.bisectId() + ".html");
        // The evidence and every measured step are in the results database too.
        ResultsDb db = ResultsDb.open("jdbc:sqlite:" + dir.resolve("results.db"));
        assertThat(db.bisects()).filteredOn(b -> b.bisectId().equals(r.bisectId())).singleElement().satisfies(b -> {
            assertThat(b.outcome()).isEqualTo("CULPRIT");
            assertThat(b.culpritSha()).isEqualTo(commits.get(3));
            assertThat(BisectFiles.read(writeTemp(b.json()))).isEqualTo(r);
        });
        for (Step s : measured) {
            assertThat(db.read(s.runId())).isPresent();
        }
    }

    private static Path writeTemp(String json) throws IOException {
        Path f = Files.createTempDirectory(dir, "db-bisect").resolve(BisectStore.FILE_NAME);
        Files.writeString(f, json, StandardCharsets.UTF_8);
        return f;
    }

    @Test
    void aRangeOfTextChangesHasNoSlowdownAndSaysWhyWithoutMeasuring() throws IOException {
        int code = taf("bisect", "--good", commits.get(0), "--bad", commits.get(2), "e2e.properties",
                "-Doutput.results_dir=results-text", "-Doutput.site_dir=site-text");
        BisectRecord r;
        try (Stream<Path> dirs = Files.list(dir.resolve("results-text"))) {
            r = BisectFiles.read(dirs.filter(p -> p.getFileName().toString().startsWith("bisect-")).findFirst()
                    .orElseThrow());
        }
        assertThat(code).isEqualTo(ExitCode.PASS.code());
        assertThat(r.outcome()).isEqualTo(Outcome.NO_SLOWDOWN);
        assertThat(r.culprit()).isNull();
        assertThat(r.conclusion()).startsWith("no slowdown between good " + commits.get(0).substring(0, 7))
                .contains("no change in the engine").contains("nothing measured");
        assertThat(r.steps()).singleElement().satisfies(s -> {
            assertThat(s.runId()).isNull();
            assertThat(s.sameTreeAs().sha()).isEqualTo(commits.get(0));
        });
        try (Stream<Path> dirs = Files.list(dir.resolve("results-text"))) {
            assertThat(dirs.filter(p -> Files.exists(p.resolve(ResultsStore.FILE_NAME)))).as("no run made").isEmpty();
        }
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

package org.taf.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.config.LoadContext;
import org.taf.runner.results.ResultsFixtures;
import org.taf.runner.results.ResultsStore;
import org.taf.runner.results.RunRecord;
import picocli.CommandLine;

/** {@code taf publish} through picocli with an injected working directory and environment. */
class PublishCommandTest {
    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(Map<String, String> env, String... args) {
        CommandLine cl = Main.commandLine(new LoadContext(dir, env, Path.of("/opt/jdk"), Path.of("/home/t")));
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    @Test
    void publishesEveryRunUnderResultsToSite() {
        ResultsStore.write(dir.resolve("results/20261129-100000-quick"), ResultsFixtures.small());
        assertThat(run(Map.of(), "publish")).isZero();
        // the post, its two charts and their stylesheet, the index, feed, history, Regressions page, glossary, data
        // and assets
        assertThat(out.toString()).isEqualTo("published 1 post to site (13 files)\n"
                + "  site/posts/20261129-100000-quick/index.html\n");
        assertThat(dir.resolve("site/index.html")).isRegularFile();
        assertThat(dir.resolve("site/feed.xml")).isRegularFile();
        assertThat(dir.resolve("site/history/POINT_SELECT.html")).isRegularFile();
        assertThat(dir.resolve("site/pages/glossary.html")).isRegularFile(); // every site has its glossary
        assertThat(dir.resolve("site/regressions.html")).isRegularFile();
    }

    @Test
    void runsThatDidNotCompleteAreSkippedUnlessNamed() {
        RunRecord small = ResultsFixtures.small();
        RunRecord stopped = ResultsFixtures.copy(small, "20261129-110000-quick", small.name(), small.startedAt(),
                small.finishedAt(), RunRecord.RunStatus.INTERRUPTED, null, small.comparisons(), small.warnings());
        ResultsStore.write(dir.resolve("results/20261129-110000-quick"), stopped);
        assertThat(run(Map.of(), "publish")).as(err.toString()).isEqualTo(3);
        assertThat(err.toString()).contains("no completed run under results: 20261129-110000-quick (interrupted);"
                + " name a run to publish it anyway");
        ResultsStore.write(dir.resolve("results/20261129-100000-quick"), small);
        assertThat(run(Map.of(), "publish")).isZero();
        assertThat(out.toString()).startsWith("skipped 1 run that did not complete: 20261129-110000-quick"
                + " (interrupted) (name a run to publish it anyway)\npublished 1 post to site");
        assertThat(dir.resolve("site/posts/20261129-110000-quick")).doesNotExist();
        assertThat(run(Map.of(), "publish", "results/20261129-110000-quick")).isZero();
        assertThat(dir.resolve("site/posts/20261129-110000-quick/index.html")).isRegularFile();
    }

    @Test
    void namedResultsAndSiteDirFromDashDOrTheEnvironment() {
        Path file = ResultsStore.write(dir.resolve("elsewhere/run1"), ResultsFixtures.small());
        assertThat(run(Map.of(), "publish", "elsewhere/run1", "-Doutput.site_dir=out")).isZero();
        assertThat(dir.resolve("out/posts/20261129-100000-quick/index.html")).isRegularFile();
        assertThat(run(Map.of("TAF_OUTPUT_SITE_DIR", "env-site"), "publish", file.toString(), "-Doutput.site_dir=x"))
                .isZero();
        assertThat(dir.resolve("env-site/index.html")).isRegularFile();
        assertThat(dir.resolve("x")).doesNotExist();
    }

    @Test
    void publishingARunAddsItToThePublishedSiteBesideTheRunsItHolds() throws Exception {
        RunRecord story = ResultsFixtures.copy(ResultsFixtures.small(), "20261128-100000-story", "story",
                ResultsFixtures.START.minusSeconds(86_400), ResultsFixtures.START.minusSeconds(86_000),
                RunRecord.RunStatus.COMPLETED, null, ResultsFixtures.small().comparisons(), List.of());
        ResultsStore.write(dir.resolve("old/" + story.runId()), story);
        assertThat(run(Map.of(), "publish", "old/" + story.runId())).isZero();
        // A run of a local site (taf run without output.publish), published deliberately.
        ResultsStore.write(dir.resolve("results/20261129-100000-quick"), ResultsFixtures.small());
        out.getBuffer().setLength(0);
        assertThat(run(Map.of(), "publish", "results/20261129-100000-quick")).isZero();
        assertThat(out.toString()).startsWith("published 1 post to site (");
        assertThat(dir.resolve("site/posts/20261129-100000-quick/index.html")).isRegularFile();
        String index = Files.readString(dir.resolve("site/index.html"));
        assertThat(index).contains("posts/20261129-100000-quick/", "posts/" + story.runId() + "/");
        assertThat(dir.resolve("site-runs/" + story.runId() + "/results.json")).isRegularFile();
    }

    @Test
    void aPageIsKeptInTheSiteAndLinkedFromTheIndex() throws Exception {
        ResultsStore.write(dir.resolve("results/20261129-100000-quick"), ResultsFixtures.small());
        java.nio.file.Files.writeString(dir.resolve("study.md"), "# Power study\n\n| a | b |\n|---|--:|\n| x | 1 |\n");
        assertThat(run(Map.of(), "publish", "--page", "study.md")).isZero();
        assertThat(out.toString()).endsWith("  page site/pages/study.html\n");
        assertThat(dir.resolve("site/data/pages/study.md")).hasSameTextualContentAs(dir.resolve("study.md"));
        assertThat(java.nio.file.Files.readString(dir.resolve("site/index.html")))
                .contains("<a href=\"pages/study.html\">Power study</a>");

        // A later publish without --page renders it again from the kept copy.
        java.nio.file.Files.delete(dir.resolve("site/pages/study.html"));
        assertThat(run(Map.of(), "publish")).isZero();
        assertThat(java.nio.file.Files.readString(dir.resolve("site/pages/study.html")))
                .contains("<h1>Power study</h1>", "<td class=\"num\">1</td>");

        java.nio.file.Files.writeString(dir.resolve("notitle.md"), "no title here\n");
        assertThat(run(Map.of(), "publish", "--page", "notitle.md")).isEqualTo(3);
        assertThat(err.toString()).contains("notitle.md: a page must start with a '# title' line");
        assertThat(dir.resolve("site/data/pages/notitle.md")).doesNotExist();
    }

    @Test
    void badInputIsOneErrorLineAndExitCodeThree() {
        assertThat(run(Map.of(), "publish")).isEqualTo(3);
        assertThat(err.toString()).startsWith("error: no results directory ").contains("run a test definition first");
        err.getBuffer().setLength(0);
        assertThat(run(Map.of(), "publish", "-Doutput.sitedir=x")).isEqualTo(3);
        assertThat(err.toString()).isEqualTo("error: publish: unknown key -Doutput.sitedir (publish reads "
                + "output.site_dir, output.results_dir, results.db.url and results.db.password)\n");
        err.getBuffer().setLength(0);
        assertThat(run(Map.of(), "publish", "missing.json")).isEqualTo(3);
        assertThat(err.toString()).startsWith("error: cannot read ").contains("missing.json");
        assertThat(dir.resolve("site")).doesNotExist();
    }
}

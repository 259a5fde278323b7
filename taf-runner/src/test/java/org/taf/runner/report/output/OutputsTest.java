package org.taf.runner.report.output;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.report.RunFinder;
import org.taf.runner.report.Sites;
import org.taf.runner.report.site.SitePublisher;
import org.taf.runner.results.ResultsFixtures;
import org.taf.runner.results.ResultsStore;
import org.taf.runner.results.RunRecord;

/**
 * Where a run's post goes (issue 19, item 8): the published site only when the definition says the
 * post is for publishing, else a local site under the results; the path printed last either way.
 */
class OutputsTest {
    @TempDir
    Path dir;

    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();

    private String write(boolean publish, RunRecord run) {
        printed.reset();
        Path runDir = dir.resolve("results").resolve(run.runId());
        ResultsStore.write(runDir, run);
        // As output.* gives them: the published site for a post to publish, else a local one under the results.
        Outputs.Destination to = new Outputs.Destination(true,
                publish ? dir.resolve("site") : dir.resolve("results").resolve("site"), publish, dir.resolve("site"));
        Outputs.write(to, run, runDir, new PrintStream(printed, true, StandardCharsets.UTF_8));
        return printed.toString(StandardCharsets.UTF_8);
    }

    @Test
    void byDefaultARunWritesALocalSiteUnderTheResultsAndNothingIntoThePublishedOne() {
        RunRecord run = ResultsFixtures.small();
        String out = write(false, run);
        Path local = dir.resolve("results/site");
        Path post = local.resolve("posts/" + run.runId() + "/index.html");
        assertThat(post).isRegularFile();
        assertThat(local.resolve("index.html")).isRegularFile();
        assertThat(local.resolve("feed.xml")).isRegularFile();
        assertThat(local.resolve("history/POINT_SELECT.html")).isRegularFile();
        assertThat(dir.resolve("results/site-runs/" + run.runId() + "/results.json")).isRegularFile();
        assertThat(local.resolve("data/digests/" + run.runId() + ".json")).isRegularFile();
        assertThat(dir.resolve("site")).doesNotExist();
        assertThat(out.lines().reduce((a, b) -> b).orElseThrow()).isEqualTo("taf: post " + post + " (a local site;"
                + " ./taf publish " + dir.resolve("results").resolve(run.runId()) + " adds it to " + dir.resolve("site")
                + ")");
        // The local site is not taken for a run by what reads the results directory.
        assertThat(RunFinder.findAll(dir.resolve("results"))).extracting(RunRecord::runId).containsExactly(run.runId());
    }

    @Test
    void theLocalSiteAccumulatesItsRunsAsThePublishedOneDoes() throws Exception {
        RunRecord first = ResultsFixtures.small();
        RunRecord second = ResultsFixtures.copy(first, "20261129-110000-quick", "quick",
                first.startedAt().plusSeconds(3600),
                first.finishedAt().plusSeconds(3600), first.status(), first.failure(), first.comparisons(),
                first.warnings());
        write(false, first);
        write(false, second);
        Path local = dir.resolve("results/site");
        assertThat(local.resolve("posts/" + first.runId() + "/index.html")).isRegularFile();
        assertThat(local.resolve("posts/" + second.runId() + "/index.html")).isRegularFile();
        assertThat(Sites.html(local.resolve("index.html")).select(".post-entry")).hasSize(2);
    }

    @Test
    void aPostForPublishingGoesIntoThePublishedSiteOnlyWithTheRunsItHolds() throws Exception {
        RunRecord tried = ResultsFixtures.small();
        write(false, tried); // a local run, in the same results directory
        RunRecord story = ResultsFixtures.copy(tried, "20261129-120000-story", "story", tried.startedAt(),
                tried.finishedAt(), tried.status(), tried.failure(), tried.comparisons(), tried.warnings());
        String out = write(true, story);
        Path site = dir.resolve("site");
        Path post = site.resolve("posts/" + story.runId() + "/index.html");
        assertThat(post).isRegularFile();
        assertThat(out.lines().reduce((a, b) -> b).orElseThrow())
                .isEqualTo("taf: post " + post + " (the published site)");
        // The local run stays out of the published site: its index shows the story alone.
        assertThat(Sites.html(site.resolve("index.html")).select(".post-entry")).hasSize(1);
        assertThat(site.resolve("posts/" + tried.runId())).doesNotExist();
        assertThat(SitePublisher.english(site).held()).extracting(RunRecord::runId).containsExactly(story.runId());
        assertThat(dir.resolve("results/site/posts/" + story.runId())).doesNotExist();
        assertThat(List.of(dir.resolve("results").resolve(story.runId()).resolve("junit.xml"),
                dir.resolve("results").resolve(story.runId()).resolve("summary.txt")))
                .allMatch(p -> p.toFile().isFile());
    }
}

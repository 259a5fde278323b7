package org.taf.runner.report.site;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.report.Messages;
import org.taf.runner.report.ReportException;
import org.taf.runner.report.RunFinder;
import org.taf.runner.report.SiteFixtures;
import org.taf.runner.report.Sites;
import org.taf.runner.report.post.Narratives;
import org.taf.runner.results.PostRecord;
import org.taf.runner.results.ResultsFixtures;
import org.taf.runner.results.ResultsStore;
import org.taf.runner.results.RunRecord;

/** Adding a run to an existing site, failures that leave whole files, and bad run ids. */
class SitePublisherTest {
    @TempDir
    Path dir;

    @Test
    void addRendersOnePostAndRebuildsTheSharedPagesFromTheRunsTheSiteHolds() throws Exception {
        List<RunRecord> old = SiteFixtures.history().subList(0, 2);
        Path site = dir.resolve("site");
        Sites.publish(site, old);
        assertThat(Sites.publisher(site).held()).extracting(RunRecord::runId)
                .containsExactlyInAnyOrderElementsOf(old.stream().map(RunRecord::runId).toList());
        Path oldPost = site.resolve("posts/" + old.get(0).runId() + "/index.html");
        FileTime stamp = FileTime.fromMillis(1_000_000_000L);
        Files.setLastModifiedTime(oldPost, stamp);
        Files.writeString(oldPost, Files.readString(oldPost) + "<!-- kept -->");

        RunRecord fresh = ResultsFixtures.small();
        SitePublisher.Published p = Sites.publisher(site).add(List.of(fresh));
        assertThat(p.posts()).containsExactly(site.resolve("posts/" + fresh.runId() + "/index.html"));
        assertThat(Files.readString(oldPost)).endsWith("<!-- kept -->"); // other posts are not re-rendered
        assertThat(Sites.html(site.resolve("index.html")).select(".post-entry")).hasSize(3);
        assertThat(site.resolve("history/POINT_SELECT.html")).isRegularFile();
        assertThat(Sites.text(site.resolve("data/index.json"))).contains(fresh.runId(), old.get(1).runId());

        // the same run again replaces its post (here: a new title), the index still lists it once
        RunRecord renamed = ResultsFixtures.copy(fresh, fresh.runId(), "renamed", fresh.startedAt(), fresh.finishedAt(),
                fresh.status(), fresh.failure(), fresh.comparisons(), fresh.warnings());
        Sites.publisher(site).add(List.of(renamed));
        assertThat(Sites.html(site.resolve("index.html")).select(".post-entry")).hasSize(3);
        assertThat(Sites.publisher(site).held()).filteredOn(r -> r.runId().equals(fresh.runId()))
                .singleElement().extracting(RunRecord::name).isEqualTo("renamed");
    }

    @Test
    void aNewSiteHoldsNoRunsAndAddingToItShowsOnlyTheRunAdded() throws Exception {
        Path site = dir.resolve("elsewhere");
        assertThat(Sites.publisher(site).held()).isEmpty();
        RunRecord run = ResultsFixtures.small();
        Sites.publisher(site).add(List.of(run));
        assertThat(Sites.html(site.resolve("index.html")).select(".post-entry")).hasSize(1);
        assertThat(Sites.publisher(site).held()).extracting(RunRecord::runId).containsExactly(run.runId());
    }

    @Test
    void aRunIdThatIsNotAPlainNameIsRefused() {
        RunRecord r = ResultsFixtures.small();
        RunRecord evil = ResultsFixtures.copy(r, "../../etc", r.name(), r.startedAt(), r.finishedAt(), r.status(),
                r.failure(), r.comparisons(), r.warnings());
        assertThatThrownBy(() -> Sites.publish(dir, List.of(evil))).isInstanceOf(ReportException.class)
                .hasMessageContaining("run id '../../etc' cannot name a directory");
    }

    /**
     * A story published without its story is what the four posts of 2026-12-01/02 were ("was not found"):
     * a narrative that can be read neither from its file nor from the record fails the publish, naming
     * the run and the file, and nothing of the post is written.
     */
    @Test
    void aNarrativeThatCannotBeReadFailsThePublishNamingTheFile() throws Exception {
        RunRecord run = SiteFixtures.goldenBranches();
        assertThatThrownBy(() -> new SitePublisher(dir, Messages.english(), p -> Optional.empty())
                .publish(List.of(run))).isInstanceOf(ReportException.class)
                .hasMessageContaining("run " + run.runId() + ": post.narrative = notes/mdev37992.md")
                .hasMessageContaining("cannot read the narrative");
        assertThat(dir.resolve("posts/" + run.runId() + "/index.html")).doesNotExist();
        Path md = dir.resolve("n.md");
        Files.writeString(md, "hello *there*");
        assertThat(Narratives.read(md)).contains("hello *there*");
        assertThat(Narratives.read(dir.resolve("missing.md"))).isEmpty();
    }

    /** A run that called a cell regressed is on the Regressions page, without waiting for a change point. */
    @Test
    void theRegressionsPageListsPostsThatFoundARegression() throws Exception {
        RunRecord run = SiteFixtures.goldenBranches();
        Sites.publish(dir, List.of(run, ResultsFixtures.small()));
        var page = Sites.html(dir.resolve("regressions.html"));
        var posts = page.select("ul.regressed-posts > li");
        assertThat(posts).hasSize(1);
        assertThat(posts.get(0).selectFirst("a").attr("href")).isEqualTo("posts/" + run.runId() + "/index.html");
        assertThat(posts.get(0).selectFirst(".note").text())
                .isEqualTo("12.3 POINTS-COVERED-PK@1 (0.903 [0.885, 0.921])");
        assertThat(page.text()).contains("No change points in the 11 history series");
    }

    /** A run records its narrative's text: a machine without the file still publishes the story whole. */
    @Test
    void theRecordedNarrativeIsPublishedWhereTheFileIsMissing() throws Exception {
        RunRecord run = SiteFixtures.withPost(SiteFixtures.goldenBranches(), new PostRecord("A story", null, 1,
                "/nowhere/story.md", "## What happened\n\nThe pool mutex *left* the hit path.", null, List.of()));
        new SitePublisher(dir, Messages.english(), p -> Optional.empty()).publish(List.of(run));
        var post = Sites.html(dir.resolve("posts/" + run.runId() + "/index.html"));
        assertThat(post.selectFirst("#narrative h2").text()).isEqualTo("The story");
        assertThat(post.selectFirst("#narrative em").text()).isEqualTo("left");
        assertThat(post.text()).doesNotContain("was not found");
    }

    @Test
    void runFinderReadsRunDirectoriesAndRefusesTheSameRunTwice() throws Exception {
        RunRecord a = ResultsFixtures.small();
        Path results = dir.resolve("results");
        ResultsStore.write(results.resolve(a.runId()), a);
        ResultsStore.write(results.resolve("copy"), a);
        Files.createDirectories(results.resolve("empty"));
        assertThatThrownBy(() -> RunFinder.findAll(results)).isInstanceOf(ReportException.class)
                .hasMessageContaining("run 20261129-100000-quick is in both").hasMessageContaining("copy/results.json");
        assertThat(RunFinder.read(List.of(results.resolve(a.runId())))).containsExactly(a);
        assertThatThrownBy(() -> RunFinder.findAll(dir.resolve("none"))).hasMessageContaining("no results directory");
        assertThatThrownBy(() -> RunFinder.findAll(results.resolve("empty"))).hasMessageContaining("no results under");
    }
}

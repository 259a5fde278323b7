package org.taf.runner.report.site;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.report.SiteFixtures;
import org.taf.runner.report.SitePaths;
import org.taf.runner.report.Sites;
import org.taf.runner.results.DefinitionRecord;
import org.taf.runner.results.DefinitionRecord.SettingRecord;
import org.taf.runner.results.ResultsFixtures;
import org.taf.runner.results.RunRecord;
import org.taf.runner.stats.EDivisive;

/**
 * A publish renders exactly the pages its runs change, and the site it leaves is byte for byte the one a
 * publish of every run at once makes; the change points of a stretch already searched are not searched again.
 */
class SiteIncrementalTest {
    @TempDir
    Path dir;

    @Test
    void aNightlyRunRendersItsPostItsWorkloadsHistoryAndTheSharedPagesOnly() throws Exception {
        List<RunRecord> nights = HistoryFixtures.tenPercentStepAtNight17(); // POINT_SELECT, one change point
        RunRecord other = SiteFixtures.goldenBranches(); // POINTS-COVERED-PK
        Path site = dir.resolve("site");
        List<RunRecord> first = new ArrayList<>(nights.subList(0, 29));
        first.add(other);
        Sites.publisher(site).add(first);
        Path otherHistory = site.resolve("history/POINTS-COVERED-PK.html");
        Object otherInode = Files.getAttribute(otherHistory, "unix:ino");

        RunRecord night = nights.get(29);
        SitePublisher.Published p = Sites.publisher(site).add(List.of(night));
        assertThat(p.posts()).containsExactly(site.resolve(SitePaths.post(night.runId())));
        String figures = "posts/" + night.runId() + "/figures/";
        assertThat(p.files().stream().map(f -> site.relativize(f).toString())).containsExactly(
                "assets/favicon.svg", "assets/taf.css", SitePaths.digest(night.runId()),
                "data/index.json",
                "feed.xml", "history/POINT_SELECT.html", "index.html",
                figures + "c-default-POINT_SELECT-2-cpu.svg", figures + "c-default-POINT_SELECT-2-tps.svg",
                figures + "figures.css", SitePaths.post(night.runId()), // the post's charts, written with it
                "regressions.html");
        assertThat(Files.getAttribute(otherHistory, "unix:ino")).as("not rewritten").isEqualTo(otherInode);

        // The same site as one publish of every run makes.
        List<RunRecord> all = new ArrayList<>(first);
        all.add(night);
        Path once = dir.resolve("once");
        Sites.publisher(once).add(all);
        assertThat(Sites.tree(site)).isEqualTo(Sites.tree(once));

        // The same run again changes nothing: no post, no history.
        SitePublisher.Published again = Sites.publisher(site).add(List.of(night));
        assertThat(again.posts()).isEmpty();
        assertThat(again.files()).doesNotContain(site.resolve("history/POINT_SELECT.html"));
        assertThat(Sites.tree(site)).isEqualTo(Sites.tree(once));
    }

    @Test
    void aNewStoryRunRendersTheEarlierPostItSupersedesAndAMissingPageIsRenderedAgain() throws Exception {
        Instant t = Instant.parse("2026-12-01T10:00:00Z");
        RunRecord small = ResultsFixtures.small();
        RunRecord earlier = story(small, t);
        RunRecord ordinary = ResultsFixtures.copy(small, "20261201-090000-ordinary", "ordinary", t.minusSeconds(3600),
                t, small.status(), null, small.comparisons(), small.warnings());
        Path site = dir.resolve("site");
        Sites.publisher(site).add(List.of(earlier, ordinary));
        Files.delete(site.resolve(SitePaths.post(ordinary.runId())));

        RunRecord later = story(small, t.plusSeconds(86_400));
        SitePublisher.Published p = Sites.publisher(site).add(List.of(later));
        assertThat(p.posts()).containsExactly(site.resolve(SitePaths.post(later.runId())),
                site.resolve(SitePaths.post(earlier.runId())), site.resolve(SitePaths.post(ordinary.runId())));
        assertThat(Sites.text(site.resolve(SitePaths.post(earlier.runId())))).contains(later.runId());
    }

    @Test
    void aStretchSearchedBeforeIsTakenFromTheCacheTheSiteKeeps() throws Exception {
        double[] values = HistoryFixtures.step(3, 40, 60_000, 0.01, 20, 0.9);
        EDivisive.Options o = EDivisive.Options.defaults();
        ChangePointCache first = ChangePointCache.empty();
        List<EDivisive.ChangePoint> found = first.detect(values, o);
        assertThat(first.searched()).isOne();
        Path file = dir.resolve("change-points.json");
        Files.write(file, first.json());
        ChangePointCache next = ChangePointCache.read(file);
        assertThat(next.detect(values, o)).isEqualTo(found).isEqualTo(EDivisive.detect(values, o)).hasSize(1);
        assertThat(next.searched()).isZero();
        values[39] *= 1.001; // one point more or changed: searched again
        next.detect(values, o);
        assertThat(next.searched()).isOne();
    }

    private static RunRecord story(RunRecord r, Instant start) {
        String name = "a-story";
        List<SettingRecord> settings = new ArrayList<>(r.definition().settings());
        settings.add(new SettingRecord("post.story", "1", name + ".properties:3"));
        DefinitionRecord d = r.definition();
        RunRecord copy = ResultsFixtures.copy(r, start.toString().replaceAll("[^0-9]", "").substring(0, 14) + "-"
                + name, name, start, start.plusSeconds(600), r.status(), r.failure(), r.comparisons(), r.warnings());
        return new RunRecord(copy.formatVersion(), copy.runId(), copy.name(), copy.comments(), copy.startedAt(),
                copy.finishedAt(), copy.status(), copy.failure(), copy.runnerVersion(),
                new DefinitionRecord(d.file(), d.sourceText(), settings, d.command()), copy.environment(),
                copy.comparisons(), copy.warnings(), copy.plannedMde(), copy.adaptive(), copy.judgement());
    }
}

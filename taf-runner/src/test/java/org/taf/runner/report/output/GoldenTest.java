package org.taf.runner.report.output;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TimeZone;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.config.Golden;
import org.taf.runner.report.SiteFixtures;
import org.taf.runner.report.Sites;
import org.taf.runner.results.ResultsFixtures;
import org.taf.runner.results.RunRecord;

/**
 * The formats people and machines read, sealed by golden files: a post, the index, a workload
 * history, the feed, JUnit XML and the text summary, rendered from fixed synthetic results. The
 * machine's default locale and time zone are set to something else on purpose: output must not
 * depend on them. Regenerate with {@code -Dtaf.golden.update=true}, then review the diff.
 */
class GoldenTest {
    private static final String REGENERATE = "mvn -pl taf-runner -am test -Dtest=GoldenTest "
            + "-Dsurefire.failIfNoSpecifiedTests=false -Dtaf.golden.update=true";

    @TempDir
    Path dir;

    private static Path golden(String name) {
        return Golden.file("report/" + name);
    }

    private Map<String, String> renderWithForeignDefaults(Path site) throws Exception {
        Locale locale = Locale.getDefault();
        TimeZone zone = TimeZone.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            TimeZone.setDefault(TimeZone.getTimeZone("Asia/Kolkata"));
            Sites.publish(site, SiteFixtures.history());
            return Sites.tree(site);
        } finally {
            Locale.setDefault(locale);
            TimeZone.setDefault(zone);
        }
    }

    @Test
    void siteMatchesTheGoldenFiles() throws Exception {
        Map<String, String> site = renderWithForeignDefaults(dir.resolve("site"));
        RunRecord run = SiteFixtures.goldenBranches();
        Golden.assertMatches(golden("post.html"), site.get("posts/" + run.runId() + "/index.html"), REGENERATE);
        Golden.assertMatches(golden("index.html"), site.get("index.html"), REGENERATE);
        Golden.assertMatches(golden("feed.xml"), site.get("feed.xml"), REGENERATE);
        Golden.assertMatches(golden("history-POINT_SELECT.html"), site.get("history/POINT_SELECT.html"), REGENERATE);
        Golden.assertMatches(golden("data-index.json"), site.get("data/index.json"), REGENERATE);
    }

    @Test
    void junitAndSummaryMatchTheGoldenFiles() throws Exception {
        Golden.assertMatches(golden("junit.xml"), JUnitXmlWriter.render(SiteFixtures.goldenBranches()), REGENERATE);
        Golden.assertMatches(golden("summary.txt"), SummaryWriter.render(SiteFixtures.goldenBranches()), REGENERATE);
        Golden.assertMatches(golden("summary-small.txt"), SummaryWriter.render(ResultsFixtures.small()), REGENERATE);
    }

    @Test
    void theSameResultsGiveByteIdenticalSitesAndAnUnchangedFileIsNotRewritten() throws Exception {
        Map<String, String> a = renderWithForeignDefaults(dir.resolve("a"));
        Sites.publish(dir.resolve("b"), SiteFixtures.history());
        assertThat(Sites.tree(dir.resolve("b"))).isEqualTo(a);
        assertThat(a).containsKeys("index.html", "feed.xml", "assets/taf.css", "data/index.json",
                "history/POINTS-COVERED-PK.html", "history/POINT_SELECT.html",
                "data/digests/20261014-080000-mdev37992.json");
        assertThat(a).as("the runs are kept beside the site").doesNotContainKey(
                "data/runs/20261014-080000-mdev37992/results.json");

        Path index = dir.resolve("b/index.html");
        FileTime old = FileTime.fromMillis(1_000_000_000L);
        Files.setLastModifiedTime(index, old);
        Sites.publish(dir.resolve("b"), SiteFixtures.history());
        assertThat(Files.getLastModifiedTime(index)).isEqualTo(old);
        try (var files = Files.walk(dir)) {
            assertThat(files.map(Path::toString).filter(p -> p.endsWith(".tmp")).toList()).isEmpty();
        }
    }

    @Test
    void theSitesRunsAreKeptBesideItAsTheResultsStoreWritesThem() throws Exception {
        Path site = dir.resolve("site");
        Sites.publish(site, List.of(ResultsFixtures.small()));
        Path stored = org.taf.runner.results.ResultsStore.write(dir.resolve("results/x"), ResultsFixtures.small());
        assertThat(Files.readAllBytes(dir.resolve("site-runs/20261129-100000-quick/results.json")))
                .isEqualTo(Files.readAllBytes(stored));
        assertThat(org.taf.runner.results.ResultsStore.read(dir.resolve("site-runs/20261129-100000-quick")))
                .isEqualTo(ResultsFixtures.small());
    }
}

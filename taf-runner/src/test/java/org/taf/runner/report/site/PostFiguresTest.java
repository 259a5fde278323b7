package org.taf.runner.report.site;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.report.SiteFixtures;
import org.taf.runner.report.Sites;
import org.taf.runner.results.DefinitionRecord;
import org.taf.runner.results.ResultsFixtures;
import org.taf.runner.results.ResultsStore;
import org.taf.runner.results.RunRecord;

/**
 * Light posts: a cell's flame graphs and charts are files beside the post ({@code figures/}), drawn by the post's
 * own stylesheet into links that open them, so a post's HTML stays small; a phone gets each graph's top frames as a
 * table. Published from the runs the committed site is made of (a story of 39 flame graphs was 1.1 MB), and a
 * publish removes the files a post no longer shows. When the files load is the browser's part: SiteBrowserIT.
 */
class PostFiguresTest {
    /** The most a post's HTML may weigh. */
    static final long MAX_POST_BYTES = 400 * 1024;
    static final Path SITE_RUNS = Path.of("../site-runs");
    static final String BP = "20261204-155602-bp-instances";

    @TempDir
    static Path dir;
    static Path site;

    @BeforeAll
    static void publishTheCommittedRuns() throws IOException {
        List<RunRecord> runs;
        try (Stream<Path> s = Files.list(SITE_RUNS)) {
            runs = s.sorted().map(ResultsStore::read).toList();
        }
        site = dir.resolve("site");
        Sites.publish(site, runs);
    }

    private static List<Path> posts() throws IOException {
        try (Stream<Path> s = Files.list(site.resolve("posts"))) {
            return s.map(p -> p.resolve("index.html")).sorted().toList();
        }
    }

    @Test
    void everyPostWeighsLessThan400KbItsFiguresBesideIt() throws IOException {
        List<Path> posts = posts();
        assertThat(posts).hasSizeGreaterThanOrEqualTo(14);
        for (Path post : posts) {
            assertThat(Files.size(post)).as("%s", site.relativize(post)).isLessThan(MAX_POST_BYTES);
        }
        Path bp = site.resolve("posts/" + BP);
        try (Stream<Path> s = Files.list(bp.resolve("figures"))) {
            assertThat(s.mapToLong(PostFiguresTest::size).sum()).as("its figures, beside it")
                    .isGreaterThan(MAX_POST_BYTES);
        }
        // A "moved against the verdict" counter links to the story, which a run without a narrative lacks (not
        // the figures' concern).
        assertThat(Sites.brokenLinks(site)).filteredOn(l -> !l.endsWith("#narrative (no such fragment)")).isEmpty();
    }

    @Test
    void aCellsFlameGraphIsAClosedLinkToItsFileDrawnByThePostsStylesheet() throws IOException {
        Document post = Sites.html(site.resolve("posts/" + BP + "/index.html"));
        assertThat(post.select("svg.flame")).as("inline: the headlines' cropped graphs only")
                .allSatisfy(svg -> assertThat(svg.closest("figure.flame-crop")).isNotNull()).hasSize(3);
        List<Element> flames = post.select("details.flame");
        assertThat(flames).hasSize(36).allSatisfy(d -> assertThat(d.hasAttr("open")).isFalse());
        String css = Files.readString(site.resolve("posts/" + BP + "/figures/figures.css"));
        assertThat(post.select("article link[rel=stylesheet]").attr("href")).isEqualTo("figures/figures.css");
        for (Element pic : post.select("a.pic")) {
            String href = pic.attr("href");
            assertThat(href).startsWith("figures/").endsWith(".svg");
            assertThat(site.resolve("posts/" + BP).resolve(href)).isRegularFile();
            assertThat(css).contains("a.pic[href=\"" + href + "\"] { background-image: url(\""
                    + href.substring("figures/".length()) + "\");");
            assertThat(pic.attr("aria-label")).isNotBlank();
        }
        assertThat(post.select("a.flame-pic")).hasSize(36);
        assertThat(post.select("a.chart-pic")).hasSize(12);
        assertThat(css).contains("a.pic[href=\"figures/c-instances-2-OLTP_RO-2-flame-cpu-diff.svg\"] {"
                + " background-image: url(\"c-instances-2-OLTP_RO-2-flame-cpu-diff.svg\"); width: 1000px; height: ");
        assertThat(css).containsPattern("a.pic\\[href=\"figures/c-instances-2-OLTP_RO-2-tps.svg\"] \\{"
                + " background-image: url\\(\"c-instances-2-OLTP_RO-2-tps.svg\"\\); max-width: 480px;"
                + " aspect-ratio: 480 / \\d+; }");
    }

    @Test
    void aPhoneGetsEachGraphsTopFramesWithALinkToTheGraph() throws IOException {
        Document post = Sites.html(site.resolve("posts/" + BP + "/index.html"));
        for (Element flame : post.select("details.flame")) {
            String file = flame.selectFirst("a.flame-pic").attr("href");
            Element table = flame.selectFirst("table.flame-frames");
            assertThat(table.selectFirst("caption a").attr("href")).isEqualTo(file);
            List<Element> rows = table.select("tbody tr");
            assertThat(rows).isNotEmpty().hasSizeLessThanOrEqualTo(10);
            boolean diff = file.endsWith("-diff.svg");
            assertThat(table.select("thead th").eachText()).isEqualTo(diff ? List.of("Frame", "Parent", "Patch",
                    "Change") : List.of("Frame", "Own", "Share"));
            for (Element row : rows) {
                assertThat(row.select("td")).hasSize(diff ? 3 : 2);
                Element frame = row.selectFirst("code");
                assertThat(frame.attr("title")).as("its full name").hasSizeGreaterThanOrEqualTo(frame.text().length());
            }
        }
        // the cropped graph of the headline has its table too, for a phone
        assertThat(post.select("figure.flame-crop table.flame-frames")).hasSize(3);
    }

    /** A run of the story {@code story} of the golden branches (a cell with flame graphs), started at {@code at}. */
    private static RunRecord storyRun(String id, Instant at) {
        RunRecord r = SiteFixtures.goldenBranches();
        List<DefinitionRecord.SettingRecord> settings = new java.util.ArrayList<>(r.definition().settings());
        settings.add(new DefinitionRecord.SettingRecord("post.story", "1", "x.properties:1"));
        RunRecord copy = ResultsFixtures.copy(r, id, r.name(), at, at.plusSeconds(600), r.status(), r.failure(),
                r.comparisons(), r.warnings());
        DefinitionRecord d = r.definition();
        return new RunRecord(copy.formatVersion(), copy.runId(), copy.name(), copy.comments(), copy.startedAt(),
                copy.finishedAt(), copy.status(), copy.failure(), copy.runnerVersion(),
                new DefinitionRecord(d.file(), d.sourceText(), settings, d.command()), copy.environment(),
                copy.comparisons(), copy.warnings(), copy.plannedMde(), copy.adaptive(), copy.judgement());
    }

    @Test
    void aPublishRemovesTheFilesAPostNoLongerShows(@TempDir Path tmp) throws IOException {
        Path s = tmp.resolve("site");
        RunRecord old = storyRun("20261201-100000-story", Instant.parse("2026-12-01T10:00:00Z"));
        Sites.publisher(s).add(List.of(old));
        Path figures = s.resolve("posts/" + old.runId() + "/figures");
        assertThat(names(figures)).anyMatch(n -> n.contains("-flame-")).anyMatch(n -> n.endsWith("-tps.svg"));
        Files.writeString(figures.resolve("gone.svg"), "<svg/>"); // a graph an earlier render drew

        Sites.publisher(s).add(List.of(storyRun("20261202-100000-story", Instant.parse("2026-12-02T10:00:00Z"))));
        // superseded: its cells' flame graphs stay in its record; its charts and headline's graph stay beside it
        assertThat(names(figures)).noneMatch(n -> n.contains("-flame-") && !n.endsWith("-flame-crop.svg"))
                .doesNotContain("gone.svg").anyMatch(n -> n.endsWith("-tps.svg")).contains("figures.css");
        assertThat(Sites.brokenLinks(s)).isEmpty();
    }

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}

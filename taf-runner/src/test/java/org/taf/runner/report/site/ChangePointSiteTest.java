package org.taf.runner.report.site;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.config.Golden;
import org.taf.runner.report.Formats;
import org.taf.runner.report.Palette;
import org.taf.runner.report.SitePaths;
import org.taf.runner.report.Sites;
import org.taf.runner.report.site.HistoryFixtures.Night;
import org.taf.runner.results.RunRecord;

/**
 * The change points on the site: 30 synthetic nights of POINT_SELECT whose patch TPS drops 10% at night
 * 17, and whose kernel is upgraded at night 25. The history chart draws the segment rule and the change
 * mark, the Regressions page lists the change with its commit range (a golden file), the feed has an
 * entry for it, and every page links to the Regressions page.
 */
class ChangePointSiteTest {
    private static final String REGENERATE = "mvn -pl taf-runner -am test -Dtest=ChangePointSiteTest "
            + "-Dsurefire.failIfNoSpecifiedTests=false -Dtaf.golden.update=true";

    @TempDir
    static Path dir;
    private static Path site;

    static List<RunRecord> nights() {
        List<Night> where = new ArrayList<>(HistoryFixtures.all(25, Night.base()));
        where.addAll(HistoryFixtures.all(5, Night.base().kernel("6.1.0-21-amd64")));
        return HistoryFixtures.nights(HistoryFixtures.step(11, 30, 60_000, 0.01, 17, 0.90), where);
    }

    @BeforeAll
    static void publish() {
        site = dir.resolve("site");
        Sites.publish(site, nights());
    }

    @Test
    void theRegressionsPageMatchesItsGoldenFile() throws Exception {
        Golden.assertMatches(Golden.file("report/regressions.html"), Sites.text(site.resolve("regressions.html")),
                REGENERATE);
    }

    @Test
    void theRegressionsPageListsTheChangeWithItsCommitRangeAndLinksToTheSeries() throws Exception {
        Document d = Sites.html(site.resolve("regressions.html"));
        List<Element> rows = d.select("table.changes tbody tr");
        assertThat(rows).hasSize(1);
        Element row = rows.get(0);
        assertThat(row.select("code.sha").eachText()).containsExactly("c0000016", "c0000017");
        assertThat(row.text()).contains("POINT_SELECT, 2 threads, HEAD~1 vs HEAD").contains("regression")
                .containsPattern("-\\d+\\.\\d%");
        String href = row.selectFirst("a").attr("href");
        assertThat(href).startsWith("history/POINT_SELECT.html#s-");
        Document history = Sites.html(site.resolve("history/POINT_SELECT.html"));
        assertThat(history.getElementById(href.substring(href.indexOf('#') + 1))).isNotNull();
    }

    @Test
    void theHistoryChartDrawsTheSegmentRuleAndTheChangeMark() throws Exception {
        Document d = Sites.html(site.resolve("history/POINT_SELECT.html"));
        assertThat(d.select("section.series")).hasSize(1);
        Element svg = d.selectFirst("section.series svg");
        List<String> labels = svg.select("text.marker-label").eachText();
        assertThat(labels).contains("new segment: kernel");
        assertThat(labels).anyMatch(l -> l.matches("-\\d+\\.\\d%"));
        // The segment's rule is solid, the change point's mark dashed.
        assertThat(svg.select("line[stroke='" + Palette.MARK + "']").stream()
                .filter(l -> !l.hasAttr("stroke-dasharray") && Double.parseDouble(l.attr("x1")) > 0
                        && l.attr("x1").equals(l.attr("x2")) && !l.attr("y1").equals(l.attr("y2"))
                        && l.attr("stroke-width").equals("1.6"))).hasSize(1);
        assertThat(svg.select("line[stroke='" + Palette.verdict("REGRESSED") + "'][stroke-dasharray]")).hasSize(1);
        assertThat(d.select("ul.segments li").eachText()).singleElement().asString()
                .contains("kernel 6.1.0-18-amd64 \u2192 6.1.0-21-amd64");
        assertThat(d.select("section.series table.changes tbody tr")).hasSize(1);
    }

    @Test
    void theFeedHasAnEntryForTheChangeAheadOfThePostOfItsRun() throws Exception {
        Document feed = org.jsoup.Jsoup.parse(Sites.text(site.resolve("feed.xml")), "",
                org.jsoup.parser.Parser.xmlParser());
        List<Element> entries = feed.select("entry");
        assertThat(entries).hasSize(31);
        List<String> hrefs = entries.stream().map(e -> e.selectFirst("link").attr("href")).toList();
        int change = hrefs.indexOf(hrefs.stream().filter(h -> h.startsWith("regressions.html#")).findFirst()
                .orElseThrow());
        RunRecord night17 = nights().get(17);
        assertThat(hrefs.get(change + 1)).isEqualTo(SitePaths.post(night17.runId()));
        Element e = entries.get(change);
        assertThat(e.selectFirst("title").text()).contains("POINT_SELECT, 2 threads").contains("regression")
                .contains("c0000017");
        assertThat(e.selectFirst("published").text()).isEqualTo(Formats.iso(night17.startedAt()));
    }

    @Test
    void aStepAtAKernelUpgradeIsRefusedUnlessThePublisherJoinsSegmentsAndThenSaysSo() throws Exception {
        List<Night> where = new ArrayList<>(HistoryFixtures.all(15, Night.base()));
        where.addAll(HistoryFixtures.all(15, Night.base().kernel("6.1.0-21-amd64")));
        List<RunRecord> runs = HistoryFixtures.nights(HistoryFixtures.step(5, 30, 60_000, 0.01, 15, 0.90), where);

        Path refused = dir.resolve("refused");
        Sites.publish(refused, runs);
        assertThat(Sites.html(refused.resolve("regressions.html")).select("table.changes tbody tr")).isEmpty();

        Path joined = dir.resolve("joined");
        Sites.publisher(joined).joiningSegments().publish(runs);
        List<Element> rows = Sites.html(joined.resolve("regressions.html")).select("table.changes tbody tr");
        assertThat(rows).hasSize(1);
        assertThat(rows.get(0).select(".note").text()).startsWith("at an environment change");
    }

    @Test
    void everyPageLinksToTheRegressionsPage() throws Exception {
        assertThat(Sites.html(site.resolve("index.html")).select("nav a[href=regressions.html]")).hasSize(1);
        assertThat(Sites.html(site.resolve("history/POINT_SELECT.html")).select("nav a[href=../regressions.html]"))
                .hasSize(1);
    }
}

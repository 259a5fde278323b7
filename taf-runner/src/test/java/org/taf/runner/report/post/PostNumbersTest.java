package org.taf.runner.report.post;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.select.Elements;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.report.SiteFixtures;
import org.taf.runner.report.Sites;
import org.taf.runner.report.site.SitePublisher;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.IterationRecord;
import org.taf.runner.results.RunRecord;
import org.taf.runner.results.SampleRecord;

/**
 * Every number the post shows is read back with jsoup and compared with the value computed here,
 * independently, from the results: summary TPS and ratios from the verdicts (and the verdicts'
 * TPS from the iterations, the median of iteration medians), iteration medians from the samples,
 * throughput per used core from TPS and min(threads, CPUs), and the sheet's marks from the 1% rule.
 */
class PostNumbersTest {
    @TempDir
    static Path dir;
    static RunRecord run;
    static Document post;
    static Path postFile;

    @BeforeAll
    static void render() throws Exception {
        run = SiteFixtures.branches();
        SitePublisher.Published site = Sites.publish(dir, List.of(run));
        postFile = Sites.post(site, run);
        post = Sites.html(postFile);
    }

    /** "17,925" as 17925; a dash as NaN. */
    static double number(String s) {
        String t = s.strip().replace(",", "").replace("%", "");
        return t.equals("\u2014") || t.isEmpty() ? Double.NaN : Double.parseDouble(t);
    }

    /** The test's own median, written apart from the code under test. */
    static double median(List<Double> v) {
        double[] a = v.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(a);
        return a.length % 2 == 1 ? a[a.length / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
    }

    static double iterationMedian(IterationRecord it) {
        return median(it.samples().stream().map(s -> s.events() / s.intervalSeconds()).toList());
    }

    /** TPS shown with whole numbers from 100 up: a displayed value is within half a unit of the truth. */
    static void assertShown(String shown, double expected) {
        double tolerance = Math.abs(expected) >= 100 ? 0.5 : Math.abs(expected) >= 10 ? 0.05 : 0.005;
        assertThat(number(shown)).as("shown %s for %s", shown, expected).isCloseTo(expected, within(tolerance + 1e-9));
    }

    @Test
    void summaryTableNumbersAreTheVerdictsAndTheVerdictsAreMediansOfIterationMedians() {
        Elements rows = post.select("table.summary tr.cell-row");
        List<CellRecord> cells = new ArrayList<>();
        run.comparisons().forEach(c -> cells.addAll(c.cells()));
        assertThat(rows).hasSize(cells.size());
        for (int i = 0; i < rows.size(); i++) {
            Element row = rows.get(i);
            CellRecord cell = cells.get(i);
            Element workloadHead = row.previousElementSiblings().select("tr.workload-head").first();
            assertThat(workloadHead.text()).isEqualTo(cell.workload());
            assertThat((int) number(row.selectFirst("th.num").text())).isEqualTo(cell.threads());
            var v = cell.verdict();
            if (v.parentTps() == null) {
                assertThat(row.selectFirst("td.patch-tps").text()).isEqualTo("build failed");
                continue;
            }
            assertShown(row.selectFirst("td.parent-tps").text(), v.parentTps());
            assertShown(row.selectFirst("td.patch-tps").text(), v.patchTps());
            assertThat(number(row.selectFirst("td.ratio").ownText())).isCloseTo(v.ratio(), within(0.0005));
            assertThat(row.selectFirst("td.ratio .interval").text())
                    .isEqualTo(String.format(java.util.Locale.ROOT, "[%.3f, %.3f]", v.ciLow(), v.ciHigh()));
            // the verdict's TPS is what the stats stage defines: the median of the iterations' medians
            assertThat(v.parentTps()).isCloseTo(median(cell.parent().stream().map(PostNumbersTest::iterationMedian)
                    .toList()), within(1e-6));
            assertShown(row.selectFirst("td.patch-tps").text(),
                    median(cell.patch().stream().map(PostNumbersTest::iterationMedian).toList()));
            assertThat(row.selectFirst(".badge").className()).contains("v-" + v.verdict().name().toLowerCase()
                    .replace('_', '-'));
        }
    }

    @Test
    void iterationTablesShowEachIterationsMedianFromItsSamples() {
        for (ComparisonRecord c : run.comparisons()) {
            for (CellRecord cell : c.cells()) {
                Element section = post.getElementById(PostContext.cellAnchor(c, cell));
                assertThat(section).as("section of %s %s@%d", c.name(), cell.workload(), cell.threads()).isNotNull();
                Elements medians = section.select("table.iterations td.median");
                List<IterationRecord> all = new ArrayList<>(cell.parent());
                all.addAll(cell.patch());
                all.sort(java.util.Comparator.comparingInt(IterationRecord::sequence));
                assertThat(medians).hasSize(all.size());
                for (int i = 0; i < all.size(); i++) {
                    assertShown(medians.get(i).text(), iterationMedian(all.get(i)));
                }
            }
        }
    }

    @Test
    void sheetsShowTpsPerUsedCoreAndMarkPatchesBeyondOnePercent() {
        Elements sheets = post.select("section.sweep table.sheet");
        assertThat(sheets).hasSize(2);
        Elements tpsRows = sheets.get(0).select("tbody tr");
        Elements coreRows = sheets.get(1).select("tbody tr");
        List<ComparisonRecord> measured = run.comparisons().subList(0, 3);
        int[] threads = {1, 2, 4, 8, 16, 32, 64};
        assertThat(tpsRows).hasSize(threads.length);
        int marked = 0;
        for (int r = 0; r < threads.length; r++) {
            int t = threads[r];
            int used = Math.min(t, 96); // the fixture's host: 96 logical CPUs, engine not pinned
            assertThat(number(coreRows.get(r).select("td").get(0).text())).isEqualTo(used);
            Elements tpsCells = tpsRows.get(r).select("td");
            Elements coreCells = coreRows.get(r).select("td");
            for (int c = 0; c < measured.size(); c++) {
                CellRecord cell = SweepBuilder.cellOf(measured.get(c), "POINTS-COVERED-PK", t);
                Element parentCore = coreCells.get(1 + 2 * c);
                Element patchCore = coreCells.get(2 + 2 * c);
                assertShown(tpsCells.get(1 + 2 * c).ownText(), cell.verdict().parentTps());
                assertShown(parentCore.ownText(), cell.verdict().parentTps() / used);
                assertShown(patchCore.ownText(), cell.verdict().patchTps() / used);
                double ratio = cell.verdict().patchTps() / cell.verdict().parentTps();
                String expected = ratio > 1.01 ? "faster" : ratio < 0.99 ? "slower" : "";
                assertThat(patchCore.hasClass("faster")).isEqualTo(expected.equals("faster"));
                assertThat(patchCore.hasClass("slower")).isEqualTo(expected.equals("slower"));
                assertThat(parentCore.hasClass("faster") || parentCore.hasClass("slower")).isFalse();
                marked += expected.isEmpty() ? 0 : 1;
            }
        }
        assertThat(marked).isEqualTo(21); // every measured patch cell of the fixture is beyond 1%
        assertThat(post.select("table.sheet td.slower")).hasSize(4); // 12.3@1 and 13.1@8, in both sheets
    }

    @Test
    void environmentShowsTheHostAndTheCpuStateAchieved() {
        String env = post.getElementById("environment").text();
        assertThat(env).contains("AMD EPYC 9454 48-Core Processor", "1 / 48 / 96", "124.98 GiB",
                "AlmaLinux 9.8 (Olive Jaguar)", "5.14.0-687.29.1.el9_8.x86_64", "Eclipse Adoptium 17.0.15+6",
                "governor performance, 2100 MHz, boost off", "CPUs 0-95: performance, 2,100\u20132,100 MHz, boost off",
                "Engine CPUs not pinned");
        assertThat(post.getElementById("reproduce").text()).contains(
                "./taf run properties/examples/mdev37992.properties -Dcomparison.c11_8.parent=14362356d14",
                "./taf publish results/20261014-080000-mdev37992");
        assertThat(post.selectFirst("pre.properties").text()).contains("engine.innodb_old_blocks_time = 2147483647");
        assertThat(post.getElementById("warnings").text()).contains("did not settle", "f00dfacecafe",
                "reused from the cache");
    }

    @Test
    void idsAreUniqueAndEveryChartHasATitleAndDescription() throws Exception {
        List<String> ids = post.select("[id]").eachAttr("id");
        assertThat(ids).doesNotHaveDuplicates();
        List<Element> charts = new ArrayList<>(post.select("svg.chart"));
        for (String file : post.select("a.chart-pic").eachAttr("href")) { // a cell's charts, beside the post
            charts.addAll(Sites.html(postFile.resolveSibling(file)).select("svg.chart"));
        }
        assertThat(charts).hasSizeGreaterThan(40);
        for (Element svg : charts) {
            String[] labelledBy = svg.attr("aria-labelledby").split(" ");
            assertThat(svg.selectFirst("title").id()).isEqualTo(labelledBy[0]);
            assertThat(svg.selectFirst("desc").id()).isEqualTo(labelledBy[1]);
            assertThat(svg.selectFirst("desc").text()).isNotBlank();
            assertThat(svg.attr("role")).isEqualTo("img");
        }
        assertThat(post.select("script")).isEmpty();
        assertThat(post.select("html").attr("lang")).isEqualTo("en");
        assertThat(SampleRecord.class).isNotNull();
    }
}

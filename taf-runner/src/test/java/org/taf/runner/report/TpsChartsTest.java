package org.taf.runner.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.IterationRecord;
import org.taf.runner.results.RunRecord;
import org.taf.runner.results.SampleRecord;
import org.taf.runner.stats.CellKey;
import org.taf.runner.stats.CellVerdict;

/** The post's first chart names the rate its cells are judged by: TPS for sysbench, NOPM for TPROC-C. */
class TpsChartsTest {
    @TempDir
    Path dir;

    /** The same cell, as if TPROC-C had been measured: its samples count new orders (45% of its events). */
    private static CellRecord tprocc(CellRecord k) {
        CellVerdict v = k.verdict();
        CellVerdict renamed = v == null ? null : new CellVerdict(new CellKey("TPROC-C", k.threads()), v.verdict(),
                v.reason(), v.metrics(), v.classic(), v.measuredPairs(), v.level(), v.stopReason(), v.mde(),
                v.components(), v.excluded(), v.exclusionRule(), v.warnings(), v.findings(), v.counters());
        return new CellRecord("TPROC-C", k.threads(), newOrders(k.parent()), newOrders(k.patch()), k.mode(),
                k.windows(), renamed, k.flames());
    }

    private static List<IterationRecord> newOrders(List<IterationRecord> its) {
        return its.stream().map(it -> new IterationRecord(it.index(), it.sequence(), it.startedAt(),
                it.serverVersion(), it.rest(), it.warmup(), it.samples().stream().map(s -> new SampleRecord(
                        s.second(), s.intervalSeconds(), s.events(), s.reads(), s.writes(), s.other(), s.errors(),
                        s.reconnects(), s.p50Ms(), s.p95Ms(), s.p99Ms(), s.maxMs(), s.events() * 45 / 100)).toList(),
                it.cpu(), it.flags(), it.failure(), it.engineLog(), it.engineCpu(), it.launchSeconds(), it.windows(),
                it.counters(), it.profile())).toList();
    }

    @Test
    void aSysbenchCellsChartStaysTpsByThreads() throws Exception {
        RunRecord sysbench = SiteFixtures.branches();
        Document post = Sites.html(Sites.post(Sites.publish(dir, List.of(sysbench)), sysbench));
        assertThat(post.select("svg.chart title").eachText()).anyMatch(t -> t.contains("TPS by threads"))
                .noneMatch(t -> t.contains("NOPM"));
    }

    @Test
    void aTproccCellsChartIsNopmByVirtualUsers() throws Exception {
        RunRecord sysbench = SiteFixtures.branches();
        RunRecord tprocc = sysbench.withComparisons(sysbench.comparisons().stream().map(c -> new ComparisonRecord(
                c.name(), c.label(), c.parent(), c.patch(), c.cells().stream().map(TpsChartsTest::tprocc).toList()))
                .toList());
        Document post = Sites.html(Sites.post(Sites.publish(dir, List.of(tprocc)), tprocc));
        List<Element> charts = post.select("svg.chart").stream()
                .filter(svg -> svg.selectFirst("title").text().contains("by virtual users")).toList();
        assertThat(charts).isNotEmpty().hasSizeLessThanOrEqualTo(tprocc.comparisons().size());
        Element first = charts.get(0);
        assertThat(first.selectFirst("title").text()).endsWith("NOPM by virtual users, TPROC-C");
        assertThat(first.selectFirst("desc").text()).contains("virtual users: parent ", " NOPM, ratio interval");
        assertThat(first.text()).contains("new orders per minute (NOPM)");
        assertThat(post.text()).contains("New orders per minute (HammerDB's NOPM, the rate a TPROC-C cell is"
                + " judged by)");
        assertThat(post.select("svg.chart title").eachText()).noneMatch(t -> t.contains("TPS by threads"));
    }
}

package org.taf.runner.report.post;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.report.SiteFixtures;
import org.taf.runner.report.Sites;
import org.taf.runner.report.TproccRuns;
import org.taf.runner.results.RunRecord;

/** The post's first chart names the rate its cells are judged by: TPS for sysbench, NOPM for TPROC-C. */
class TpsChartsTest {
    @TempDir
    Path dir;

    @Test
    void aSysbenchCellsChartStaysTpsByThreads() throws Exception {
        RunRecord sysbench = SiteFixtures.branches();
        Document post = Sites.html(Sites.post(Sites.publish(dir, List.of(sysbench)), sysbench));
        assertThat(post.select("svg.chart title").eachText()).anyMatch(t -> t.contains("TPS by threads"))
                .noneMatch(t -> t.contains("NOPM"));
    }

    @Test
    void aTproccCellsChartIsNopmByVirtualUsers() throws Exception {
        RunRecord tprocc = TproccRuns.of(SiteFixtures.branches());
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

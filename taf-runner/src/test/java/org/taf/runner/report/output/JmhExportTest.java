package org.taf.runner.report.output;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.taf.runner.report.SiteFixtures;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.ResultsFixtures;
import org.taf.runner.results.RunRecord;

/** The JMH export read back with Jackson: JMH's result shape, TAF's numbers. */
class JmhExportTest {
    @Test
    void oneJmhResultPerCellAndSideWithTheVerdictsLevels() throws Exception {
        RunRecord run = SiteFixtures.goldenBranches();
        JsonNode results = new ObjectMapper().readTree(JmhExport.render(List.of(run)));
        assertThat(results.isArray()).isTrue();
        // Three comparisons of three cells, two sides each; the failed build's cell has no result, as in JMH.
        assertThat(results).hasSize(18);
        int i = 0;
        for (ComparisonRecord c : run.comparisons().subList(0, 3)) {
            for (CellRecord cell : c.cells()) {
                for (String side : List.of("parent", "patch")) {
                    JsonNode r = results.get(i++);
                    assertThat(r.get("benchmark").asText()).isEqualTo("taf.mdev37992.POINTS-COVERED-PK");
                    assertThat(r.get("mode").asText()).isEqualTo("thrpt");
                    assertThat(r.get("threads").asInt()).isEqualTo(cell.threads());
                    assertThat(r.get("params").get("comparison").asText()).isEqualTo(c.name());
                    assertThat(r.get("params").get("side").asText()).isEqualTo(side);
                    assertThat(r.get("params").get("commit").asText())
                            .isEqualTo((side.equals("parent") ? c.parent() : c.patch()).commit().sha());
                    JsonNode m = r.get("primaryMetric");
                    assertThat(m.get("score").asDouble()).isEqualTo(side.equals("parent")
                            ? cell.verdict().tps().parent() : cell.verdict().tps().patch());
                    assertThat(m.get("scoreUnit").asText()).isEqualTo("ops/s");
                    assertThat(m.get("scoreError").asText()).isEqualTo("NaN");
                    assertThat(m.get("scoreConfidence")).hasSize(2);
                    // A fork is an engine start: one raw array each, holding its median TPS.
                    assertThat(m.get("rawData")).hasSize(r.get("forks").asInt()).hasSize(cell.verdict().pairsUsed());
                    assertThat(m.get("rawData").get(0)).hasSize(1);
                    assertThat(r.get("secondaryMetrics")
                                    .get("cpu_us_per_tx")
                                    .get("scoreUnit")
                                    .asText())
                            .isEqualTo("us/op");
                    JsonNode ratio = r.get("secondaryMetrics").get("ratio");
                    if (side.equals("parent")) {
                        assertThat(ratio).isNull();
                    } else {
                        assertThat(ratio.get("score").asDouble()).isEqualTo(cell.verdict().ratio());
                        assertThat(ratio.get("scoreConfidence").get(0).asDouble()).isEqualTo(cell.verdict().ciLow());
                        assertThat(ratio.get("scoreConfidence").get(1).asDouble()).isEqualTo(cell.verdict().ciHigh());
                    }
                }
            }
        }
    }

    @Test
    void severalRunsAreOneArray() throws Exception {
        JsonNode results = new ObjectMapper().readTree(JmhExport.render(List.of(SiteFixtures.goldenBranches(),
                ResultsFixtures.small())));
        assertThat(results).hasSize(20);
        assertThat(results.get(19).get("benchmark").asText()).isEqualTo("taf.quick.POINT_SELECT");
        assertThat(results.get(19).get("forks").asInt()).isEqualTo(2);
    }
}

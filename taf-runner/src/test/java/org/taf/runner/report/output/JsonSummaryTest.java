package org.taf.runner.report.output;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.taf.runner.report.Messages;
import org.taf.runner.report.SiteFixtures;
import org.taf.runner.report.Warnings;
import org.taf.runner.results.ResultsFixtures;
import org.taf.runner.results.RunRecord;

/** The JSON summary read back with Jackson: a flat object per cell, the verdict's unrounded numbers. */
class JsonSummaryTest {
    @Test
    void oneObjectPerCellWithTheVerdictsNumbers() throws Exception {
        RunRecord run = SiteFixtures.goldenBranches();
        JsonNode runs = new ObjectMapper().readTree(JsonSummary.render(List.of(run)));
        assertThat(runs).hasSize(1);
        JsonNode r = runs.get(0);
        assertThat(r.get("format_version").asInt()).isEqualTo(JsonSummary.FORMAT_VERSION);
        assertThat(r.get("run_id").asText()).isEqualTo(run.runId());
        assertThat(r.get("exit_code").asInt()).isEqualTo(3);
        assertThat(r.get("exit").asText()).isEqualTo("error");
        assertThat(r.get("cells")).hasSize(10);
        JsonNode regressed = r.get("cells").get(3);
        var v = run.comparisons().get(1).cells().get(0).verdict();
        assertThat(regressed.get("comparison").asText()).isEqualTo("c12_3");
        assertThat(regressed.get("verdict").asText()).isEqualTo("REGRESSED");
        assertThat(regressed.get("ratio").asDouble()).isEqualTo(v.ratio());
        assertThat(regressed.get("ci_low").asDouble()).isEqualTo(v.ciLow());
        assertThat(regressed.get("parent_cpu_us").asDouble()).isEqualTo(210.0);
        JsonNode broken = r.get("cells").get(9);
        assertThat(broken.get("verdict").asText()).isEqualTo("NOT_COMPARABLE");
        assertThat(broken.get("ratio").isNull()).isTrue();
        assertThat(broken.has("parent_tps")).isTrue();
        assertThat(r.get("warnings")).hasSize(Warnings.of(run, Messages.english()).size());

        JsonNode small = new ObjectMapper().readTree(JsonSummary.render(List.of(ResultsFixtures.small()))).get(0);
        assertThat(small.get("exit").asText()).isEqualTo("pass");
        assertThat(small.get("cells").get(0).get("stopped").asText()).isEqualTo("decided");
    }
}

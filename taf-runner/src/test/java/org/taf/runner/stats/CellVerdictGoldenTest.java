package org.taf.runner.stats;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.taf.runner.config.Golden;

/**
 * Seals the machine-readable form of a {@link CellVerdict}: field names (snake_case, as in the results
 * JSON), order and values for a fixed input and seed. Regenerate after an intended change with
 * {@link #REGENERATE} and review the diff.
 */
class CellVerdictGoldenTest {
    static final String REGENERATE = "mvn -B -o -pl taf-runner -am test -Dtest=CellVerdictGoldenTest"
            + " -Dsurefire.failIfNoSpecifiedTests=false -Dtaf.golden.update=true";

    static CellSamples input() {
        Synthetic syn = Synthetic.issueNoise(11);
        CellSamples c = syn.cell(new CellKey("POINT_SELECT", 2), 0.85, 5);
        List<IterationSample> parent = new ArrayList<>(c.parent());
        List<IterationSample> patch = new ArrayList<>(c.patch());
        parent.set(2, new IterationSample(2, parent.get(2).tps(), null, List.of("NOT_SETTLED")));
        patch.set(4, new IterationSample(4, patch.get(4).tps(), null, List.of("HOST_NOISE")));
        return new CellSamples(c.cell(), Cells.withCpu(parent, 8.0, 8.2, 7.9, 8.1, 8.0),
                Cells.withCpu(patch, 9.1, 9.3, 9.0, 9.2, 9.1),
                        java.util.List.of(), java.util.List.of(), java.util.Set.of(), false);
    }

    static String json(Object value) throws Exception {
        ObjectMapper mapper = new ObjectMapper().setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
                .enable(SerializationFeature.INDENT_OUTPUT);
        return mapper.writeValueAsString(value) + "\n";
    }

    @Test
    void cellVerdictJson() throws Exception {
        CellVerdict v = Statistics.evaluate(List.of(input()), StatsOptions.defaults().toBuilder().seed(42).build())
                .cells().get(0);
        String json = json(v);
        Golden.assertMatches(Golden.file("stats/cell-verdict.json"), json, REGENERATE);
        assertThat(json).contains("\"verdict\" : \"REGRESSED\"", "\"stop_reason\" : \"DECIDED\"")
                .doesNotContain("NaN", "Infinity");
        // Only the record components are fields: helper methods (pairsUsed(), gatingP()) stay out.
        assertThat(new ObjectMapper().readTree(json).fieldNames()).toIterable().hasSize(16)
                .doesNotContain("pairs_used", "gating_p");
    }
}

package org.taf.runner.results;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.taf.runner.health.CanaryRuns;
import org.taf.runner.stats.Verdict;

/** results.json names a canary by its kind; an ordinary run's JSON has no such field, as before format 7 gained it. */
class CanaryJsonTest {
    @Test
    void aCanaryIsNamedAndReadBack() {
        RunRecord planted = CanaryRuns.night(3, Canary.PLANTED, "perf1", Verdict.REGRESSED, 0.95, 7);
        String json = ResultsStore.toJson(planted);
        assertThat(json).contains("\"canary\" : \"PLANTED\"");
        assertThat(ResultsStore.parse(json, "test").canary()).isEqualTo(Canary.PLANTED);
    }

    @Test
    void anOrdinaryRunHasNoCanaryField() {
        String json = ResultsStore.toJson(ResultsFixtures.small());
        assertThat(json).doesNotContain("canary");
        assertThat(ResultsStore.parse(json, "test").canary()).isNull();
    }
}

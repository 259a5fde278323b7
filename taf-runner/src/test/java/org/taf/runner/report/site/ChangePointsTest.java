package org.taf.runner.report.site;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.taf.runner.results.RunRecord;

class ChangePointsTest {
    @Test
    void aStepIsOneChangePointWithTheFullShasABisectNeeds() {
        List<RunRecord> runs = HistoryFixtures.tenPercentStepAtNight17();
        assertThat(ChangePoints.find(runs)).singleElement().satisfies(c -> {
            assertThat(c.good()).isEqualTo("c0000016" + "0".repeat(32));
            assertThat(c.bad()).isEqualTo("c0000017" + "0".repeat(32));
            assertThat(c.regression()).isTrue();
            assertThat(c.ratio()).isCloseTo(0.90, within(0.01));
            assertThat(c.definition()).isEqualTo(runs.get(17).definition().file());
            assertThat(c.afterRunId()).isEqualTo(runs.get(17).runId());
            assertThat(c.beforeRunId()).isEqualTo(runs.get(16).runId());
            assertThat(c.workload()).isEqualTo("POINT_SELECT");
        });
    }

    @Test
    void flatSeriesHaveNone() {
        List<RunRecord> runs = HistoryFixtures.nights(HistoryFixtures.noise(100, 30, 60_000, 0.01),
                HistoryFixtures.all(30, HistoryFixtures.Night.base()));
        assertThat(ChangePoints.find(runs)).isEmpty();
    }
}

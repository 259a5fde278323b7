package org.taf.runner.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.taf.runner.stats.Change;
import org.taf.runner.stats.CounterChange;
import org.taf.runner.stats.Metric;
import org.taf.runner.stats.MetricVerdict;
import org.taf.runner.stats.PairedTest;

/** The stats stage's verdict types are stored as they are, in format 2's shape (the mixins of {@link StatsJson}). */
class StatsJsonTest {
    private final ObjectMapper json = ResultsStore.json();

    @Test
    void aMetricKeepsFormatTwosFieldsWithoutTheWorkingInterval() throws Exception {
        MetricVerdict m = new MetricVerdict(Metric.TPS, 100, 95, 0.95, 0.9, 1.0, 0.95, 0.04, 0.05, 5, 0.03,
                Change.UNKNOWN, true, new PairedTest.Interval(0.1, 0.91, 0.99));
        String text = json.writeValueAsString(m);
        assertThat(json.readTree(text).fieldNames()).toIterable().containsExactly("metric", "parent", "patch",
                "ratio", "ci_low", "ci_high", "confidence", "p_value", "p_adjusted", "pairs", "sd_log", "change",
                "gates", "question");
        MetricVerdict back = json.readValue(text, MetricVerdict.class);
        assertThat(back).isEqualTo(new MetricVerdict(Metric.TPS, 100, 95, 0.95, 0.9, 1.0, 0.95, 0.04, 0.05, 5, 0.03,
                Change.UNKNOWN, true, null));
    }

    @Test
    void anSdOfFewerThanTwoPairsIsStoredAsNullAndReadAsNaN() throws Exception {
        MetricVerdict m = new MetricVerdict(Metric.CPU_PER_TX, 8, 9, 1.125, null, null, 0.95, null, null, 1,
                Double.NaN, Change.UNKNOWN, false, null);
        String text = json.writeValueAsString(m);
        assertThat(text).contains("\"sd_log\" : null").doesNotContain("NaN");
        assertThat(json.readValue(text, MetricVerdict.class)).isEqualTo(m);
    }

    @Test
    void aCounterIsStoredAsTheStatsStageComputesIt() throws Exception {
        CounterChange c = new CounterChange("Innodb_buffer_pool_mutex_waits", 0.16, 0.15, 0.96, 0.9, 1.02, 0.2, 0.4,
                6, false);
        String text = json.writeValueAsString(c);
        assertThat(json.readTree(text).fieldNames()).toIterable().containsExactly("name", "parent", "patch", "ratio",
                "ci_low", "ci_high", "p_value", "p_adjusted", "pairs", "moved");
        assertThat(json.readValue(text, CounterChange.class)).isEqualTo(c);
    }
}

package org.taf.runner.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.stats.Metric;
import org.taf.runner.stats.Question;
import org.taf.runner.stats.Questions;
import org.taf.runner.workload.Workload;

/**
 * {@code verdict.question} per workload, per metric and per workload and metric: the most specific key wins
 * (workload.metric, then metric, then workload, then the global key), a metric's name is never taken for a
 * workload's, and a name that is neither is refused with the file and line that wrote it.
 */
class QuestionKeysTest {
    private static final Question EQ = Question.EQUIVALENCE;
    private static final Question NI = Question.NON_INFERIORITY;

    @TempDir
    Path dir;

    private Questions questions(String... lines) {
        return load(lines).stats().questions();
    }

    private TestDefinition load(String... lines) {
        Fixture f = new Fixture(dir);
        String[] all = new String[lines.length + 3];
        all[0] = "repository = .";
        all[1] = "workload.tests = POINT_SELECT, OLTP_RW";
        all[2] = "workload.threads = 2";
        System.arraycopy(lines, 0, all, 3, lines.length);
        f.write("t.properties", all);
        return f.load("t.properties");
    }

    @Test
    void theMostSpecificKeyWins() {
        Questions q = questions("verdict.question = non_inferiority", "verdict.question.OLTP_RW = equivalence",
                "verdict.question.cpu_per_tx = non_inferiority", "verdict.question.OLTP_RW.tps = non_inferiority",
                "verdict.question.POINT_SELECT.cpu_per_tx = equivalence");
        assertThat(q.of("POINT_SELECT", Metric.TPS)).as("global").isEqualTo(NI);
        assertThat(q.of("OLTP_RW", Metric.CS_PER_TX)).as("workload over global").isEqualTo(EQ);
        assertThat(q.of("OLTP_RW", Metric.CPU_PER_TX)).as("metric over workload").isEqualTo(NI);
        assertThat(q.of("OLTP_RW", Metric.TPS)).as("workload.metric over workload").isEqualTo(NI);
        assertThat(q.of("POINT_SELECT", Metric.CPU_PER_TX)).as("workload.metric over metric").isEqualTo(EQ);
        assertThat(q.ofCell("OLTP_RW", java.util.List.of(Metric.TPS, Metric.CPU_PER_TX))).isEqualTo(NI);
        assertThat(q.ofCell("OLTP_RW", java.util.List.of(Metric.CS_PER_TX))).isEqualTo(EQ);
    }

    @Test
    void aMetricNameIsAMetricAndAnUpperCaseNameAWorkloadInAnyCase() {
        Questions q = questions("verdict.question.cpu_per_tx = non_inferiority", "verdict.question.oltp_rw ="
                + " non_inferiority", "verdict.question.point_select.TPS = non_inferiority");
        assertThat(q.byMetric()).containsExactly(Map.entry(Metric.CPU_PER_TX, NI));
        assertThat(q.byWorkload()).containsExactly(Map.entry("OLTP_RW", NI));
        assertThat(q.byWorkloadMetric()).containsExactly(Map.entry("POINT_SELECT", Map.of(Metric.TPS, NI)));
        assertThat(q.of("POINT_SELECT", Metric.CPU_PER_TX)).isEqualTo(NI);
        assertThat(q.of("POINT_SELECT", Metric.TPS)).isEqualTo(NI);
        assertThat(q.of("OLTP_RW", Metric.TPS)).isEqualTo(NI);
    }

    /** The rule that keeps a metric from being taken for a workload: no name is both. */
    @Test
    void noWorkloadIsNamedAsAMetric() {
        for (Metric m : Metric.values()) {
            assertThat(Arrays.stream(Workload.values()).filter(w -> w.named(m.label()))).as(m.label()).isEmpty();
        }
    }

    @Test
    void anUnknownNameIsRefusedWithItsFileAndLine() {
        assertThatThrownBy(() -> load("verdict.metrics = tps", "verdict.question.OLTP_WR = non_inferiority"))
                .isInstanceOf(ConfigException.class).hasMessage("t.properties:5: verdict.question.OLTP_WR ="
                        + " non_inferiority: OLTP_WR is neither a workload (workload.tests names them, e.g. OLTP_RW)"
                        + " nor a metric (tps, cpu_per_tx, cs_per_tx)");
        assertThatThrownBy(() -> load("verdict.question.OLTP_RW.cpu = non_inferiority"))
                .isInstanceOf(ConfigException.class).hasMessage("t.properties:4: verdict.question.OLTP_RW.cpu ="
                        + " non_inferiority: cpu is not a metric (tps, cpu_per_tx, cs_per_tx)");
        assertThatThrownBy(() -> load("verdict.question.OLTP.tps = non_inferiority"))
                .isInstanceOf(ConfigException.class).hasMessage("t.properties:4: verdict.question.OLTP.tps ="
                        + " non_inferiority: OLTP is not a workload (workload.tests names them, e.g. OLTP_RW)");
        assertThatThrownBy(() -> load("verdict.question.cpu_per_tx.OLTP_RW = non_inferiority"))
                .isInstanceOf(ConfigException.class).hasMessage("t.properties:4: verdict.question.cpu_per_tx.OLTP_RW"
                        + " = non_inferiority: the workload comes first: verdict.question.OLTP_RW.cpu_per_tx");
        assertThatThrownBy(() -> load("verdict.question.cpu_per_tx = non-inferior"))
                .isInstanceOf(ConfigException.class).hasMessageContaining("t.properties:4")
                .hasMessageContaining("non_inferiority");
    }

    @Test
    void everyBadNameIsListedInOnePass() {
        assertThatThrownBy(() -> load("verdict.question.FOO = equivalence", "verdict.question.BAR.tps = equivalence"))
                .isInstanceOf(ConfigException.class)
                .satisfies(e -> assertThat(((ConfigException) e).problems()).hasSize(2));
    }

    @Test
    void aQuestionOfAMetricThatDoesNotGateIsWarnedOf() {
        TestDefinition def = load("verdict.question.cs_per_tx = non_inferiority");
        assertThat(def.config().warnings()).contains("t.properties:4: verdict.question.cs_per_tx = non_inferiority:"
                + " cs_per_tx is not in verdict.metrics (tps, cpu_per_tx), so its question decides nothing");
    }

    @Test
    void aCommandLineKeyIsNamedByItsOrigin() {
        Fixture f = new Fixture(dir);
        f.write("t.properties", "repository = .", "workload.tests = POINT_SELECT", "workload.threads = 2");
        assertThatThrownBy(() -> f.load("t.properties", Map.of("verdict.question.cpu_per_tx.X", "equivalence")))
                .isInstanceOf(ConfigException.class).hasMessageStartingWith("-D: verdict.question.cpu_per_tx.X");
    }

    /** The gate: POINT_SELECT's TPS asks equivalence, its CPU per transaction non-inferiority; OLTP_RW both. */
    @Test
    void theGateAsksNonInferiorityOfPointSelectsCpuPerTransaction() {
        var context = new LoadContext(Path.of(""), Map.of(), Fixture.JAVA_HOME, Fixture.USER_HOME);
        Questions q = new ConfigLoader(context).load(Path.of("../properties/gate.properties"), Map.of()).stats()
                .questions();
        assertThat(q.of("POINT_SELECT", Metric.TPS)).isEqualTo(EQ);
        assertThat(q.of("POINT_SELECT", Metric.CPU_PER_TX)).isEqualTo(NI);
        assertThat(q.of("OLTP_RW", Metric.TPS)).isEqualTo(NI);
        assertThat(q.of("OLTP_RW", Metric.CPU_PER_TX)).isEqualTo(NI);
    }
}

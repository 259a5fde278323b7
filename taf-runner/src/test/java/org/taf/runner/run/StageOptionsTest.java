package org.taf.runner.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.config.ConfigException;
import org.taf.runner.config.Fixture;
import org.taf.runner.config.Key;
import org.taf.runner.config.KeySpec;
import org.taf.runner.config.Keys;
import org.taf.runner.config.TestDefinition;

/**
 * Every stage's options are built once, by the configuration stage, and validate refuses what a run would: for
 * every key of the registry, each value at the edge of its accepted range either is refused by the keys' own
 * rules when the definition is loaded, or is accepted by the stage's options record and by the run's
 * {@link Preflight}.
 */
class StageOptionsTest {
    @TempDir
    Path dir;

    private TestDefinition load(Map<String, String> overrides) {
        Fixture f = new Fixture(dir);
        f.write("t.properties", "repository = .", "workload.tests = POINT_SELECT", "workload.threads = 2");
        return f.load("t.properties", overrides);
    }

    @Test
    void everyValueTheRegistryAcceptsIsAcceptedByItsStage() {
        List<String> refusedByAStage = new ArrayList<>();
        int checked = 0;
        for (KeySpec spec : Keys.all()) {
            if (!(spec instanceof Key<?> key)) {
                continue;
            }
            for (String value : key.type().extremes()) {
                TestDefinition def;
                try {
                    def = load(Map.of(key.name(), value));
                } catch (ConfigException refused) {
                    if (refused.getCause() != null) { // the keys let it through, a stage's options record did not
                        refusedByAStage.add(key.name() + " = " + value + ": " + refused.getMessage());
                    }
                    continue; // validate says so too
                }
                checked++;
                try {
                    Preflight.check(def);
                } catch (ConfigException e) {
                    refusedByAStage.add(key.name() + " = " + value + ": " + e.getMessage());
                }
            }
        }
        assertThat(checked).as("keys with a range").isGreaterThan(40);
        assertThat(refusedByAStage).as("accepted by the registry, refused by a stage").isEmpty();
    }

    @Test
    void theSettingsArriveInTheStagesOptions() {
        TestDefinition o = load(Map.of("workload.points", "10000", "verdict.warning_pct", "2",
                "rest.consecutive", "4", "warmup.window", "3s", "profile.noise.max_steal_pct", "7"));
        assertThat(o.workload().onPort(4711).connection().port()).isEqualTo(4711);
        assertThat(o.workload().randomPoints()).isEqualTo(10_000);
        assertThat(o.stats().warningPct()).isEqualTo(2);
        assertThat(o.rest().consecutive()).isEqualTo(4);
        assertThat(o.warmup().settle().window()).hasSeconds(3);
        assertThat(o.profile().noise().maxStealPct()).isEqualTo(7);
    }

    @Test
    void aTpsWarmUpCountsItsWindowInReportIntervalsACpuWarmUpInSeconds() {
        TestDefinition tps = load(Map.of("warmup.signal", "tps", "workload.report_interval", "500ms",
                "warmup.window", "2s", "warmup.min", "1s"));
        assertThat(tps.warmup().settle().interval()).hasMillis(500);
        assertThat(tps.warmup().settle().window()).hasSeconds(2);
        assertThat(load(Map.of("warmup.signal", "cpu")).warmup().settle().interval()).hasSeconds(1);
        assertThatThrownBy(() -> load(Map.of("warmup.signal", "cpu", "warmup.window", "2s",
                "warmup.min", "1s"))).isInstanceOf(ConfigException.class)
                .hasMessageContaining("warmup.window = 2s (-D) must be at least 3 samples of 1s (warmup.signal cpu)");
        assertThatThrownBy(() -> load(Map.of("warmup.signal", "tps", "workload.report_interval",
                "1s", "warmup.window", "2s", "warmup.min", "1s"))).isInstanceOf(ConfigException.class)
                .hasMessageContaining("must be at least 3 samples of 1s");
    }

    @Test
    void theAotCacheNeedsJdk25AndSaysWhichJvmItFound() {
        TestDefinition def = load(Map.of("launch.aot_cache", "true",
                "launch.java", Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        if (Runtime.version().feature() >= 25) {
            Preflight.check(def);
            return;
        }
        assertThatThrownBy(() -> Preflight.check(def)).isInstanceOf(ConfigException.class)
                .hasMessageContaining("launch.aot_cache needs JDK 25 or later").hasMessageContaining("version \"");
    }

    @Test
    void aStagesOwnRuleIsTheDefinitionsErrorWhenLoading() {
        String database = "d".repeat(65); // the key takes any identifier, MariaDB's names stop at 64
        assertThatThrownBy(() -> load(Map.of("workload.database", database))).isInstanceOf(ConfigException.class)
                .hasMessage("t.properties: database (" + database + ") must be 1 to 64 letters, digits, '_' or '$'");
    }

    @Test
    void aValueOverTheStagesLimitIsRefusedWhenLoading() {
        assertThatThrownBy(() -> load(Map.of("workload.points", "10001"))).isInstanceOf(ConfigException.class)
                .hasMessageContaining("workload.points");
    }

    @Test
    void eachWorkloadAsksTheQuestionItsDefinitionSays() {
        var tps = org.taf.runner.stats.Metric.TPS;
        org.taf.runner.stats.Questions q = load(Map.of("verdict.question.oltp_rw",
                "non_inferiority")).stats().questions();
        assertThat(q.of("OLTP_RW", tps)).isEqualTo(org.taf.runner.stats.Question.NON_INFERIORITY);
        assertThat(q.of("POINT_SELECT", tps)).isEqualTo(org.taf.runner.stats.Question.EQUIVALENCE);
        assertThat(load(Map.of("verdict.question", "non_inferiority")).stats().questions()
                .of("POINT_SELECT", tps)).isEqualTo(org.taf.runner.stats.Question.NON_INFERIORITY);
        assertThatThrownBy(() -> load(Map.of("verdict.question.OLTP_WR", "non_inferiority")))
                .isInstanceOf(ConfigException.class).hasMessageContaining("verdict.question.OLTP_WR = non_inferiority:"
                        + " OLTP_WR is neither a workload");
        assertThatThrownBy(() -> load(Map.of("verdict.question", "non-inferior")))
                .isInstanceOf(ConfigException.class).hasMessageContaining("equivalence");
    }
}

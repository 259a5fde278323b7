package org.taf.runner.health;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The alarm rule: a rate misses its target only when its whole 95% interval lies beyond it, from 5 runs on. */
class GateHealthTest {
    private static final GateHealth.Targets TARGETS = new GateHealth.Targets(0.8, 0.05);

    private static GateHealth of(int caught, int planted, int falseAlarms, int aa) {
        return new GateHealth("gate", "0123456789abcdef", "perf1", new Proportion(caught, planted),
                new Proportion(falseAlarms, aa), new Proportion(planted + aa, planted + aa), Duration.ofSeconds(432),
                0, TARGETS, Map.of());
    }

    @ParameterizedTest(name = "caught {0} of {1}: alarm {2}")
    @CsvSource({
        "19, 30, true",   // interval 46-78%: wholly below 80%
        "20, 30, false",  // 49-81%: reaches 80%, so it may be met
        "28, 30, false",
        "0, 4, false",    // every one missed, but fewer than 5 runs: Wilson's interval is too narrow there
        "0, 5, true",     // 0-43%
        "2, 5, true",     // 12-77%
        "3, 5, false"})   // 23-88%
    void theCatchRateAlarmsWhenItsIntervalLiesWhollyBelowItsTarget(int caught, int planted, boolean alarm) {
        GateHealth h = of(caught, planted, 0, 30);
        assertThat(h.alarms()).hasSize(alarm ? 1 : 0);
        if (alarm) {
            assertThat(h.alarms().get(0)).startsWith("gate on perf1 (host 0123456789abcdef): the catch rate is below"
                    + " its target: " + caught + " of " + planted + " planted slowdowns caught, 95% interval ")
                    .endsWith(", wholly below 80%");
        }
    }

    @ParameterizedTest(name = "{0} false alarms in {1}: alarm {2}")
    @CsvSource({
        "4, 30, true",    // interval 5.3-30%: wholly above 5%
        "3, 30, false",
        "1, 30, false",
        "4, 4, false",    // fewer than 5 runs
        "2, 5, true"})    // 12-77%
    void theFalseAlarmRateAlarmsWhenItsIntervalLiesWhollyAboveItsTarget(int alarms, int aa, boolean alarm) {
        GateHealth h = of(28, 30, alarms, aa);
        assertThat(h.alarms()).hasSize(alarm ? 1 : 0);
        if (alarm) {
            assertThat(h.alarms().get(0)).contains("the false-alarm rate is above its target: " + alarms + " of " + aa
                    + " unchanged runs called REGRESSED, 95% interval ").endsWith(", wholly above 5%");
        }
    }

    @Test
    void bothRatesCanMissAtOnce() {
        assertThat(of(10, 30, 10, 30).alarms()).hasSize(2);
    }

    @Test
    void theLineLeadsWithWhatWasCaughtInPlainWords() {
        GateHealth h = new GateHealth("gate", "0123456789abcdef", "perf1", new Proportion(28, 30),
                new Proportion(0, 30), new Proportion(58, 60), Duration.ofSeconds(432), 1, TARGETS,
                Map.of("POINT_SELECT@2", 0.9512));
        assertThat(h.line()).isEqualTo("gate on perf1 (host 0123456789abcdef): caught 28 of 30 planted slowdowns"
                + " (93%, 95% interval 79–98%); 0 false alarms in 30 unchanged runs (0%, 95% interval 0–11%); decided"
                + " 58 of 60 runs, in 7m12s (median); 1 run ended in an error; the planted slowdown measured TPS"
                + " ratios POINT_SELECT@2 0.951 (medians); targets: catch at least 80%, false alarms at most 5%");
        assertThat(of(0, 0, 0, 0).line()).contains("no planted slowdown completed yet; no A/A run completed yet");
    }

    @Test
    void wallTimesReadAsMinutesAndSeconds() {
        assertThat(GateHealth.minutes(Duration.ofSeconds(45))).isEqualTo("45s");
        assertThat(GateHealth.minutes(Duration.ofSeconds(60))).isEqualTo("1m00s");
        assertThat(GateHealth.minutes(Duration.ofMillis(725_600))).isEqualTo("12m06s");
    }
}

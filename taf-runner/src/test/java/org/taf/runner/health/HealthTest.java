package org.taf.runner.health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.taf.runner.health.CanaryRuns.night;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.taf.runner.results.Canary;
import org.taf.runner.results.HostFingerprint;
import org.taf.runner.results.ResultsFixtures;
import org.taf.runner.results.RunRecord;
import org.taf.runner.stats.Verdict;

/** The gate's rates from fixed tables of canary outcomes: what counts, over which nights, per host. */
class HealthTest {
    /**
     * perf1's last 30 nights: of the planted runs 27 REGRESSED, 1 NO_CHANGE, 1 INCONCLUSIVE and 1 error; of the A/A
     * runs 1 REGRESSED, 28 NO_CHANGE and 1 INCONCLUSIVE. Before them, 5 older nights whose planted runs all passed:
     * beyond the window, not counted.
     */
    private static List<RunRecord> perf1() {
        List<RunRecord> runs = new ArrayList<>();
        for (int n = 0; n < 5; n++) {
            runs.add(night(n, Canary.PLANTED, "perf1", Verdict.NO_CHANGE, 0.99, 10));
            runs.add(night(n, Canary.AA, "perf1", Verdict.NO_CHANGE, 1.0, 10));
        }
        for (int n = 5; n < 35; n++) {
            Verdict planted = n == 10 ? Verdict.NO_CHANGE : n == 11 ? Verdict.INCONCLUSIVE : n == 12 ? null
                    : Verdict.REGRESSED;
            runs.add(night(n, Canary.PLANTED, "perf1", planted, n % 2 == 0 ? 0.94 : 0.96, n % 2 == 0 ? 6 : 8));
            Verdict aa = n == 20 ? Verdict.REGRESSED : n == 21 ? Verdict.INCONCLUSIVE : Verdict.NO_CHANGE;
            runs.add(night(n, Canary.AA, "perf1", aa, 1.0, 7));
        }
        return runs;
    }

    @Test
    void aHostsLastThirtyNightsAreCountedByEachRunsExitCode() {
        List<RunRecord> runs = perf1();
        Collections.reverse(runs); // the order they come in does not matter
        GateHealth h = Health.of(runs).get(0);

        assertThat(h.caught()).isEqualTo(new Proportion(27, 29));
        assertThat(h.falseAlarms()).isEqualTo(new Proportion(1, 30));
        assertThat(h.errors()).isEqualTo(1);
        // Undecided: the inconclusive planted run and the inconclusive A/A run.
        assertThat(h.decided()).isEqualTo(new Proportion(57, 59));
        // Decided runs took 6 (14 planted), 8 (14 planted) and 7 minutes (29 A/A): the median is 7.
        assertThat(h.medianToDecide()).isEqualTo(Duration.ofMinutes(7));
        assertThat(h.plantedTpsRatios()).containsOnlyKeys("POINT_SELECT@2");
        // 14 counted planted runs measured 0.94, 15 measured 0.96.
        assertThat(h.plantedTpsRatios().get("POINT_SELECT@2")).isCloseTo(0.96, within(1e-9));
        assertThat(h.targets()).isEqualTo(new GateHealth.Targets(0.8, 0.05));
        assertThat(h.definition()).isEqualTo("gate");
        assertThat(h.hostName()).isEqualTo("perf1");
        assertThat(h.host()).isEqualTo(HostFingerprint.of(runs.get(0).environment()).id());
        assertThat(h.alarms()).isEmpty();
        assertThat(h.line()).contains("caught 27 of 29 planted slowdowns (93%, 95% interval 78–98%); 1 false alarm"
                + " in 30 unchanged runs (3%, 95% interval 1–17%); decided 57 of 59 runs, in 7m00s (median); 1 run"
                + " ended in an error; the planted slowdown measured TPS ratios POINT_SELECT@2 0.960 (medians)");
    }

    @Test
    void eachHostAndDefinitionHasItsOwnLineAndOrdinaryRunsAreLeftOut() {
        List<RunRecord> runs = new ArrayList<>(perf1());
        for (int n = 0; n < 6; n++) {
            runs.add(night(n, Canary.PLANTED, "perf2", n < 5 ? Verdict.NO_CHANGE : Verdict.REGRESSED, 0.99, 9));
            runs.add(night(n, Canary.AA, "perf2", Verdict.NO_CHANGE, 1.0, 9));
        }
        runs.add(ResultsFixtures.small()); // not a canary
        List<GateHealth> all = Health.of(runs);

        assertThat(all).extracting(GateHealth::hostName).containsExactly("perf1", "perf2");
        GateHealth perf2 = all.get(1);
        assertThat(perf2.caught()).isEqualTo(new Proportion(1, 6));
        assertThat(perf2.falseAlarms()).isEqualTo(new Proportion(0, 6));
        assertThat(perf2.alarms()).singleElement().asString()
                .startsWith("gate on perf2 (host " + perf2.host() + "): the catch rate is below its target: 1 of 6");
    }

    @Test
    void theTargetsAreTheNewestRunsPowerAndFalseDiscoveryRate() {
        List<RunRecord> runs = new ArrayList<>(perf1());
        RunRecord newest = runs.remove(runs.size() - 2); // night 34's planted run, an hour after its A/A run
        runs.add(CanaryRuns.withTargets(newest, 0.95, 0.01));
        GateHealth h = Health.of(runs).get(0);

        assertThat(h.targets()).isEqualTo(new GateHealth.Targets(0.95, 0.01));
        // 27 of 29 caught, 78-98%, reaches 95%; 1 false alarm in 30, 0.6-17%, reaches 1%.
        assertThat(h.alarms()).isEmpty();
        runs.add(CanaryRuns.withTargets(night(40, Canary.AA, "perf1", Verdict.REGRESSED, 1.0, 7), 0.95, 0.001));
        assertThat(Health.of(runs).get(0).alarms()).singleElement().asString()
                .contains("the false-alarm rate is above its target: 2 of 30");
    }

    @Test
    void noCanariesNoLines() {
        assertThat(Health.of(List.of(ResultsFixtures.small()))).isEmpty();
    }
}

package org.taf.runner.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * NO_CHANGE by two one-sided tests (TOST), seeded: it must not be said of a change at the warning
 * threshold more often than the one-sided level allows, over all the adaptive loop's looks, and it
 * must say it of an unchanged commit sooner than the shown interval would. Rates measured with these
 * seeds are in the comments.
 */
class EquivalenceSimulationTest {
    private static final int RUNS = 400;

    /** This VM on 2026-12-03: pairs of the main job's design spread 2.9% (2% between starts on each side). */
    private static Synthetic thisVm(long seed) {
        return new Synthetic(seed, 0.02, 0.01, 0.5, 10);
    }

    /**
     * A change of exactly the warning threshold (3% slower, or 1/0.97 faster), looks at 5..20 pairs: NO_CHANGE
     * at most about 5% (the one-sided level a = 1 - confidence over the looks), plus three Monte Carlo SEs.
     */
    @Test
    void aChangeAtTheThresholdIsRarelyCalledNoChange() {
        StatsOptions o = Simulation.options().toBuilder().firstLook(5).maxPairs(20).budget(Duration.ofHours(1)).build();
        for (double ratio : new double[] {0.97, 1 / 0.97}) {
            Simulation.Counts c = Simulation.adaptive(thisVm(5097), ratio, 5, RUNS, o);
            System.out.println("adaptive, true ratio " + ratio + ", 2.9% pairs: " + c);
            assertThat(c.rate(Verdict.NO_CHANGE)).as(c.toString()).isLessThanOrEqualTo(0.05 + 3 * 0.011);
        }
    }

    /**
     * An unchanged commit, fixed pairs: wherever the shown interval lies within +-3% the equivalence
     * interval does too (it is narrower), and at 10 pairs it decides NO_CHANGE clearly more often.
     */
    @Test
    void anUnchangedCommitIsCalledNoChangeSoonerThanByTheShownInterval() {
        StatsOptions o = Simulation.options().toBuilder().firstLook(5).maxPairs(20).budget(Duration.ofHours(1)).build();
        Synthetic syn = thisVm(5100);
        int byShown = 0;
        int byTost = 0;
        for (int r = 0; r < RUNS; r++) {
            CellSamples cell = syn.cell(Simulation.CELL, 1.0, 10);
            CellVerdict v = Statistics.evaluate(
                            List.of(cell), o.toBuilder().seed(r)
                                    .build(), new AdaptiveProgress(java.time.Duration.ZERO, Duration.ofMinutes(1)))
                    .cells()
                    .get(0);
            MetricVerdict m = v.metric(Metric.TPS);
            boolean shown = m.ciLow() >= 0.97 && m.ciHigh() <= 1.03;
            boolean tost = v.verdict() == Verdict.NO_CHANGE;
            assertThat(!shown || tost).as("run " + r + ": shown interval within, verdict " + v.verdict()).isTrue();
            byShown += shown ? 1 : 0;
            byTost += tost ? 1 : 0;
        }
        System.out.printf("A/A at 10 pairs, 2.9%% pairs: NO_CHANGE %d/%d by TOST, %d/%d by the shown interval%n",
                byTost, RUNS, byShown, RUNS);
        assertThat(byTost).isGreaterThanOrEqualTo(byShown + RUNS / 10);
    }
}

package org.taf.runner.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Known regressions of 2%, 5% and 10% at the VM's noise (5% between iterations, 2% within, 10 s
 * iterations). REGRESSED needs the interval below 1, the estimate past -5% and p below the level, so
 * a 5% regression is called about half of the time even with perfect data: the estimate falls on
 * either side of the threshold. Rates measured with these seeds are in the comments.
 */
class DetectionSimulationTest {
    private static final int RUNS = 400;

    /**
     * 10 pairs: 2% is REGRESSED in 9.8% of runs. A 2% change is below the 5% fail threshold; it is called
     * only when noise pushes its estimate past -5% (the direction is then right, the size overstated).
     */
    @Test
    void twoPercentIsRarelyCalledARegression() {
        Simulation.Counts c = Simulation.fixedPairs(Synthetic.issueNoise(3002), 0.98, 10, RUNS, Simulation.options());
        System.out.println("2% at 10 pairs: " + c);
        assertThat(c.rate(Verdict.REGRESSED)).as(c.toString()).isBetween(0.03, 0.18);
        assertThat(c.rate(Verdict.IMPROVED)).as(c.toString()).isLessThanOrEqualTo(0.01);
    }

    /** 10 pairs: 5% is REGRESSED in 39% of runs (under half: the estimate straddles the threshold). */
    @Test
    void fivePercentIsCalledAboutHalfTheTimeAtTenPairs() {
        Simulation.Counts c = Simulation.fixedPairs(Synthetic.issueNoise(3005), 0.95, 10, RUNS, Simulation.options());
        System.out.println("5% at 10 pairs: " + c);
        assertThat(c.rate(Verdict.REGRESSED)).as(c.toString()).isBetween(0.35, 0.62);
        assertThat(c.rate(Verdict.IMPROVED)).as(c.toString()).isZero();
    }

    /** 10 pairs: 10% is REGRESSED in 99% of runs. */
    @Test
    void tenPercentIsAlmostAlwaysCalledAtTenPairs() {
        Simulation.Counts c = Simulation.fixedPairs(Synthetic.issueNoise(3010), 0.90, 10, RUNS, Simulation.options());
        System.out.println("10% at 10 pairs: " + c);
        assertThat(c.rate(Verdict.REGRESSED)).as(c.toString()).isGreaterThanOrEqualTo(0.90);
    }

    /** 5 pairs: 10% is REGRESSED in 66% of runs: 5 pairs are too few at 5% noise (their MDE is about 11%). */
    @Test
    void tenPercentAtFivePairsIsOftenMissed() {
        Simulation.Counts c = Simulation.fixedPairs(Synthetic.issueNoise(3110), 0.90, 5, RUNS, Simulation.options());
        System.out.println("10% at 5 pairs: " + c);
        assertThat(c.rate(Verdict.REGRESSED)).as(c.toString()).isBetween(0.50, 0.80);
    }

    /**
     * Adaptive, 5 planned pairs and up to 12: 10% is REGRESSED in 99.3% of runs after 6.2 pairs on average
     * (most stop at the first or second look), instead of 64% with 5 fixed pairs.
     */
    @Test
    void adaptiveLoopFindsTenPercentQuickly() {
        StatsOptions o = Simulation.options().withAdaptive(12, Duration.ofHours(1));
        Simulation.Counts c = Simulation.adaptive(Synthetic.issueNoise(4010), 0.90, 5, 150, o);
        System.out.println("adaptive 10%: " + c);
        assertThat(c.rate(Verdict.REGRESSED)).as(c.toString()).isGreaterThanOrEqualTo(0.90);
        assertThat(c.meanPairs()).as(c.toString()).isLessThan(9);
    }
}

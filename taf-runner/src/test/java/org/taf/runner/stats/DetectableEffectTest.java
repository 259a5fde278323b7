package org.taf.runner.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Instant;
import org.apache.commons.math3.distribution.TDistribution;
import org.junit.jupiter.api.Test;

class DetectableEffectTest {
    private static final StatsOptions O = StatsOptions.defaults();

    @Test
    void theFormula() {
        MinimalDetectableEffect m = DetectableEffect.compute(0.02, 8, 0.05, O, "test");
        TDistribution t = new TDistribution(7);
        double delta =
                (t.inverseCumulativeProbability(0.975) + t.inverseCumulativeProbability(0.8)) * 0.02 / Math.sqrt(8);
        assertThat(m.pct()).isCloseTo(100 * (1 - Math.exp(-delta)), within(1e-9));
        assertThat(m.sigma()).isEqualTo(0.02);
        assertThat(m.alpha()).isEqualTo(0.05);
    }

    @Test
    void morePairsSeeSmallerChangesAndMoreNoiseLargerOnes() {
        double previous = Double.MAX_VALUE;
        for (int n = 3; n <= 30; n++) {
            double pct = DetectableEffect.compute(0.05, n, 0.05, O, "test").pct();
            assertThat(pct).as("MDE at %d pairs", n).isLessThan(previous);
            previous = pct;
        }
        double quiet = DetectableEffect.compute(0.01, 10, 0.05, O, "test").pct();
        double noisy = DetectableEffect.compute(0.05, 10, 0.05, O, "test").pct();
        assertThat(noisy).isGreaterThan(4 * quiet);
        assertThat(DetectableEffect.compute(0, 10, 0.05, O, "test").pct()).isZero();
    }

    @Test
    void warnsWhenTheFailThresholdIsOutOfReachAndNeedsTwoPairs() {
        MinimalDetectableEffect noisy = DetectableEffect.compute(0.07, 5, 0.05, O, "test");
        assertThat(noisy.warning()).startsWith("this run cannot see a 5% change; it can see ")
                .endsWith("(at 80% power, 5 pairs)");
        MinimalDetectableEffect quiet = DetectableEffect.compute(0.01, 10, 0.05, O, "test");
        assertThat(quiet.warning()).isNull();
        assertThat(quiet.pct()).isLessThanOrEqualTo(5);
        MinimalDetectableEffect one = DetectableEffect.compute(0.01, 1, 0.05, O, "test");
        assertThat(one.pct()).isNull();
    }

    @Test
    void plannedFromStoredComponents() {
        NoiseEstimate noise = new NoiseEstimate("vm-2c", "POINT_SELECT", 2, 0.013, 0.01, 1, 10, 8, 6.5,
                Instant.parse("2026-01-02T03:04:05Z"));
        MinimalDetectableEffect ten = DetectableEffect.planned(noise, 10, 10, O, false);
        MinimalDetectableEffect sixty = DetectableEffect.planned(noise, 10, 60, O, false);
        assertThat(ten.sigma()).isCloseTo(Math.sqrt(2 * (0.013 * 0.013 + 0.01 * 0.01 / 10)), within(1e-12));
        assertThat(sixty.pct()).isLessThan(ten.pct());
        assertThat(ten.basis()).isEqualTo("planned from noise measured on vm-2c at 2026-01-02T03:04:05Z (8 engine"
                + " starts)");
        // The adaptive loop tests each look at a smaller level: the same pairs see less.
        assertThat(DetectableEffect.planned(noise, 10, 10, O, true).pct()).isGreaterThan(ten.pct());
    }

    /**
     * The formula against the real procedure: simulate at the MDE (5% between starts, clean seconds) and
     * count how often the test sees the change (p below the level, interval excluding 1): about the
     * configured power, 80%.
     */
    @Test
    void matchesASimulationAtTheConfiguredPower() {
        for (int pairs : new int[] {5, 10}) {
            double sd = Math.sqrt(2) * 0.05;
            double mde = DetectableEffect.compute(sd, pairs, 0.05, O, "").pct();
            Synthetic syn = new Synthetic(6000 + pairs, 0.05, 0.0, 0.0, 10);
            Simulation.Counts c = Simulation.fixedPairs(syn, 1 - mde / 100, pairs, 400, Simulation.options());
            System.out.printf("MDE %d pairs = %.2f%%: %s%n", pairs, mde, c);
            assertThat(c.detectionRate()).as("detection at the MDE of %d pairs (%.2f%%): %s", pairs, mde, c)
                    .isBetween(0.70, 0.90);
        }
    }

    /**
     * NO_CHANGE's reach against the real procedure: an unchanged commit (1.5% between starts, a pair
     * spreading 2.1%) measured with the pairs {@link DetectableEffect#pairsForSame} asks for is called
     * NO_CHANGE in about the configured power's share of comparisons (80%), and with half of them far less.
     */
    @Test
    void pairsForSameMatchesASimulationOfAnUnchangedCommit() {
        StatsOptions o = Simulation.options();
        double sd = Math.sqrt(2) * 0.015;
        int n = DetectableEffect.pairsForSame(sd, 1000, o.equivalenceLevel(false), o);
        assertThat(n).isBetween(5, 20);
        Simulation.Counts at = Simulation.fixedPairs(new Synthetic(7100, 0.015, 0.0, 0.0, 10), 1.0, n, 400, o);
        Simulation.Counts half = Simulation.fixedPairs(new Synthetic(7200, 0.015, 0.0, 0.0, 10), 1.0, n / 2, 400, o);
        System.out.printf("NO_CHANGE at %d pairs: %s; at %d: %s%n", n, at, n / 2, half);
        assertThat(at.rate(Verdict.NO_CHANGE)).as("%d pairs: %s", n, at).isBetween(0.74, 0.95);
        assertThat(half.rate(Verdict.NO_CHANGE)).as("%d pairs: %s", n / 2, half).isLessThan(0.6);
        // More noise, more pairs; none within the limit when the margin is out of reach.
        assertThat(DetectableEffect.pairsForSame(2 * sd, 1000, o.equivalenceLevel(false), o)).isGreaterThan(2 * n);
        assertThat(DetectableEffect.pairsForSame(0.5, 50, o.equivalenceLevel(false), o)).isEqualTo(-1);
    }

    /**
     * pairsForNotWorse against the test it sizes: log-ratios N(0, s^2) at the pairs it asks for, fixed, at the
     * one-sided 5%: NOT_WORSE (notWorseP below 5%) in at least about the 80% power, and clearly less two pairs short.
     */
    @Test
    void pairsForNotWorseMatchesASimulationOfAnUnchangedCommit() {
        StatsOptions o = StatsOptions.defaults();
        double s = 0.07;
        int n = DetectableEffect.pairsForNotWorse(s, 1000, 0.05, o);
        java.util.SplittableRandom rng = new java.util.SplittableRandom(34);
        int[] passed = new int[2];
        for (int k = 0; k < 2; k++) {
            int pairs = k == 0 ? n : n - 4;
            for (int r = 0; r < 2000; r++) {
                double[] d = new double[pairs];
                for (int i = 0; i < pairs; i++) {
                    d[i] = s * rng.nextGaussian();
                }
                double p = PairedTest.of(d, 0.95, PairedTest.DEFAULT_SEED).notWorseP(Math.log1p(-0.05), true);
                passed[k] += p < 0.05 ? 1 : 0;
            }
        }
        System.out.printf("pairsForNotWorse(7%%) = %d: NOT_WORSE %d/2000, at %d pairs %d/2000%n", n, passed[0],
                n - 4, passed[1]);
        assertThat(passed[0] / 2000.0).isGreaterThanOrEqualTo(0.78);
        assertThat(passed[1]).isLessThan(passed[0] - 60);
    }
}

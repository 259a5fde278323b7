package org.taf.runner.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class DetectableEffectTest {
    private static final StatsOptions O = StatsOptions.defaults();

    @Test
    void morePairsSeeSmallerChanges() {
        double previous = Double.MAX_VALUE;
        for (int n = 4; n <= 30; n++) {
            double pct = DetectableEffect.compute(0.05, n, 0.05, O, "test").pct();
            assertThat(pct).as("MDE at %d pairs", n).isLessThan(previous);
            previous = pct;
        }
    }

    @Test
    void moreNoiseHidesLargerChanges() {
        double quiet = DetectableEffect.compute(0.01, 10, 0.05, O, "test").pct();
        double noisy = DetectableEffect.compute(0.05, 10, 0.05, O, "test").pct();
        assertThat(noisy).isGreaterThan(4 * quiet);
        assertThat(DetectableEffect.compute(0, 10, 0.05, O, "test").pct()).isZero();
    }

    @Test
    void warnsWhenTheFailThresholdIsInvisible() {
        MinimalDetectableEffect five = DetectableEffect.compute(0.05, 5, 0.05, O, "test");
        // 5 pairs at 5% noise: the exact test's real size is 0.0317, df 8 -> 10.67%.
        assertThat(five.pct()).isBetween(10.0, 11.5);
        assertThat(five.alpha()).isCloseTo(8.0 / 252, within(1e-12));
        assertThat(five.warning()).startsWith("this run cannot see a 5% change; it can see 1").endsWith("(at 80% power, 5 pairs)");
        MinimalDetectableEffect quiet = DetectableEffect.compute(0.01, 10, 0.05, O, "test");
        assertThat(quiet.warning()).isNull();
        assertThat(quiet.canSee(5)).isTrue();
    }

    @Test
    void tooFewPairsCannotSeeAnything() {
        MinimalDetectableEffect three = DetectableEffect.compute(0.01, 3, 0.05, O, "test");
        assertThat(three.pct()).isNull();
        assertThat(three.canSee(50)).isFalse();
        assertThat(three.warning()).contains("with 3 pair(s) the rank test cannot reach p <= 0.05 (its smallest p is 0.100)")
                .endsWith("plan at least 4 pairs");
    }

    @Test
    void plannedFromStoredNoiseRescalesTheIterationLength() {
        NoiseEstimate noise = new NoiseEstimate("vm-2c", "POINT_SELECT", 2, 0.048, 0.05, 10, 8,
                Instant.parse("2026-01-02T03:04:05Z"));
        MinimalDetectableEffect tenSeconds = DetectableEffect.planned(noise, 10, 10, O, false);
        MinimalDetectableEffect minute = DetectableEffect.planned(noise, 10, 60, O, false);
        assertThat(tenSeconds.sigma()).isCloseTo(0.048, within(1e-12));
        assertThat(minute.sigma()).isLessThan(tenSeconds.sigma());
        assertThat(minute.pct()).isLessThan(tenSeconds.pct());
        assertThat(tenSeconds.basis()).isEqualTo("planned from noise measured on vm-2c at 2026-01-02T03:04:05Z (8 A/A"
                + " iterations of 10 s)");
        // The adaptive loop tests each look at a smaller level: the same pairs see less.
        assertThat(DetectableEffect.planned(noise, 10, 10, O, true).pct()).isGreaterThan(tenSeconds.pct());
    }

    @Test
    void measuredUsesThePooledSpreadOfTheIterationMedians() {
        List<IterationSummary> parent = summaries(100, 110, 90, 105);
        List<IterationSummary> patch = summaries(95, 96, 97, 98);
        MinimalDetectableEffect m = DetectableEffect.measured(parent, patch, O, false);
        double v1 = variance(Math.log(100), Math.log(110), Math.log(90), Math.log(105));
        double v2 = variance(Math.log(95), Math.log(96), Math.log(97), Math.log(98));
        assertThat(m.sigma()).isCloseTo(Math.sqrt((v1 + v2) / 2), within(1e-12));
        assertThat(m.pairs()).isEqualTo(4);
        assertThat(DetectableEffect.measured(summaries(100), summaries(99), O, false).warning())
                .isEqualTo("too few iterations to estimate the noise (1 per side)");
    }

    @Test
    void pairsForTheFailThreshold() {
        int n = DetectableEffect.pairsFor(0.05, 5, 100, O);
        assertThat(DetectableEffect.compute(0.05, n, 0.05, O, "").pct()).isLessThanOrEqualTo(5);
        assertThat(DetectableEffect.compute(0.05, n - 1, 0.05, O, "").pct()).isGreaterThan(5);
        assertThat(DetectableEffect.pairsFor(0.05, 5, 10, O)).isEqualTo(-1);
    }

    /**
     * The formula against the real procedure: simulate at the MDE of 10 pairs (5% noise, clean seconds)
     * and count how often the test sees the change (p below the level and the interval excluding 1).
     * It should be the configured power, 80%. Measured: MDE 10.67% at 5 pairs -> 78.0% detected; MDE
     * 6.71% at 10 pairs -> 80.8% detected (400 runs each).
     */
    @Test
    void matchesASimulationAtTheConfiguredPower() {
        for (int pairs : new int[] {5, 10}) {
            double mde = DetectableEffect.compute(0.05, pairs, 0.05, O, "").pct();
            Synthetic syn = new Synthetic(6000 + pairs, 0.05, 0.0, 0.0, 10);
            Simulation.Counts c = Simulation.fixedPairs(syn, 1 - mde / 100, pairs, 400, Simulation.options());
            System.out.printf("MDE %d pairs = %.2f%%: %s%n", pairs, mde, c);
            assertThat(c.detectionRate()).as("detection at the MDE of %d pairs (%.2f%%): %s", pairs, mde, c)
                    .isBetween(0.70, 0.90);
        }
    }

    private static List<IterationSummary> summaries(double... medians) {
        return java.util.stream.IntStream.range(0, medians.length)
                .mapToObj(i -> IterationSummary.of(IterationSample.of(i, medians[i]))).toList();
    }

    private static double variance(double... x) {
        double mean = java.util.Arrays.stream(x).average().orElseThrow();
        return java.util.Arrays.stream(x).map(v -> (v - mean) * (v - mean)).sum() / (x.length - 1);
    }
}

package org.taf.runner.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.apache.commons.math3.stat.inference.MannWhitneyUTest;
import org.junit.jupiter.api.Test;

/**
 * Exact p-values checked by hand. For 5 + 5 the patch's rank sum S ranges over 15..40 around 27.5 with
 * C(10,5) = 252 assignments; the number of 5-subsets of 1..10 with sum 15, 16, 17, 18, 19 is
 * 1, 1, 2, 3, 5 (and symmetrically 40, 39, 38, 37, 36).
 */
class RankTestTest {

    @Test
    void completeSeparationOfFiveAndFive() {
        RankTest.Result r = RankTest.mannWhitney(new double[] {1, 2, 3, 4, 5}, new double[] {6, 7, 8, 9, 10});
        assertThat(r.p()).isCloseTo(2.0 / 252, within(1e-15)); // S = 40 or 15
        assertThat(r.method()).isEqualTo("Mann-Whitney U, exact over 252 rank assignments");
        // Direction does not matter: two-sided.
        assertThat(RankTest.mannWhitney(new double[] {6, 7, 8, 9, 10}, new double[] {1, 2, 3, 4, 5}).p())
                .isCloseTo(2.0 / 252, within(1e-15));
    }

    @Test
    void oneSwapDoublesIt() {
        // Patch ranks 5 7 8 9 10: S = 39; as or more extreme: 39, 40, 16, 15 -> 4 of 252.
        RankTest.Result r = RankTest.mannWhitney(new double[] {1, 2, 3, 4, 6}, new double[] {5, 7, 8, 9, 10});
        assertThat(r.p()).isCloseTo(4.0 / 252, within(1e-15));
    }

    @Test
    void tiesUseMidRanks() {
        assertThat(RankTest.mannWhitney(new double[] {7, 7, 7}, new double[] {7, 7, 7}).p()).isEqualTo(1.0);
        // Pooled 1 2 2 3 3 3: parent {1, 2, 3} and patch {2, 3, 3}, mid-ranks 1, 2.5, 2.5, 5, 5, 5.
        // Patch sum 2.5 + 5 + 5 = 12.5, mean 10.5, so |S - 10.5| >= 2. Of the 20 assignments:
        // {1,2.5,2.5} = 6 (1 way), {1,2.5,5} = 8.5 (6), {2.5,5,5} = 12.5 (6), {5,5,5} = 15 (1) -> 14.
        assertThat(RankTest.mannWhitney(new double[] {1, 2, 3}, new double[] {2, 3, 3}).p())
                .isCloseTo(14.0 / 20, within(1e-15));
    }

    @Test
    void tooFewIterationsGiveNoPValue() {
        RankTest.Result two = RankTest.mannWhitney(new double[] {1, 2}, new double[] {3, 4});
        assertThat(two.p()).isNull();
        assertThat(two.method()).isEqualTo("none: too few iterations (2 parent, 2 patch; the rank test needs 3 per"
                + " side)");
    }

    @Test
    void largeSamplesUseCommonsNormalApproximationAndSmallOnesAgreeWithIt() {
        SplittableRandom rng = new SplittableRandom(9);
        double[] a = new double[11];
        double[] b = new double[11];
        for (int i = 0; i < 11; i++) {
            a[i] = rng.nextGaussian();
            b[i] = rng.nextGaussian() + 0.8;
        }
        RankTest.Result big = RankTest.mannWhitney(a, b);
        assertThat(big.method()).isEqualTo("Mann-Whitney U, normal approximation");
        assertThat(big.p()).isEqualTo(new MannWhitneyUTest().mannWhitneyUTest(a, b));
        double[] a10 = java.util.Arrays.copyOf(a, 10);
        double[] b10 = java.util.Arrays.copyOf(b, 10);
        assertThat(RankTest.mannWhitney(a10, b10).method()).startsWith("Mann-Whitney U, exact over 184756");
        assertThat(RankTest.mannWhitney(a10, b10).p())
                .isCloseTo(new MannWhitneyUTest().mannWhitneyUTest(a10, b10), within(0.01));
    }

    @Test
    void smallestAndAttainedLevels() {
        assertThat(RankTest.minimalP(3, 3)).isCloseTo(0.1, within(1e-15));
        assertThat(RankTest.minimalP(5, 5)).isCloseTo(2.0 / 252, within(1e-15));
        // 5 + 5 at 0.05: p can be 2/252, 4/252, 8/252 = 0.0317; the next, 14/252 = 0.0556, is too big.
        assertThat(RankTest.attainedSize(5, 5, 0.05)).isCloseTo(8.0 / 252, within(1e-15));
        assertThat(RankTest.attainedSize(3, 3, 0.05)).isZero();
        assertThat(RankTest.attainedSize(12, 12, 0.05)).isEqualTo(0.05);
    }
}

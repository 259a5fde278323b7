package org.taf.runner.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.apache.commons.math3.stat.inference.TTest;
import org.junit.jupiter.api.Test;

class PairedTestTest {

    /**
     * Hand-checked sign-flip p-values. {1, 2, 3}: the 8 signed sums are +-6, +-4, +-2, 0, 0, and only +-6
     * reach |6|: 2/8. {0.1, 0.2, -0.05}: sums +-0.35, +-0.25, +-0.15, +-0.05; |S| >= 0.25 for 4: 4/8.
     * {1..5}: only all-plus and all-minus reach 15: 2/32. {1, 2, 3, 4, -5}: S = 15 - 2T for T the sum of
     * the flipped subset of {1..5}; |S| >= 5 when T <= 5 (1+1+1+2+2+3 = 10 subsets) or T >= 10 (10): 20/32.
     * {0, 1, 2}: the 0's sign changes nothing, so each of +-3, +-1 twice; |S| >= 3 for 4: 4/8.
     */
    @Test
    void signFlipIsExactOnHandCheckedInputs() {
        assertThat(PairedTest.of(new double[] {1, 2, 3}, 0.95, PairedTest.DEFAULT_SEED).signFlipP()).isEqualTo(0.25);
        assertThat(PairedTest.of(new double[] {0.1, 0.2, -0.05}, 0.95,
                PairedTest.DEFAULT_SEED).signFlipP()).isEqualTo(0.5);
        assertThat(PairedTest.of(new double[] {1, 2, 3, 4, 5}, 0.95,
                PairedTest.DEFAULT_SEED).signFlipP()).isEqualTo(2.0 / 32);
        assertThat(PairedTest.of(new double[] {1, 2, 3, 4, -5}, 0.95,
                PairedTest.DEFAULT_SEED).signFlipP()).isEqualTo(20.0 / 32);
        assertThat(PairedTest.of(new double[] {0, 1, 2}, 0.95, PairedTest.DEFAULT_SEED).signFlipP()).isEqualTo(0.5);
        assertThat(PairedTest.of(new double[] {-0.02, 0.01}, 0.95, PairedTest.DEFAULT_SEED).signFlipP()).isEqualTo(1.0);
    }

    /** The meet-in-the-middle enumeration against a plain loop over all 2^n sign patterns. */
    @Test
    void exactSignFlipMatchesBruteForce() {
        long seed = 11;
        SplittableRandom rng = new SplittableRandom(seed);
        for (int n = 2; n <= 16; n++) {
            double[] d = normal(rng, n, 0.01, 0.03);
            assertThat(PairedTest.of(d, 0.95, PairedTest.DEFAULT_SEED).signFlipP()).as("seed %d, n %d", seed, n)
                    .isEqualTo(bruteForceSignFlip(d));
        }
    }

    /** Above 20 pairs the Monte Carlo p is within 4 SE of the exact one (2^22 patterns enumerated here). */
    @Test
    void monteCarloSignFlipIsCloseToExactAndSeeded() {
        long seed = 12;
        double[] d = normal(new SplittableRandom(seed), 22, 0.004, 0.03);
        double exact = bruteForceSignFlip(d);
        PairedTest.Result r = PairedTest.of(d, 0.95, PairedTest.DEFAULT_SEED);
        double se = Math.sqrt(exact * (1 - exact) / PairedTest.MONTE_CARLO_DRAWS);
        System.out.printf("sign-flip n=22: exact %.5f, Monte Carlo %.5f (SE %.5f)%n", exact, r.signFlipP(), se);
        assertThat(exact).as("seed %d: an informative case", seed).isBetween(0.01, 0.9);
        assertThat(r.signFlipP()).as("seed %d", seed).isCloseTo(exact, within(4 * se));
        assertThat(r.method()).endsWith("Monte Carlo sign-flip over 99999 random sign patterns (seed "
                + PairedTest.DEFAULT_SEED + ")");
        assertThat(PairedTest.of(d, 0.95, PairedTest.DEFAULT_SEED).signFlipP()).isEqualTo(r.signFlipP());
        assertThat(PairedTest.of(d, 0.95, 99).signFlipP()).isNotEqualTo(r.signFlipP());
    }

    @Test
    void tTestMatchesCommonsPairedTTest() {
        long seed = 13;
        SplittableRandom rng = new SplittableRandom(seed);
        for (int n : new int[] {2, 3, 5, 10, 25}) {
            double[] parent = new double[n];
            double[] patch = new double[n];
            double[] d = new double[n];
            for (int i = 0; i < n; i++) {
                parent[i] = Math.log(10_000 * Math.exp(0.05 * rng.nextGaussian()));
                patch[i] = Math.log(9_800 * Math.exp(0.05 * rng.nextGaussian()));
                d[i] = patch[i] - parent[i];
            }
            double commons = new TTest().pairedTTest(patch, parent);
            assertThat(PairedTest.of(d, 0.95,
                    PairedTest.DEFAULT_SEED).tP()).as("seed %d, n %d", seed, n).isCloseTo(commons, within(1e-12));
        }
    }

    /**
     * d = {0.01, 0.03, -0.01, 0.05}: mean 0.02, SD sqrt(20e-4 / 3), t(0.975; 3) = 3.182446305284263, so the
     * 95% interval is exp(0.02 +- 3.182446 * 0.0258199 / 2). Commons' quantile comes from a solver good to
     * about 1e-9, hence the tolerance of the interval's ends.
     */
    @Test
    void estimateAndIntervalByHand() {
        PairedTest.Result r = PairedTest.of(new double[] {0.01, 0.03, -0.01, 0.05}, 0.95, PairedTest.DEFAULT_SEED);
        double sd = Math.sqrt(20e-4 / 3);
        double half = 3.182446305284263 * sd / 2;
        assertThat(r.n()).isEqualTo(4);
        assertThat(r.meanLog()).isCloseTo(0.02, within(1e-15));
        assertThat(r.sdLog()).isCloseTo(sd, within(1e-15));
        assertThat(r.ratio()).isCloseTo(Math.exp(0.02), within(1e-15));
        assertThat(r.interval().level()).isCloseTo(0.05, within(1e-15));
        assertThat(r.interval().low()).isCloseTo(Math.exp(0.02 - half), within(1e-9));
        assertThat(r.interval().high()).isCloseTo(Math.exp(0.02 + half), within(1e-9));
        assertThat(r.method()).isEqualTo("paired t over 4 pairs (df 3); exact sign-flip over 16 sign patterns");
        PairedTest.Interval wider = r.intervalAtLevel(0.0124);
        assertThat(wider.low()).isLessThan(r.interval().low());
        assertThat(wider.high()).isGreaterThan(r.interval().high());
    }

    /** The interval at level a excludes 1 exactly when the t p-value is below a. */
    @Test
    void intervalAtLevelAgreesWithTheTTest() {
        long seed = 14;
        SplittableRandom rng = new SplittableRandom(seed);
        for (int i = 0; i < 300; i++) {
            PairedTest.Result r = PairedTest.of(normal(rng, 3 + i % 8, 0.02, 0.03), 0.95, PairedTest.DEFAULT_SEED);
            for (double level : new double[] {0.05, 0.0124, 0.0078}) {
                PairedTest.Interval ci = r.intervalAtLevel(level);
                boolean excludes = ci.high() < 1 || ci.low() > 1;
                assertThat(excludes).as("seed %d, case %d, level %s, p %s", seed, i, level, r.tP())
                        .isEqualTo(r.tP() < level);
            }
        }
    }

    @Test
    void equalLogRatiosHaveNoTTest() {
        PairedTest.Result r = PairedTest.of(new double[] {0.1, 0.1, 0.1}, 0.95, PairedTest.DEFAULT_SEED);
        assertThat(r.meanLog()).isEqualTo(0.1);
        assertThat(r.sdLog()).isZero();
        assertThat(r.tP()).isNull();
        assertThat(r.interval()).isNull();
        assertThat(r.intervalAtLevel(0.01)).isNull();
        assertThat(r.signFlipP()).isEqualTo(0.25);
        assertThat(r.method()).startsWith("no t-test: all 3 log-ratios are equal");
        assertThat(PairedTest.of(new double[] {0, 0, 0, 0}, 0.95, PairedTest.DEFAULT_SEED).signFlipP()).isEqualTo(1.0);
    }

    @Test
    void refusesDegenerateInput() {
        assertThatThrownBy(() -> PairedTest.of(new double[] {0.1}, 0.95, PairedTest.DEFAULT_SEED))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("pairs (1) must be >= 2 for a paired test");
        assertThatThrownBy(() -> PairedTest.of(new double[] {0.1, Double.NaN}, 0.95, PairedTest.DEFAULT_SEED))
                .hasMessage("log-ratio d[1] (NaN) must be finite");
        assertThatThrownBy(() -> PairedTest.of(new double[] {Double.NEGATIVE_INFINITY, 0}, 0.95,
                PairedTest.DEFAULT_SEED))
                .hasMessage("log-ratio d[0] (-Infinity) must be finite");
        assertThatThrownBy(() -> PairedTest.of(null, 0.95,
                PairedTest.DEFAULT_SEED)).hasMessage("log-ratios (null) must be given");
        assertThatThrownBy(() -> PairedTest.of(new double[] {0.1, 0.2}, 1.0, PairedTest.DEFAULT_SEED))
                .hasMessage("confidence (1.0) must be in (0, 1)");
        assertThatThrownBy(() -> PairedTest.of(new double[] {0.1, 0.2}, 0.95,
                PairedTest.DEFAULT_SEED).intervalAtLevel(0))
                .hasMessage("level (0.0) must be in (0, 1)");
    }

    static double[] normal(SplittableRandom rng, int n, double mean, double sd) {
        double[] d = new double[n];
        for (int i = 0; i < n; i++) {
            d[i] = mean + sd * rng.nextGaussian();
        }
        return d;
    }

    private static double bruteForceSignFlip(double[] d) {
        int n = d.length;
        double observed = 0;
        double scale = 0;
        for (double v : d) {
            observed += v;
            scale += Math.abs(v);
        }
        long extreme = 0;
        for (long mask = 0; mask < 1L << n; mask++) {
            double s = 0;
            for (int i = 0; i < n; i++) {
                s += (mask >>> i & 1) == 0 ? d[i] : -d[i];
            }
            if (Math.abs(s) >= Math.abs(observed) - 1e-10 * scale) {
                extreme++;
            }
        }
        return (double) extreme / (1L << n);
    }

    /**
     * A two-period crossover by hand: parent-first pairs {0.01, 0.03, 0.05} (mean 0.03), patch-first
     * {-0.01, 0.01} (mean 0); estimate (0.03 + 0)/2 = 0.015, first start's advantage (0 - 0.03)/2 =
     * -0.015 (the second start ran faster); within-group squares
     * 0.0004 + 0 + 0.0004 + 0.0001 + 0.0001 = 0.001 over 3 df, s = sqrt(0.001/3); se = s/2 * sqrt(1/3 + 1/2).
     */
    @Test
    void bothOrdersMakeACrossoverWhoseOrderEffectNeitherBiasesNorWidens() {
        double[] d = {0.01, -0.01, 0.03, 0.01, 0.05};
        boolean[] patchFirst = {false, true, false, true, false};
        PairedTest.Result r = PairedTest.of(d, patchFirst, 0.95, 1);
        double s = Math.sqrt(0.001 / 3);
        double se = s / 2 * Math.sqrt(1.0 / 3 + 1.0 / 2);
        assertThat(r.meanLog()).isCloseTo(0.015, within(1e-12));
        assertThat(r.orderEffect()).isCloseTo(-0.015, within(1e-12));
        assertThat(r.method()).contains("first start's advantage -1.49%");
        assertThat(r.df()).isEqualTo(3);
        assertThat(r.se()).isCloseTo(se, within(1e-12));
        double t = 0.015 / se;
        assertThat(r.tP()).isCloseTo(2 * new org.apache.commons.math3.distribution.TDistribution(3)
                .cumulativeProbability(-t), within(1e-12));
        assertThat(r.method()).contains("crossover", "3 parent first, 2 patch first");
        // One order only, or fewer than 2 of one: the plain paired test.
        assertThat(PairedTest.of(d, new boolean[5], 0.95, 1).df()).isEqualTo(4);
        assertThat(PairedTest.of(d, new boolean[] {false, true, false, false, false}, 0.95, 1).df()).isEqualTo(4);

        // A/A with a 3% advantage for whichever start runs first, balanced orders: the plain paired mean
        // is biased when the orders are unequal in number, the crossover's is not, and its interval is
        // narrower than the plain one because the order's +-3% is no longer noise.
        SplittableRandom rnd = new SplittableRandom(7);
        int n = 15;
        double[] aa = new double[n];
        boolean[] order = new boolean[n];
        double crossWidth = 0;
        double plainWidth = 0;
        for (int rep = 0; rep < 200; rep++) {
            for (int i = 0; i < n; i++) {
                order[i] = i % 2 == 1;
                aa[i] = (order[i] ? 0.03 : -0.03) + 0.01 * gaussian(rnd);
            }
            PairedTest.Result cross = PairedTest.of(aa, order, 0.95, 1);
            PairedTest.Result plain = PairedTest.of(aa, 0.95, PairedTest.DEFAULT_SEED);
            assertThat(cross.orderEffect()).isCloseTo(0.03, within(0.02));
            crossWidth += Math.log(cross.interval().high() / cross.interval().low());
            plainWidth += Math.log(plain.interval().high() / plain.interval().low());
        }
        assertThat(crossWidth).isLessThan(0.5 * plainWidth);
    }

    private static double gaussian(SplittableRandom r) {
        return Math.sqrt(-2 * Math.log(1 - r.nextDouble())) * Math.cos(2 * Math.PI * r.nextDouble());
    }
}

package org.taf.runner.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.apache.commons.math3.distribution.TDistribution;
import org.junit.jupiter.api.Test;

/**
 * The per-look level of the paired t-test keeps the chance of any false alarm over looks at every pair
 * count at alpha. The check is an independent simulation: other seeds, other data (log-ratios of 4%
 * SD around 0, not N(0, 1)), and its own t statistics compared with critical values rather than p-values.
 */
class PairedLevelTest {
    private static final int RUNS = 20_000;
    private static final double SE = Math.sqrt(0.05 * 0.95 / RUNS);

    /** The values documented on {@link PairedLevel}, to 4 digits. */
    @Test
    void documentedValues() {
        assertThat(PairedLevel.perLook(0.05, 3, 10)).isCloseTo(0.01236, within(0.000005));
        assertThat(PairedLevel.perLook(0.05, 3, 12)).isCloseTo(0.01055, within(0.000005));
        assertThat(PairedLevel.perLook(0.05, 3, 20)).isCloseTo(0.007810, within(0.000005));
        assertThat(PairedLevel.perLook(0.05, 5, 5)).isEqualTo(0.05);
    }

    /**
     * Measured (20,000 runs each): at the per-look level, looks 3..10: 5.12% (seed 4010), 3..12: 4.74%
     * (seed 4012), 3..20: 4.79% (seed 4020); stopping at the first p &lt; 0.05 instead: 16.6%, 17.8%, 22.2%.
     * Asserted: rate &lt;= 5% + 3 SE (5.46%) and &gt;= 4% (the level is not needlessly small), naive rate &gt; 10%.
     */
    @Test
    void anyLookFalseAlarmRateIsAlphaAtThePerLookLevel() {
        for (int max : new int[] {10, 12, 20}) {
            long seed = 4000 + max;
            double c = PairedLevel.perLook(0.05, 3, max);
            assertThat(c).isLessThan(0.05);
            double[] rates = anyLookRates(seed, 3, max, new double[] {c, 0.05}, false);
            System.out.printf("paired t, looks 3..%d, seed %d: any-look false alarms %.4f at c = %.5f, %.4f at 0.05%n",
                    max, seed, rates[0], c, rates[1]);
            assertThat(rates[0]).as("seed %d, looks 3..%d at c %s", seed, max, c).isBetween(0.04, 0.05 + 3 * SE);
            assertThat(rates[1]).as("seed %d: optional stopping inflates", seed).isGreaterThan(0.10);
        }
    }

    /** t(4) log-ratios: the t-test is conservative, the bound holds. Measured, looks 3..20, seed 4120: 3.76%. */
    @Test
    void heavyTailsStayBelowAlpha() {
        long seed = 4120;
        double c = PairedLevel.perLook(0.05, 3, 20);
        double rate = anyLookRates(seed, 3, 20, new double[] {c}, true)[0];
        System.out.printf("paired t, t(4) noise, looks 3..20, seed %d: any-look false alarms %.4f%n", seed, rate);
        assertThat(rate).as("seed %d", seed).isLessThanOrEqualTo(0.05 + 3 * SE);
    }

    @Test
    void validatesItsArguments() {
        assertThatThrownBy(() -> PairedLevel.perLook(0, 3, 10)).hasMessage("alpha (0.0) must be in (0, 0.5]");
        assertThatThrownBy(() -> PairedLevel.perLook(0.05, 1, 10)).hasMessage("minPairs (1) must be >= 2");
        assertThatThrownBy(() -> PairedLevel.perLook(0.05, 5, 4))
                .hasMessage("maxPairs (4) must be in [minPairs (5), 200]");
        assertThatThrownBy(() -> PairedLevel.perLook(0.05, 3, 201))
                .hasMessage("maxPairs (201) must be in [minPairs (3), 200]");
    }

    /** Share of runs with some look n in [min, max] whose |t| exceeds t(1 - level/2; n-1), per level. */
    private static double[] anyLookRates(long seed, int min, int max, double[] levels, boolean heavy) {
        double[][] critical = new double[levels.length][max + 1];
        for (int n = min; n <= max; n++) {
            TDistribution t = new TDistribution(null, n - 1);
            for (int l = 0; l < levels.length; l++) {
                critical[l][n] = t.inverseCumulativeProbability(1 - levels[l] / 2);
            }
        }
        SplittableRandom rng = new SplittableRandom(seed);
        int[] alarms = new int[levels.length];
        double[] d = new double[max];
        for (int r = 0; r < RUNS; r++) {
            for (int i = 0; i < max; i++) {
                d[i] = 0.04 * (heavy ? PairedCoverageSimulationTest.studentT4(rng) : rng.nextGaussian());
            }
            boolean[] hit = new boolean[levels.length];
            for (int n = min; n <= max; n++) {
                double mean = 0;
                for (int i = 0; i < n; i++) {
                    mean += d[i] / n;
                }
                double ss = 0;
                for (int i = 0; i < n; i++) {
                    ss += (d[i] - mean) * (d[i] - mean);
                }
                double t = Math.abs(mean) / Math.sqrt(ss / (n - 1) / n);
                for (int l = 0; l < levels.length; l++) {
                    hit[l] |= t > critical[l][n];
                }
            }
            for (int l = 0; l < levels.length; l++) {
                alarms[l] += hit[l] ? 1 : 0;
            }
        }
        double[] rates = new double[levels.length];
        for (int l = 0; l < levels.length; l++) {
            rates[l] = (double) alarms[l] / RUNS;
        }
        return rates;
    }
}

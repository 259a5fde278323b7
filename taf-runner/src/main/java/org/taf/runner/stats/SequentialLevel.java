package org.taf.runner.stats;

import java.util.Arrays;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The per-look significance level of the adaptive loop. Testing again after every added pair and
 * stopping at the first p below the FDR inflates the false-positive rate (optional stopping: with
 * looks at 3 to 20 pairs, 18.6% of A/A sequences reach p &lt; 0.05 at some look; see
 * {@code SequentialLevelTest} and docs/statistics.md). So, as in a group-sequential
 * design with a constant (Pocock 1977) boundary, every look uses a smaller level {@code c} chosen so that
 * the chance that <em>any</em> look from {@link StatsOptions#MIN_ITERATIONS} to {@code maxPairs} pairs
 * gives p &lt; c is at most alpha when nothing changed.
 *
 * <p>Under no change the iterations of both sides are exchangeable, so the joint law of the rank test's
 * p-values over the looks does not depend on the noise: {@code c} is found once by simulating that test
 * on i.i.d. uniform data ({@value #SIMULATIONS} seeded runs, every look from 3 pairs on, which is
 * conservative when the loop starts later) and taking the alpha-quantile of each run's smallest p.
 */
final class SequentialLevel {
    static final int SIMULATIONS = 10_000;
    private static final long SEED = 0x5EC0_1E7E1L;
    private static final Map<String, Double> CACHE = new ConcurrentHashMap<>();

    private SequentialLevel() {}

    /** The level the BH-adjusted p-values are compared with: the FDR, or its per-look share when adaptive. */
    static double of(StatsOptions o, boolean adaptive) {
        return adaptive ? perLook(o.fdr(), o.maxPairs()) : o.fdr();
    }

    /** The level each look's (BH-adjusted) p-value is compared with, for overall level alpha. */
    static double perLook(double alpha, int maxPairs) {
        return CACHE.computeIfAbsent(alpha + "/" + maxPairs, k -> simulate(alpha, maxPairs));
    }

    private static double simulate(double alpha, int maxPairs) {
        SplittableRandom rng = new SplittableRandom(SEED);
        double[] smallest = new double[SIMULATIONS];
        double[] a = new double[maxPairs];
        double[] b = new double[maxPairs];
        for (int s = 0; s < SIMULATIONS; s++) {
            for (int i = 0; i < maxPairs; i++) {
                a[i] = rng.nextDouble();
                b[i] = rng.nextDouble();
            }
            double min = 1;
            for (int n = StatsOptions.MIN_ITERATIONS; n <= maxPairs; n++) {
                min = Math.min(min, RankTest.mannWhitney(Arrays.copyOf(a, n), Arrays.copyOf(b, n)).p());
            }
            smallest[s] = min;
        }
        Arrays.sort(smallest);
        // P(smallest < c) <= k / SIMULATIONS <= alpha with c the (k+1)-th smallest value.
        int k = (int) Math.floor(alpha * SIMULATIONS);
        return Math.min(alpha, smallest[k]);
    }
}

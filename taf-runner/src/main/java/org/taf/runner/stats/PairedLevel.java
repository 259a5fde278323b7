package org.taf.runner.stats;

import java.util.Arrays;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.util.FastMath;

/**
 * The per-look two-sided level of the paired t-test when a cell is tested again after every added
 * pair. Stopping at the first look with p &lt; alpha inflates false alarms (optional stopping); a
 * group-sequential design with a constant boundary (Pocock 1977) tests every look at one smaller
 * level {@code c}, chosen so that, with looks at every n from {@code minPairs} to {@code maxPairs},
 * P(any look has p &lt; c) &lt;= alpha when nothing changed.
 *
 * <p>Under normal noise the t statistic is pivotal: its joint law over the looks depends neither on the
 * mean nor on the SD of the log-ratios. So {@code c} is found once by simulating N(0, 1) log-ratios
 * ({@value #SIMULATIONS} seeded runs), taking each run's smallest p over the looks, and its
 * alpha-quantile: with k = floor(alpha * runs), c is the (k+1)-th smallest, so at most k runs (a share
 * &lt;= alpha) have a look below it. The Monte Carlo SE of the attained rate is about
 * sqrt(alpha (1 - alpha) / runs) = 0.0015 at alpha 0.05. Results are cached per (alpha, minPairs,
 * maxPairs); one computation takes 0.1-0.2 s for 20 pairs.
 *
 * <p>Values (alpha 0.05, minPairs 3, seed {@link #SEED}): maxPairs 10: c = 0.01236; 12: 0.01055;
 * 20: 0.007810 (checked in {@code PairedLevelTest}; a 400,000-run simulation outside the suite gave
 * 0.01209, 0.01061, 0.00770, within the Monte Carlo error). They are smaller than a z-test would need
 * for the same looks (0.0147, 0.0130, 0.0094, same outside simulation) because the SD is re-estimated
 * at every look: with few degrees of freedom that moves successive t statistics apart and makes the
 * looks less alike. Pocock's constant boundary for 8, 10 and 18 equally spaced looks (z-tests, same
 * outside simulation) is 0.0120, 0.0106 and 0.0080.
 *
 * <p>Heavy tails: with t(4)-distributed log-ratios the t-test is conservative, and the false-alarm rate
 * over looks at c stays below alpha (3.9% for 3..10 and 3.8% for 3..20 pairs outside the suite;
 * {@code PairedLevelTest} checks it on its own seed). It is a bound for normal noise, not a
 * permutation bound.
 */
public final class PairedLevel {
    /** Seeded null runs per computation. */
    public static final int SIMULATIONS = 20_000;
    /** Largest maxPairs accepted: keeps one computation under a few seconds. */
    public static final int MAX_LOOKS_PAIRS = 200;
    /** Seed of the null simulation. */
    public static final long SEED = 0x9A1_7E57L;

    private record Key(double alpha, int minPairs, int maxPairs) {}

    private static final Map<Key, Double> CACHE = new ConcurrentHashMap<>();

    private PairedLevel() {}

    /**
     * The constant per-look two-sided level of the paired t-test.
     *
     * @param alpha    overall false-alarm probability over all looks, in (0, 0.5], e.g. 0.05
     * @param minPairs first look, in pairs (at least 2: the t-test needs 1 degree of freedom)
     * @param maxPairs last look, in pairs, in [minPairs, {@value #MAX_LOOKS_PAIRS}]
     * @return c &lt;= alpha; equal to alpha when there is one look
     */
    public static double perLook(double alpha, int minPairs, int maxPairs) {
        if (!(alpha > 0 && alpha <= 0.5)) {
            throw new IllegalArgumentException("alpha (" + alpha + ") must be in (0, 0.5]");
        }
        if (minPairs < 2) {
            throw new IllegalArgumentException("minPairs (" + minPairs + ") must be >= 2");
        }
        if (maxPairs < minPairs || maxPairs > MAX_LOOKS_PAIRS) {
            throw new IllegalArgumentException("maxPairs (" + maxPairs + ") must be in [minPairs (" + minPairs
                    + "), " + MAX_LOOKS_PAIRS + "]");
        }
        if (maxPairs == minPairs) {
            return alpha; // one look: nothing to correct
        }
        return CACHE.computeIfAbsent(new Key(alpha, minPairs, maxPairs), PairedLevel::simulate);
    }

    private static double simulate(Key k) {
        TDistribution[] t = new TDistribution[k.maxPairs() + 1];
        for (int n = k.minPairs(); n <= k.maxPairs(); n++) {
            t[n] = new TDistribution(null, n - 1);
        }
        SplittableRandom rng = new SplittableRandom(SEED);
        double[] smallest = new double[SIMULATIONS];
        for (int s = 0; s < SIMULATIONS; s++) {
            // Running sums give every look's mean and SD in O(1); values are N(0, 1), so no cancellation.
            double sum = 0;
            double squares = 0;
            double min = 1;
            for (int n = 1; n <= k.maxPairs(); n++) {
                double x = rng.nextGaussian();
                sum += x;
                squares += x * x;
                if (n >= k.minPairs()) {
                    double mean = sum / n;
                    double var = (squares - n * mean * mean) / (n - 1);
                    double stat = FastMath.abs(mean) / FastMath.sqrt(var / n);
                    // Compare p, not t: each look has its own degrees of freedom.
                    min = FastMath.min(min, 2 * t[n].cumulativeProbability(-stat));
                }
            }
            smallest[s] = min;
        }
        Arrays.sort(smallest);
        int kth = (int) FastMath.floor(k.alpha() * SIMULATIONS);
        return FastMath.min(k.alpha(), smallest[kth]);
    }
}

package org.taf.runner.stats;

import java.util.List;
import java.util.Locale;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.moment.Variance;
import org.apache.commons.math3.util.FastMath;

/**
 * Minimal detectable effect (MDE) of a comparison of n iterations per side, on the log scale:
 * <pre>
 *   delta = (t(1 - a/2, 2n-2) + t(power, 2n-2)) * sigma * sqrt(2 / (n * 3/pi)),   MDE = 1 - exp(-delta)
 * </pre>
 * the usual two-sample power formula with t quantiles for small n, where sigma is the SD of
 * ln(TPS) of one iteration, 3/pi is the efficiency of the Mann-Whitney test relative to the t test
 * under normal noise, and {@code a} is the size the exact rank test really attains at the level
 * min(1 - confidence, level) with n per side, level being the FDR (or the adaptive loop's per-look level) (its discreteness makes it smaller: 0.032 for 5 + 5 at
 * 0.05). When no attainable p-value is that small (n &lt;= 3 at 0.05), nothing is detectable.
 */
public final class DetectableEffect {
    private static final double MWU_EFFICIENCY = 3 / Math.PI;

    private DetectableEffect() {}

    /** Before measuring: from stored noise, for {@code pairs} pairs of {@code secondsPerIteration} seconds. */
    public static MinimalDetectableEffect planned(NoiseEstimate noise, int pairs, int secondsPerIteration,
            StatsOptions o, boolean adaptive) {
        String basis = String.format(Locale.ROOT, "planned from noise measured on %s at %s (%d A/A iterations of %d s)",
                noise.hostFingerprint(), noise.measuredAt(), noise.iterations(), noise.secondsPerIteration());
        return compute(noise.sigmaFor(secondsPerIteration), pairs, SequentialLevel.of(o, adaptive), o, basis);
    }

    /** After measuring: from the spread of the included iterations' medians of both sides. */
    public static MinimalDetectableEffect measured(List<IterationSummary> parent, List<IterationSummary> patch,
            StatsOptions o, boolean adaptive) {
        int n = Math.min(parent.size(), patch.size());
        String basis = "measured from this cell's iterations";
        if (n < 2) {
            return new MinimalDetectableEffect(null, Double.NaN, n, 0, o.power(), basis,
                    "too few iterations to estimate the noise (" + n + " per side)");
        }
        double pooled = ((parent.size() - 1) * logVariance(parent) + (patch.size() - 1) * logVariance(patch))
                / (parent.size() + patch.size() - 2);
        return compute(FastMath.sqrt(pooled), n, SequentialLevel.of(o, adaptive), o, basis);
    }

    /** Smallest number of pairs (up to {@code limit}) whose MDE is at most {@code dropPct}; -1 if none. */
    public static int pairsFor(double sigma, double dropPct, int limit, StatsOptions o) {
        for (int n = 2; n <= limit; n++) {
            if (compute(sigma, n, o.fdr(), o, "").canSee(dropPct)) {
                return n;
            }
        }
        return -1;
    }

    /**
     * The MDE for a per-iteration log-SD {@code sigma} and n pairs, when the verdict compares p with
     * {@code level} (the FDR, or the adaptive loop's per-look level) and the interval has {@code o.confidence()}.
     */
    public static MinimalDetectableEffect compute(double sigma, int pairs, double level, StatsOptions o,
            String basis) {
        if (!(sigma >= 0) || Double.isInfinite(sigma)) {
            throw new IllegalArgumentException("noise sigma (" + sigma + ") must be finite and >= 0");
        }
        if (pairs < 1) {
            throw new IllegalArgumentException("pairs (" + pairs + ") must be >= 1");
        }
        level = Math.min(1 - o.confidence(), level);
        double alpha = pairs < 2 ? 0 : RankTest.attainedSize(pairs, pairs, level);
        if (alpha == 0) {
            String why = String.format(Locale.ROOT, "with %d pair(s) the rank test cannot reach p <= %s (its smallest"
                    + " p is %.3g): this run cannot see any change; plan at least %d pairs",
                    pairs, trim(level), pairs < 2 ? 1.0 : RankTest.minimalP(pairs, pairs), fewestTestable(level));
            return new MinimalDetectableEffect(null, sigma, pairs, 0, o.power(), basis, why);
        }
        TDistribution t = new TDistribution(null, 2.0 * pairs - 2);
        double q = t.inverseCumulativeProbability(1 - alpha / 2) + t.inverseCumulativeProbability(o.power());
        double delta = q * sigma * FastMath.sqrt(2 / (pairs * MWU_EFFICIENCY));
        double pct = 100 * (1 - FastMath.exp(-delta));
        String warning = null;
        if (pct > o.failPct()) {
            warning = String.format(Locale.ROOT, "this run cannot see a %s%% change; it can see %.1f%% (at %s%% power,"
                    + " %d pairs)", trim(o.failPct()), pct, trim(100 * o.power()), pairs);
        }
        return new MinimalDetectableEffect(pct, sigma, pairs, alpha, o.power(), basis, warning);
    }

    private static int fewestTestable(double level) {
        int n = 2;
        while (RankTest.minimalP(n, n) > level) {
            n++;
        }
        return n;
    }

    private static double logVariance(List<IterationSummary> side) {
        double[] logs = side.stream().mapToDouble(s -> FastMath.log(s.medianTps())).toArray();
        return logs.length < 2 ? 0 : new Variance(true).evaluate(logs);
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }
}

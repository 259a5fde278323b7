package org.taf.runner.stats;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.rank.Median;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;
import org.apache.commons.math3.stat.descriptive.rank.Percentile.EstimationType;
import org.apache.commons.math3.util.FastMath;

/**
 * Percentile interval of log(patch / parent) from a two-level bootstrap that respects how the data
 * were made (Efron &amp; Tibshirani 1993; for nested data, Davison &amp; Hinkley 1997, 3.8):
 * <ol>
 * <li>per side, draw as many iterations as it has, with replacement: the between-iteration variance,
 *     which dominates on a noisy host, enters through this level;</li>
 * <li>within each drawn iteration, rebuild its seconds from circular blocks of {@code blockSeconds}
 *     consecutive seconds (Künsch 1989; Politis &amp; Romano 1992) and take the median: blocks keep the
 *     autocorrelation of neighbouring seconds that a per-second resample would destroy;</li>
 * <li>the side's location is the mean of the logs of those medians (a geometric mean), and the
 *     replicate is the difference patch - parent.</li>
 * </ol>
 * Percentile intervals from few iterations are too narrow (the bootstrap variance of a mean of n
 * values is (n-1)/n of the real one and normal instead of t tails), so the percentiles are taken at
 * Hesterberg's expanded level (2015): the tail probability whose normal quantile is
 * {@code sqrt(n/(n-1)) * t(1-alpha/2, n1+n2-2)}, with n the smaller side. FastMath keeps every number
 * bit-identical across JVMs, so a seed reproduces an interval exactly.
 */
final class HierarchicalBootstrap {
    private static final NormalDistribution NORMAL = new NormalDistribution(null, 0, 1);
    /** Up to this many seconds a sort is faster than Commons' selection for the median. */
    private static final int SORT_LIMIT = 64;

    /** The interval on the log scale and the two-sided tail probability actually used. */
    record Interval(double lowLog, double highLog, double expandedAlpha) {}

    private HierarchicalBootstrap() {}

    static Interval logRatio(List<IterationSample> parent, List<IterationSample> patch, StatsOptions o, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        int longest = 1;
        for (List<IterationSample> side : List.of(parent, patch)) {
            for (IterationSample s : side) {
                longest = Math.max(longest, s.seconds());
            }
        }
        double[] scratch = new double[longest];
        Median median = new Median();
        double[] replicates = new double[o.bootstrapResamples()];
        for (int b = 0; b < replicates.length; b++) {
            double parentLog = resampledLogLocation(parent, o.blockSeconds(), rng, scratch, median);
            double patchLog = resampledLogLocation(patch, o.blockSeconds(), rng, scratch, median);
            replicates[b] = patchLog - parentLog;
        }
        double alpha = expandedAlpha(1 - o.confidence(), parent.size(), patch.size());
        Percentile q = new Percentile().withEstimationType(EstimationType.R_7);
        q.setData(replicates);
        return new Interval(q.evaluate(100 * alpha / 2), q.evaluate(100 * (1 - alpha / 2)), alpha);
    }

    /** Hesterberg's expanded two-sided tail probability for nominal alpha and sides of n1 and n2. */
    static double expandedAlpha(double alpha, int n1, int n2) {
        int n = Math.min(n1, n2);
        double t = new TDistribution(null, n1 + n2 - 2).inverseCumulativeProbability(1 - alpha / 2);
        double z = FastMath.sqrt(n / (n - 1.0)) * t;
        return 2 * (1 - NORMAL.cumulativeProbability(z));
    }

    private static double resampledLogLocation(List<IterationSample> side, int block, SplittableRandom rng,
            double[] scratch, Median median) {
        int n = side.size();
        double sum = 0;
        for (int i = 0; i < n; i++) {
            double[] seconds = side.get(rng.nextInt(n)).samples();
            double m = blockResampledMedian(seconds, block, rng, scratch, median);
            // A resample of mostly stalled seconds can have median 0: keep it finite and let it widen
            // the interval instead of producing -infinity.
            sum += FastMath.log(Math.max(m, Double.MIN_NORMAL));
        }
        return sum / n;
    }

    /** Median of one circular-block resample of the seconds, as long as the original. */
    private static double blockResampledMedian(double[] seconds, int block, SplittableRandom rng, double[] scratch,
            Median median) {
        int len = seconds.length;
        if (len == 1) {
            return seconds[0];
        }
        int b = Math.min(block, len);
        int filled = 0;
        while (filled < len) {
            int start = rng.nextInt(len);
            for (int k = 0; k < b && filled < len; k++) {
                scratch[filled++] = seconds[(start + k) % len];
            }
        }
        if (len > SORT_LIMIT) {
            return median.evaluate(scratch, 0, len);
        }
        // On short arrays sorting the scratch copy in place is 2x faster than Median.evaluate (which
        // copies and pivots); the definition is the same (mean of the middle two when even).
        Arrays.sort(scratch, 0, len);
        int mid = len / 2;
        return (len & 1) == 1 ? scratch[mid] : (scratch[mid - 1] + scratch[mid]) / 2;
    }
}

package org.taf.runner.stats;

import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.rank.Median;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;
import org.apache.commons.math3.stat.descriptive.rank.Percentile.EstimationType;
import org.apache.commons.math3.util.CombinatoricsUtils;
import org.apache.commons.math3.util.FastMath;

/**
 * The analysis of format 1 (TAF until 2026-11-30), kept in test sources as the reference the power
 * study compares today's paired analysis with (docs/benchmarks/power-study.md): TPS alone; the
 * geometric mean of each side's iteration medians; a two-level bootstrap interval (iterations, then
 * 5 s blocks of seconds; Hesterberg's expanded percentiles); an exact Mann-Whitney U on the iteration
 * medians; REGRESSED when the interval lies below 1, the estimate is past the fail threshold and p is
 * below the level (the Pocock level of that test over looks from 3 to max pairs in the adaptive loop);
 * SAME within the warning threshold. Single-cell comparisons only (no Benjamini-Hochberg), flagged
 * iterations as they come. Not used by TAF itself.
 */
public final class UnpairedReference {
    private static final int RESAMPLES = 2000;
    private static final int BLOCK = 5;
    private static final NormalDistribution NORMAL = new NormalDistribution(null, 0, 1);
    private static final Map<String, Double> LEVELS = new ConcurrentHashMap<>();

    /** A format 1 verdict: the verdict, the estimate and its interval. */
    public record Outcome(Verdict verdict, double ratio, Double ciLow, Double ciHigh, boolean betweenThresholds) {}

    private UnpairedReference() {}

    /** Judges one cell the way format 1 did, at the plain FDR or (adaptive) its per-look level. */
    public static Outcome judge(CellSamples cell, StatsOptions o, boolean adaptive, long seed) {
        List<IterationSample> parent = cell.parent();
        List<IterationSample> patch = cell.patch();
        double[] a = medians(parent);
        double[] b = medians(patch);
        double ratio = FastMath.exp(meanLog(b) - meanLog(a));
        if (Math.min(a.length, b.length) < 3) {
            return new Outcome(Verdict.INCONCLUSIVE, ratio, null, null, false);
        }
        double[] ci = interval(parent, patch, 1 - o.confidence(), seed);
        double p = mannWhitney(a, b);
        double level = adaptive ? level(o.fdr(), o.maxPairs()) : o.fdr();
        double change = (ratio - 1) * 100;
        double lo = ci[0];
        double hi = ci[1];
        boolean significant = p < level;
        double w = o.warningPct() / 100;
        if (hi < 1 && -change >= o.failPct() && significant) {
            return new Outcome(Verdict.REGRESSED, ratio, lo, hi, false);
        }
        if (lo > 1 && change >= o.gainPct() && significant) {
            return new Outcome(Verdict.IMPROVED, ratio, lo, hi, false);
        }
        if (lo >= 1 - w && hi <= 1 + w) {
            return new Outcome(Verdict.NO_CHANGE, ratio, lo, hi, false);
        }
        boolean between = (lo > 1 - o.failPct() / 100 && hi < 1 - w) || (lo > 1 + w && hi < 1 + o.gainPct() / 100);
        return new Outcome(Verdict.INCONCLUSIVE, ratio, lo, hi, between);
    }

    private static double[] medians(List<IterationSample> side) {
        return side.stream().mapToDouble(s -> new Median().evaluate(s.samples())).toArray();
    }

    private static double meanLog(double[] x) {
        return Arrays.stream(x).map(FastMath::log).average().orElse(Double.NaN);
    }

    /** Two-level bootstrap percentile interval of the ratio, expanded for few iterations (Hesterberg 2015). */
    static double[] interval(List<IterationSample> parent, List<IterationSample> patch, double alpha, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        double[] reps = new double[RESAMPLES];
        for (int r = 0; r < RESAMPLES; r++) {
            reps[r] = resampledLogLocation(patch, rng) - resampledLogLocation(parent, rng);
        }
        int n = Math.min(parent.size(), patch.size());
        double t =
                new TDistribution(null, parent.size() + patch.size() - 2).inverseCumulativeProbability(1 - alpha / 2);
        double expanded = 2 * (1 - NORMAL.cumulativeProbability(FastMath.sqrt(n / (n - 1.0)) * t));
        Percentile q = new Percentile().withEstimationType(EstimationType.R_7);
        q.setData(reps);
        return new double[] {
            FastMath.exp(q.evaluate(100 * expanded / 2)), FastMath.exp(q.evaluate(100 * (1 - expanded / 2)))
        };
    }

    private static double resampledLogLocation(List<IterationSample> side, SplittableRandom rng) {
        double sum = 0;
        for (int i = 0; i < side.size(); i++) {
            double[] s = side.get(rng.nextInt(side.size())).samples();
            double[] copy = new double[s.length];
            int filled = 0;
            while (filled < s.length) {
                int start = rng.nextInt(s.length);
                for (int k = 0; k < Math.min(BLOCK, s.length) && filled < s.length; k++) {
                    copy[filled++] = s[(start + k) % s.length];
                }
            }
            sum += FastMath.log(Math.max(new Median().evaluate(copy), Double.MIN_NORMAL));
        }
        return sum / side.size();
    }

    private static final Map<Integer, long[]> NULL_COUNTS = new ConcurrentHashMap<>();

    /**
     * Two-sided Mann-Whitney U p-value, exact as format 1 computed it: the patch's rank sum against its
     * tie-free null distribution (cached per n1, n2), up to 200,000 rank assignments; beyond, the normal
     * approximation.
     */
    static double mannWhitney(double[] a, double[] b) {
        int n1 = a.length;
        int n2 = b.length;
        if (CombinatoricsUtils.binomialCoefficientDouble(n1 + n2, n2) > 200_000) {
            return new org.apache.commons.math3.stat.inference.MannWhitneyUTest().mannWhitneyUTest(a, b);
        }
        double[] pooled = new double[n1 + n2];
        System.arraycopy(a, 0, pooled, 0, n1);
        System.arraycopy(b, 0, pooled, n1, n2);
        double[] ranks = new org.apache.commons.math3.stat.ranking.NaturalRanking().rank(pooled);
        double observed = 0;
        for (int i = n1; i < ranks.length; i++) {
            observed += ranks[i];
        }
        long[] counts = NULL_COUNTS.computeIfAbsent(n1 * 1000 + n2, k -> nullCounts(n1, n2));
        int minSum = n2 * (n2 + 1) / 2;
        double mean = n2 * (n1 + n2 + 1) / 2.0;
        double distance = Math.abs(observed - mean) - 1e-9;
        long extreme = 0;
        long total = 0;
        for (int i = 0; i < counts.length; i++) {
            total += counts[i];
            if (Math.abs(minSum + i - mean) >= distance) {
                extreme += counts[i];
            }
        }
        return (double) extreme / total;
    }

    private static long[] nullCounts(int n1, int n2) {
        int minSum = n2 * (n2 + 1) / 2;
        int maxSum = n2 * (n1 + n2) - n2 * (n2 - 1) / 2;
        long[] counts = new long[maxSum - minSum + 1];
        Iterator<int[]> it = CombinatoricsUtils.combinationsIterator(n1 + n2, n2);
        while (it.hasNext()) {
            int s = 0;
            for (int i : it.next()) {
                s += i + 1;
            }
            counts[s - minSum]++;
        }
        return counts;
    }

    /** The Pocock level of the exact rank test over looks from 3 to {@code maxPairs} pairs (simulated, cached). */
    static double level(double alpha, int maxPairs) {
        return LEVELS.computeIfAbsent(alpha + "/" + maxPairs, k -> {
            SplittableRandom rng = new SplittableRandom(0x5EC0_1E7E1L);
            int runs = 4000;
            double[] smallest = new double[runs];
            for (int s = 0; s < runs; s++) {
                double[] x = new double[maxPairs];
                double[] y = new double[maxPairs];
                for (int i = 0; i < maxPairs; i++) {
                    x[i] = rng.nextDouble();
                    y[i] = rng.nextDouble();
                }
                double min = 1;
                for (int n = 3; n <= maxPairs; n++) {
                    min = Math.min(min, mannWhitney(Arrays.copyOf(x, n), Arrays.copyOf(y, n)));
                }
                smallest[s] = min;
            }
            Arrays.sort(smallest);
            return Math.min(alpha, smallest[(int) Math.floor(alpha * runs)]);
        });
    }
}

package org.taf.runner.stats;

import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.commons.math3.stat.inference.MannWhitneyUTest;
import org.apache.commons.math3.stat.ranking.NaNStrategy;
import org.apache.commons.math3.stat.ranking.NaturalRanking;
import org.apache.commons.math3.stat.ranking.TiesStrategy;
import org.apache.commons.math3.util.CombinatoricsUtils;

/**
 * Two-sided Mann-Whitney U (Wilcoxon rank-sum) test on the iteration medians of the two sides.
 *
 * <p>Commons Math 3.6.1 only has the normal approximation, which is poor for the 3-10 iterations a
 * side usually has; so for small samples the p-value is exact: the rank sum of the patch (mid-ranks
 * from Commons' {@link NaturalRanking}) is compared with its value under each of the C(n1+n2, n2)
 * equally likely assignments of the pooled ranks to the sides, enumerated with Commons' combinations
 * iterator. Without ties (the usual case for TPS) the null distribution of the rank sum depends only
 * on n1 and n2, so it is enumerated once and cached; with ties the actual mid-ranks are enumerated.
 * asv does the same (exact up to 20 per side). Above {@link #EXACT_LIMIT} assignments the Commons
 * normal approximation is used.
 */
final class RankTest {
    /** Largest number of rank assignments enumerated exactly (10 + 10 iterations is 184,756). */
    static final long EXACT_LIMIT = 200_000;
    /** Rank sums are sums of halves; this absorbs rounding when comparing them. */
    private static final double EPS = 1e-9;
    /** Tie-free null distributions: key n1 * 1000 + n2, value counts[s - minSum] of each rank sum s. */
    private static final Map<Integer, long[]> NULL_COUNTS = new ConcurrentHashMap<>();

    /** The p-value (null when there are too few iterations) and how it was computed. */
    record Result(Double p, String method) {}

    private RankTest() {}

    static Result mannWhitney(double[] parent, double[] patch) {
        int n1 = parent.length;
        int n2 = patch.length;
        if (Math.min(n1, n2) < StatsOptions.MIN_ITERATIONS) {
            return new Result(null, "none: too few iterations (" + n1 + " parent, " + n2 + " patch; the rank test"
                    + " needs " + StatsOptions.MIN_ITERATIONS + " per side)");
        }
        if (!exact(n1, n2)) {
            double p = new MannWhitneyUTest(NaNStrategy.FAILED, TiesStrategy.AVERAGE).mannWhitneyUTest(parent, patch);
            return new Result(p, "Mann-Whitney U, normal approximation");
        }
        double[] pooled = new double[n1 + n2];
        System.arraycopy(parent, 0, pooled, 0, n1);
        System.arraycopy(patch, 0, pooled, n1, n2);
        double[] ranks = new NaturalRanking(NaNStrategy.FAILED, TiesStrategy.AVERAGE).rank(pooled);
        double observed = 0;
        boolean ties = false;
        for (int i = 0; i < ranks.length; i++) {
            ties |= ranks[i] != Math.rint(ranks[i]);
            if (i >= n1) {
                observed += ranks[i];
            }
        }
        long assignments = CombinatoricsUtils.binomialCoefficient(n1 + n2, n2);
        long extreme = ties ? enumerate(ranks, n2, observed) : tail(n1, n2, observed);
        return new Result((double) extreme / assignments,
                "Mann-Whitney U, exact over " + assignments + " rank assignments");
    }

    /** Smallest two-sided p-value the exact test can give with n1 and n2 tie-free iterations: 2 / C(n1+n2, n2). */
    static double minimalP(int n1, int n2) {
        return Math.min(1.0, 2.0 / CombinatoricsUtils.binomialCoefficientDouble(n1 + n2, n2));
    }

    /**
     * The largest p-value at most {@code alpha} that the exact test can give with n1 and n2 tie-free
     * iterations, i.e. its real size at level alpha (discreteness makes it smaller than alpha); 0 when
     * no p-value is that small. Beyond the exact limit, alpha itself.
     */
    static double attainedSize(int n1, int n2, double alpha) {
        if (!exact(n1, n2)) {
            return alpha;
        }
        double assignments = CombinatoricsUtils.binomialCoefficientDouble(n1 + n2, n2);
        int maxSum = maxSum(n1, n2);
        double mean = n2 * (n1 + n2 + 1) / 2.0;
        double best = 0;
        for (int s = maxSum; s >= mean; s--) {
            double p = tail(n1, n2, s) / assignments;
            if (p > alpha + EPS) {
                break;
            }
            best = p;
        }
        return best;
    }

    private static boolean exact(int n1, int n2) {
        return CombinatoricsUtils.binomialCoefficientDouble(n1 + n2, n2) <= EXACT_LIMIT;
    }

    /** Tie-free assignments whose rank sum is at least as far from its mean as {@code observed}. */
    private static long tail(int n1, int n2, double observed) {
        long[] counts = NULL_COUNTS.computeIfAbsent(n1 * 1000 + n2, k -> nullCounts(n1, n2));
        int minSum = n2 * (n2 + 1) / 2;
        double mean = n2 * (n1 + n2 + 1) / 2.0;
        double distance = Math.abs(observed - mean) - EPS;
        long count = 0;
        for (int i = 0; i < counts.length; i++) {
            if (Math.abs(minSum + i - mean) >= distance) {
                count += counts[i];
            }
        }
        return count;
    }

    private static long[] nullCounts(int n1, int n2) {
        int minSum = n2 * (n2 + 1) / 2;
        long[] counts = new long[maxSum(n1, n2) - minSum + 1];
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

    private static int maxSum(int n1, int n2) {
        int total = n1 + n2;
        return n2 * total - n2 * (n2 - 1) / 2;
    }

    /** Assignments of k of the pooled (mid-)ranks to the patch whose sum is at least as far from its mean. */
    private static long enumerate(double[] ranks, int k, double observed) {
        double mean = k * (ranks.length + 1) / 2.0;
        double distance = Math.abs(observed - mean) - EPS;
        long count = 0;
        Iterator<int[]> it = CombinatoricsUtils.combinationsIterator(ranks.length, k);
        while (it.hasNext()) {
            double s = 0;
            for (int i : it.next()) {
                s += ranks[i];
            }
            if (Math.abs(s - mean) >= distance) {
                count++;
            }
        }
        return count;
    }
}

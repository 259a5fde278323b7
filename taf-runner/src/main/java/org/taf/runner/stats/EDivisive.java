package org.taf.runner.stats;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;
import org.apache.commons.math3.util.FastMath;

/**
 * Change points of a series (a metric over commits, for the history pages): E-divisive, from Matteson
 * &amp; James, "A Nonparametric Approach for Multiple Change Point Analysis of Multivariate Data", JASA
 * 109(505):334-345, 2014, implemented in R's {@code ecp::e.divisive}; univariate here. Apache Otava
 * (ex-Hunter) builds on it and tests candidates with a t-test instead; this class keeps the paper's
 * permutation test, which assumes nothing about the noise's distribution.
 *
 * <p><b>Divergence.</b> For samples X (n values) and Y (m values) and an exponent alpha in (0, 2],
 * <pre>
 *   E(X, Y) = 2/(n m) sum_ij |x_i - y_j|^alpha - C(n,2)^-1 sum_i&lt;k |x_i - x_k|^alpha
 *             - C(m,2)^-1 sum_j&lt;k |y_j - y_k|^alpha
 *   Q(X, Y) = n m / (n + m) * E(X, Y)
 * </pre>
 * an energy distance: for alpha &lt; 2 its population value is 0 exactly when X and Y have the same
 * distribution, so a change of spread counts as well as a change of level; alpha = 2 sees only means.
 *
 * <p><b>One split.</b> In a segment Z_0..Z_(L-1), each tau and kappa with X = [0, tau), Y = [tau, kappa)
 * and both at least {@code minSize} long is scored by Q; the best (tau, kappa) is the candidate, and
 * tau the first index of the new segment. kappa &lt; L lets Y stop before a later change, as in the paper.
 * Incremental sums (as in ecp) give every (tau, kappa) in O(L^2) time and O(L) memory, the distances
 * computed on the fly (alpha 1 and 2 need no {@code pow}; other exponents are several times slower).
 *
 * <p><b>Many splits.</b> Hierarchically (bisection): the segment of the current partition whose best
 * candidate has the largest Q is split next, if the candidate is significant. Its p-value comes from a
 * permutation test as in the paper: R times, the values are permuted within every current segment and
 * the largest best-candidate Q over the segments is recorded; {@code p = (1 + #{Q_r >= Q}) / (R + 1)},
 * significant when p &lt;= the level. The search stops at the first candidate that is not significant.
 * The permutation loop of that last candidate ends as soon as p can no longer reach the level (its p is
 * never reported). Permuted values that tie the observed Q within a relative 1e-12 count as &gt;=.
 *
 * <p><b>Cost.</b> O(L^2) per segment search; a test is up to R such searches over the whole series, so
 * O((k + 1) R n^2) for k change points; n = 1000 with R = 499 takes about 2 s for one step.
 *
 * <p><b>Defaults</b> ({@link Options#defaults()}): alpha 1, minSize 5, R = 499, level 0.01. Why 0.01
 * and not ecp's 0.05: the history pages run one test per series (workload x threads x metric), and every
 * change point shown invites a bisect (builds and engine runs), so 1 false alarm per 100 flat series
 * rather than 5 is worth the power lost on marginal steps (large steps keep p at 1 / (R + 1)). R = 499
 * rather than 199 because p &lt;= 0.01 then allows 4 permutations at or above Q instead of 1, so the
 * decision depends less on the permutation draw.
 */
public final class EDivisive {
    /** Relative tolerance under which a permuted statistic ties the observed one. */
    private static final double TIE = 1e-12;

    /**
     * Options.
     *
     * @param alpha        divergence exponent, in (0, 2] (default 1)
     * @param minSize      fewest values of a segment, &gt;= 2 (default 5): a change in the last minSize - 1
     *                     values cannot be seen
     * @param permutations R of the permutation test, &gt;= 1 (default 499)
     * @param significance level at which a candidate is accepted, in (0, 1) (default 0.01)
     * @param seed         seed of the permutations (default 1): same series and options give the same answer
     */
    public record Options(double alpha, int minSize, int permutations, double significance, long seed) {
        public Options {
            if (!(alpha > 0 && alpha <= 2)) {
                throw new IllegalArgumentException("alpha (" + alpha + ") must be in (0, 2]");
            }
            if (minSize < 2) {
                throw new IllegalArgumentException("minSize (" + minSize + ") must be >= 2");
            }
            if (permutations < 1) {
                throw new IllegalArgumentException("permutations (" + permutations + ") must be >= 1");
            }
            if (!(significance > 0 && significance < 1)) {
                throw new IllegalArgumentException("significance (" + significance + ") must be in (0, 1)");
            }
        }

        public static Options defaults() {
            return new Options(1.0, 5, 499, 0.01, 1L);
        }
    }

    /**
     * A change point.
     *
     * @param index          first index of the new segment
     * @param meanBefore     mean of the segment that ends at {@code index} (in the final partition)
     * @param meanAfter      mean of the segment that starts at {@code index}
     * @param relativeChange (meanAfter - meanBefore) / |meanBefore|; null when meanBefore is 0
     * @param pValue         p-value of its permutation test, when it was found
     * @param statistic      its Q
     */
    public record ChangePoint(int index, double meanBefore, double meanAfter, Double relativeChange, double pValue,
            double statistic) {}

    /** The best split of a segment: X = [from, tau), Y = [tau, kappa), absolute indexes. */
    record Split(int tau, int kappa, double statistic) {}

    private record Found(double p, double statistic) {}

    private EDivisive() {}

    /** {@link #detect(double[], Options)} with {@link Options#defaults()}. */
    public static List<ChangePoint> detect(double[] series) {
        return detect(series, Options.defaults());
    }

    /**
     * The significant change points of {@code series}, by index.
     *
     * @param series the values in order, all finite, at least 2 * minSize of them
     */
    public static List<ChangePoint> detect(double[] series, Options o) {
        Objects.requireNonNull(o, "options");
        check(series, o.minSize());
        SplittableRandom rng = new SplittableRandom(o.seed());
        Map<Integer, Found> found = new HashMap<>();
        List<Integer> bounds = new ArrayList<>(List.of(0, series.length));
        Map<Integer, Split> best = new HashMap<>(); // by segment start: the observed data never change
        while (true) {
            Split candidate = null;
            for (int s = 0; s + 1 < bounds.size(); s++) {
                int from = bounds.get(s);
                int to = bounds.get(s + 1);
                if (to - from >= 2 * o.minSize()) {
                    Split split = best.computeIfAbsent(from, f -> bestSplit(series, f, to, o.alpha(), o.minSize()));
                    if (candidate == null || split.statistic() > candidate.statistic()) {
                        candidate = split;
                    }
                }
            }
            if (candidate == null) {
                break;
            }
            Double p = permutationP(series, bounds, candidate.statistic(), o, rng);
            if (p == null) {
                break;
            }
            int tau = candidate.tau();
            found.put(tau, new Found(p, candidate.statistic()));
            best.remove(bounds.get(insertionPoint(bounds, tau) - 1));
            bounds.add(insertionPoint(bounds, tau), tau);
        }
        List<ChangePoint> out = new ArrayList<>();
        for (int b = 1; b + 1 < bounds.size(); b++) {
            int index = bounds.get(b);
            double before = mean(series, bounds.get(b - 1), index);
            double after = mean(series, index, bounds.get(b + 1));
            Double relative = before == 0 ? null : (after - before) / FastMath.abs(before);
            Found f = found.get(index);
            out.add(new ChangePoint(index, before, after, relative, f.p(), f.statistic()));
        }
        return out;
    }

    /** The p-value of the observed best statistic, or null as soon as it cannot be significant. */
    private static Double permutationP(double[] series, List<Integer> bounds, double observed, Options o,
            SplittableRandom rng) {
        double[] work = series.clone();
        double bar = observed - TIE * FastMath.abs(observed);
        int over = 0;
        for (int r = 0; r < o.permutations(); r++) {
            double max = Double.NEGATIVE_INFINITY;
            for (int s = 0; s + 1 < bounds.size(); s++) {
                int from = bounds.get(s);
                int to = bounds.get(s + 1);
                if (to - from >= 2 * o.minSize()) { // shorter segments cannot be split: nothing to permute
                    shuffle(work, from, to, rng);
                    max = FastMath.max(max, bestSplit(work, from, to, o.alpha(), o.minSize()).statistic());
                }
            }
            if (max >= bar) {
                over++;
                if ((1.0 + over) / (o.permutations() + 1.0) > o.significance()) {
                    return null;
                }
            }
        }
        return (1.0 + over) / (o.permutations() + 1.0);
    }

    /** The (tau, kappa) of [from, to) with the largest Q (the first one on ties); to - from >= 2 minSize. */
    static Split bestSplit(double[] z, int from, int to, double alpha, int minSize) {
        int len = to - from;
        int m = minSize;
        double[] wy = new double[len + 1]; // wy[kappa]: sum of distances within Y = [tau, kappa)
        double[] ab = new double[len + 1]; // ab[kappa]: sum of distances between X = [0, tau) and Y
        double wx = 0;
        for (int i = 0; i < m; i++) {
            for (int j = i + 1; j < m; j++) {
                wx += distance(z[from + i], z[from + j], alpha);
            }
        }
        for (int kappa = m + 1; kappa <= len; kappa++) {
            int p = kappa - 1; // joins Y
            double within = 0;
            for (int j = m; j < p; j++) {
                within += distance(z[from + p], z[from + j], alpha);
            }
            double between = 0;
            for (int i = 0; i < m; i++) {
                between += distance(z[from + i], z[from + p], alpha);
            }
            wy[kappa] = wy[kappa - 1] + within;
            ab[kappa] = ab[kappa - 1] + between;
        }
        // One pass per tau: the update of kappa's sums (when z[tau - 1] moves from Y to X) and the score of
        // (tau, kappa) in the same loop, kappa ascending, so ties keep the first (tau, kappa) as before.
        double bestQ = Double.NEGATIVE_INFINITY;
        int bestTau = -1;
        int bestKappa = -1;
        for (int tau = m; tau <= len - m; tau++) {
            double addA = 0;
            int p = tau - 1; // moves from Y to X (from the second tau on)
            boolean moves = tau > m;
            if (moves) {
                for (int i = 0; i < p; i++) {
                    addA += distance(z[from + i], z[from + p], alpha);
                }
                wx += addA;
            }
            double n = tau;
            double withinX = wx / (n * (n - 1) / 2);
            double addB = 0;
            for (int kappa = tau + 1; kappa <= len; kappa++) {
                if (moves) {
                    addB += distance(z[from + p], z[from + kappa - 1], alpha);
                    wy[kappa] -= addB;
                    ab[kappa] += addB - addA;
                }
                if (kappa >= tau + m) {
                    double k = kappa - tau;
                    double e = 2 * ab[kappa] / (n * k) - withinX - wy[kappa] / (k * (k - 1) / 2);
                    double q = n * k / kappa * e;
                    if (bestTau < 0 || q > bestQ) {
                        bestQ = q;
                        bestTau = tau;
                        bestKappa = kappa;
                    }
                }
            }
        }
        return new Split(from + bestTau, from + bestKappa, bestQ);
    }

    private static double distance(double a, double b, double alpha) {
        double d = FastMath.abs(a - b);
        if (alpha == 1) {
            return d;
        }
        return alpha == 2 ? d * d : FastMath.pow(d, alpha);
    }

    private static void shuffle(double[] x, int from, int to, SplittableRandom rng) {
        for (int i = to - 1; i > from; i--) {
            int j = from + rng.nextInt(i - from + 1);
            double t = x[i];
            x[i] = x[j];
            x[j] = t;
        }
    }

    private static int insertionPoint(List<Integer> sorted, int value) {
        int i = 0;
        while (sorted.get(i) < value) {
            i++;
        }
        return i;
    }

    private static double mean(double[] x, int from, int to) {
        double s = 0;
        for (int i = from; i < to; i++) {
            s += x[i];
        }
        return s / (to - from);
    }

    private static void check(double[] series, int minSize) {
        if (series == null) {
            throw new IllegalArgumentException("series (null) must be given");
        }
        for (int i = 0; i < series.length; i++) {
            if (!Double.isFinite(series[i])) {
                throw new IllegalArgumentException("series[" + i + "] (" + series[i] + ") must be finite");
            }
        }
        if (series.length < 2 * minSize) {
            throw new IllegalArgumentException("series length (" + series.length + ") must be >= 2 * minSize ("
                    + 2 * minSize + ")");
        }
    }
}

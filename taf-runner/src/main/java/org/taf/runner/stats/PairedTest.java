package org.taf.runner.stats;

import java.util.Locale;
import java.util.SplittableRandom;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.StatUtils;
import org.apache.commons.math3.util.FastMath;

/**
 * Paired analysis of one metric over A/B pairs. Each pair is one engine start of each side measured
 * back to back: its ratio still carries the noise between engine starts (CV 1-6% on this host, the
 * reason pairs differ), but drift that moves both halves of a pair alike (the day, the neighbours)
 * cancels in it. The input is, per pair j, {@code d[j] = ln(patch_j / parent_j)}.
 *
 * <ul>
 * <li>estimate: {@code exp(mean(d))}, the geometric mean of the per-pair ratios;</li>
 * <li>interval: the t interval over pairs, {@code exp(mean +- t(1 - a/2; n-1) * sd / sqrt(n))}
 *     (Student 1908); it excludes 1 exactly when the paired t p-value is below {@code a};</li>
 * <li>p-value: the two-sided paired t-test, {@code 2 * T(-|mean| / (sd / sqrt n); n-1)}, the same
 *     number as Commons Math's {@code TTest.pairedTTest};</li>
 * <li>a second p-value that needs no normality: the sign-flip permutation test of the mean (Fisher
 *     1935, the randomisation test of a paired design). Under no change the sign of each pair's
 *     log-ratio is a fair coin (which side won a pair is exchangeable), so p is the share of the 2^n
 *     sign patterns whose |sum| is at least the observed |sum|. Exact for n &lt;=
 *     {@value #EXACT_MAX_PAIRS} (at most 2^20 patterns, enumerated as every combination of the signed
 *     sums of the two halves, 2^10 each, so no sum carries the rounding of a long running update);
 *     beyond, {@value #MONTE_CARLO_DRAWS} seeded random patterns with the +1 correction,
 *     {@code p = (1 + #{|S*| >= |S|}) / (draws + 1)}
 *     (Phipson &amp; Smyth 2010), which keeps the test valid. Its smallest value is 2 / 2^n (0.0625
 *     with 5 pairs): it cannot decide few pairs, which is why the t-test is beside it.</li>
 * </ul>
 * Sums within a relative 1e-10 of the observed one count as ties (equally extreme), so that rounding
 * never makes the permutation p smaller than it is.
 *
 * <p>When the pairs were measured in both orders (parent first in some, patch first in others, at
 * least 2 of each: {@code measure.order = balanced}), the order is a period effect of a two-period
 * AB/BA crossover (Jones and Kenward, <i>Design and Analysis of Cross-Over Trials</i>): with {@code m1}
 * the mean log-ratio of the parent-first pairs and {@code m2} of the patch-first ones, the estimate is
 * {@code (m1 + m2) / 2}, its standard error {@code s / 2 * sqrt(1/n1 + 1/n2)} with {@code s} the SD
 * pooled within the two groups, and the t interval and test have {@code n - 2} degrees of freedom. An
 * advantage of whichever engine starts first (about 3% on this VM) then neither biases the ratio nor
 * widens its interval. The sign-flip test is then taken over the log-ratios with the period effect
 * removed (approximate: the period effect is estimated).
 */
public final class PairedTest {
    /** Largest number of pairs whose sign-flip p-value is exact (2^20 = 1,048,576 sign patterns). */
    public static final int EXACT_MAX_PAIRS = 20;
    /** Random sign patterns of the Monte Carlo sign-flip test beyond {@value #EXACT_MAX_PAIRS} pairs. */
    public static final int MONTE_CARLO_DRAWS = 99_999;
    /** Seed of the Monte Carlo sign-flip test when none is given. */
    public static final long DEFAULT_SEED = 0x5161_F11FL;
    private static final double TIE = 1e-10;

    /** A two-sided interval of the ratio patch / parent; {@code level} is its significance level (1 - confidence). */
    public record Interval(double level, double low, double high) {}

    /**
     * The paired analysis of one metric.
     *
     * @param n          pairs (at least 2)
     * @param meanLog    mean of the per-pair log-ratios ln(patch / parent)
     * @param sdLog      their sample SD (n - 1 in the denominator)
     * @param ratio      exp(meanLog): the geometric mean of the per-pair ratios
     * @param confidence confidence of {@code interval}, e.g. 0.95
     * @param interval   the t interval of the ratio at {@code confidence}; null when all log-ratios are
     *                   equal (sd 0: the t distribution says nothing)
     * @param tP         two-sided paired t-test p-value; null when all log-ratios are equal (sd 0)
     * @param signFlipP  two-sided sign-flip permutation p-value of the mean (defined for equal log-ratios too:
     *                   2 / 2^n when they are equal and non-zero, 1 when all are 0)
     * @param method     one line: how the numbers were computed
     * @param df         degrees of freedom of the t interval and test: n - 1, or n - 2 with the order effect
     * @param se         standard error of {@code meanLog}: sdLog / sqrt(n), or the crossover's
     * @param orderEffect half the difference between the patch-first and the parent-first pairs' mean
     *                   log-ratios: the first start's advantage, ln(first / second), positive when the
     *                   second start of a pair runs slower; 0 without both orders
     */
    public record Result(int n, double meanLog, double sdLog, double ratio, double confidence, Interval interval,
            Double tP, double signFlipP, String method, int df, double se, double orderEffect) {
        /**
         * The t interval at the two-sided significance level {@code level} (e.g. the adaptive loop's
         * per-look level; 0.05 gives the 95% interval); null when all log-ratios are equal.
         */
        public Interval intervalAtLevel(double level) {
            openFraction("level", level);
            return tInterval(meanLog, se, df, level);
        }

        /**
         * The one-sided p-value of "the patch is worse by the margin or more", from the same t as the interval:
         * with {@code higherIsBetter}, H0 is meanLog &lt;= {@code logMargin} (a drop to exp(logMargin) or
         * below) and p = T(-(meanLog - logMargin) / se; df); else H0 is meanLog &gt;= logMargin. It is below
         * a exactly when the interval at two-sided level 2a has its worse end on the good side of the margin.
         * Without spread (se 0) it is 0 or 1: the pairs all lie on one side of the margin.
         */
        public double notWorseP(double logMargin, boolean higherIsBetter) {
            double distance = higherIsBetter ? meanLog - logMargin : logMargin - meanLog;
            if (se == 0) {
                return distance > 0 ? 0 : 1;
            }
            return new TDistribution(null, df).cumulativeProbability(-distance / se);
        }
    }

    private PairedTest() {}

    /**
     * The paired analysis of the per-pair log-ratios {@code d}.
     *
     * @param d          ln(patch / parent) of each pair, at least 2, all finite
     * @param confidence confidence of the interval, in (0, 1), e.g. 0.95
     * @param seed       seed of the Monte Carlo sign-flip test (used only above {@value #EXACT_MAX_PAIRS} pairs)
     * @throws IllegalArgumentException with fewer than 2 pairs, a NaN or infinite value, or a bad confidence
     */
    public static Result of(double[] d, double confidence, long seed) {
        check(d);
        openFraction("confidence", confidence);
        int n = d.length;
        boolean equal = StatUtils.min(d) == StatUtils.max(d);
        // Equal values: exactly their value and 0 (the mean of three 0.1s is 0.10000000000000002).
        double mean = equal ? d[0] : StatUtils.mean(d);
        // sd can also be 0 for values a few ulps apart (the squares underflow): no t-test either.
        double sd = equal ? 0 : FastMath.sqrt(StatUtils.variance(d, mean));
        Double tP = sd == 0 ? null : tTestP(mean, sd, n);
        boolean exact = n <= EXACT_MAX_PAIRS;
        double flip = exact ? exactSignFlip(d) : monteCarloSignFlip(d, seed);
        String flipMethod = exact
                ? String.format(Locale.ROOT, "exact sign-flip over %d sign patterns", 1L << n)
                : String.format(Locale.ROOT, "Monte Carlo sign-flip over %d random sign patterns (seed %d)",
                        MONTE_CARLO_DRAWS, seed);
        String tMethod = sd == 0
                ? "no t-test: all " + n + " log-ratios are equal"
                : String.format(Locale.ROOT, "paired t over %d pairs (df %d)", n, n - 1);
        double se = sd / FastMath.sqrt(n);
        return new Result(n, mean, sd, FastMath.exp(mean), confidence, tInterval(mean, se, n - 1, 1 - confidence),
                tP, flip, tMethod + "; " + flipMethod, n - 1, se, 0);
    }

    /**
     * The paired analysis with each pair's order: a crossover when both orders have at least 2 pairs
     * (see the class comment), else {@link #of(double[], double, long)}.
     *
     * @param patchFirst per pair, whether the patch's engine start was measured first; null for unknown
     */
    public static Result of(double[] d, boolean[] patchFirst, double confidence, long seed) {
        check(d);
        openFraction("confidence", confidence);
        int n = d.length;
        if (patchFirst == null || patchFirst.length != n) {
            return of(d, confidence, seed);
        }
        int n2 = 0;
        double sum1 = 0;
        double sum2 = 0;
        for (int i = 0; i < n; i++) {
            if (patchFirst[i]) {
                n2++;
                sum2 += d[i];
            } else {
                sum1 += d[i];
            }
        }
        int n1 = n - n2;
        if (n1 < 2 || n2 < 2) {
            return of(d, confidence, seed);
        }
        double m1 = sum1 / n1;
        double m2 = sum2 / n2;
        double mean = (m1 + m2) / 2;
        // The first start's advantage ln(first / second): parent-first pairs carry -effect, patch-first +effect.
        double effect = (m2 - m1) / 2;
        double ss = 0;
        double[] adjusted = new double[n];
        for (int i = 0; i < n; i++) {
            double dev = d[i] - (patchFirst[i] ? m2 : m1);
            ss += dev * dev;
            adjusted[i] = d[i] + (patchFirst[i] ? -effect : effect);
        }
        int df = n - 2;
        double s = FastMath.sqrt(ss / df);
        boolean exact = n <= EXACT_MAX_PAIRS;
        double flip = exact ? exactSignFlip(adjusted) : monteCarloSignFlip(adjusted, seed);
        String method = String.format(Locale.ROOT, "AB/BA crossover t over %d pairs (%d parent first, %d patch first;"
                + " df %d; first start's advantage %+.2f%%)", n, n1, n2, df, 100 * (FastMath.exp(effect) - 1));
        if (s == 0) {
            return new Result(n, mean, 0, FastMath.exp(mean), confidence, null, null, flip,
                    method + "; no t-test: no spread within the orders", df, 0, effect);
        }
        double se = s / 2 * FastMath.sqrt(1.0 / n1 + 1.0 / n2);
        double t = FastMath.abs(mean) / se;
        double tP = FastMath.min(1.0, 2 * new TDistribution(null, df).cumulativeProbability(-t));
        return new Result(n, mean, s, FastMath.exp(mean), confidence, tInterval(mean, se, df, 1 - confidence), tP,
                flip, method + "; sign-flip over the log-ratios less the order effect", df, se, effect);
    }

    /**
     * The t interval of the ratio at two-sided level {@code level}, from the mean's standard error; null when it is 0.
     */
    private static Interval tInterval(double mean, double se, int df, double level) {
        if (se == 0) {
            return null;
        }
        double half = new TDistribution(null, df).inverseCumulativeProbability(1 - level / 2) * se;
        return new Interval(level, FastMath.exp(mean - half), FastMath.exp(mean + half));
    }

    /** Two-sided paired t p-value for the mean and SD of n log-ratios (sd > 0). */
    static double tTestP(double mean, double sd, int n) {
        double t = FastMath.abs(mean) / (sd / FastMath.sqrt(n));
        // The lower tail at -|t| keeps precision for tiny p (1 - cdf(|t|) would cancel).
        return FastMath.min(1.0, 2 * new TDistribution(null, n - 1).cumulativeProbability(-t));
    }

    /** Exact two-sided sign-flip p: subset sums of the two halves, every combination of them. */
    static double exactSignFlip(double[] d) {
        int n = d.length;
        int h = n / 2;
        double[] left = signedSums(d, 0, h);
        double[] right = signedSums(d, h, n);
        double observed = FastMath.abs(StatUtils.sum(d));
        double bound = observed - TIE * sumAbs(d);
        long extreme = 0;
        for (double l : left) {
            for (double r : right) {
                if (FastMath.abs(l + r) >= bound) {
                    extreme++;
                }
            }
        }
        return (double) extreme / ((long) left.length * right.length);
    }

    /** Monte Carlo two-sided sign-flip p with the +1 correction; signs from the bits of seeded longs. */
    static double monteCarloSignFlip(double[] d, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        double observed = FastMath.abs(StatUtils.sum(d));
        double bound = observed - TIE * sumAbs(d);
        long extreme = 0;
        for (int r = 0; r < MONTE_CARLO_DRAWS; r++) {
            double s = 0;
            long bits = 0;
            for (int i = 0; i < d.length; i++) {
                if (i % 64 == 0) {
                    bits = rng.nextLong();
                }
                s += (bits & 1) == 0 ? d[i] : -d[i];
                bits >>>= 1;
            }
            if (FastMath.abs(s) >= bound) {
                extreme++;
            }
        }
        return (1.0 + extreme) / (MONTE_CARLO_DRAWS + 1.0);
    }

    /** All 2^(to-from) sums of +-d[i] over i in [from, to). */
    private static double[] signedSums(double[] d, int from, int to) {
        double[] sums = new double[1 << (to - from)];
        int size = 1;
        for (int i = from; i < to; i++) {
            for (int j = 0; j < size; j++) {
                sums[size + j] = sums[j] - d[i];
                sums[j] += d[i];
            }
            size <<= 1;
        }
        return sums;
    }

    private static double sumAbs(double[] d) {
        double s = 0;
        for (double v : d) {
            s += FastMath.abs(v);
        }
        return s;
    }

    private static void check(double[] d) {
        if (d == null) {
            throw new IllegalArgumentException("log-ratios (null) must be given");
        }
        if (d.length < 2) {
            throw new IllegalArgumentException("pairs (" + d.length + ") must be >= 2 for a paired test");
        }
        for (int i = 0; i < d.length; i++) {
            if (!Double.isFinite(d[i])) {
                throw new IllegalArgumentException("log-ratio d[" + i + "] (" + d[i] + ") must be finite");
            }
        }
    }

    private static void openFraction(String name, double v) {
        if (!(v > 0 && v < 1)) {
            throw new IllegalArgumentException(name + " (" + v + ") must be in (0, 1)");
        }
    }
}

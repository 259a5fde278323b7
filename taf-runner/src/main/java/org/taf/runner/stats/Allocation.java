package org.taf.runner.stats;

import org.apache.commons.math3.util.FastMath;

/**
 * The design of a paired comparison from the variance components and the costs, after Kalibera &amp;
 * Jones, "Rigorous Benchmarking in Reasonable Time" (ISMM 2013, optimal repetition counts per level).
 *
 * <p><b>One pair.</b> A pair is one engine start per side with k measured windows each. Its log-ratio is
 * {@code d = (b_B + mean_k w_B) - (b_A + mean_k w_A) + Delta}, so
 * <pre>   V(k) = Var(d) = 2 (sigma_b^2 + sigma_w^2 / k)</pre>
 * and it costs {@code C(k) = 2 (c_start + k c_window)} seconds (2 starts, 2k windows; in the alternate
 * mode the windows of the two sides interleave but are as many).
 *
 * <p><b>Windows per start.</b> A budget T buys n = T / C(k) pairs, and the mean log-ratio then has
 * variance V(k) / n = V(k) C(k) / T. Minimising V(k) C(k), proportional to
 * {@code sigma_b^2 c_window k + sigma_w^2 c_start / k + const}, gives
 * <pre>   k* = sqrt(c_start sigma_w^2 / (c_window sigma_b^2))</pre>
 * The product is convex in k, so the best whole number is floor(k*) or ceil(k*), whichever gives the
 * smaller product (this is the "rounding": it is ceil exactly when k*^2 &gt; floor(k*) ceil(k*), so 2.45
 * becomes 3, not 2), clamped to [1, maxWindows]; with sigma_b^2 = 0 more windows always help and k = maxWindows.
 *
 * @param betweenVariance sigma_b^2, between engine starts, of ln values, &gt;= 0
 * @param withinVariance  sigma_w^2, between windows of one start, of ln values, &gt;= 0
 * @param startSeconds    c_start: cost of one engine start (launch, rest, warm-up), seconds, &gt; 0
 * @param windowSeconds   c_window: cost of one measured window, seconds, &gt; 0
 * @param maxWindows      largest number of windows per start, &gt;= 1
 */
public record Allocation(double betweenVariance, double withinVariance, double startSeconds, double windowSeconds,
        int maxWindows) {
    public Allocation {
        nonNegative("betweenVariance", betweenVariance);
        nonNegative("withinVariance", withinVariance);
        positive("startSeconds", startSeconds);
        positive("windowSeconds", windowSeconds);
        if (maxWindows < 1) {
            throw new IllegalArgumentException("maxWindows (" + maxWindows + ") must be >= 1");
        }
    }

    /** The unrounded k*, unclamped; infinite when sigma_b^2 = 0. */
    public double optimalWindows() {
        return FastMath.sqrt(startSeconds * withinVariance / (windowSeconds * betweenVariance));
    }

    /** Windows per start: k* as the better of floor and ceil, in [1, maxWindows]. */
    public int windowsPerStart() {
        if (betweenVariance == 0) {
            return maxWindows;
        }
        double k = optimalWindows();
        if (k <= 1) {
            return 1;
        }
        if (k >= maxWindows) {
            return maxWindows;
        }
        int lo = (int) FastMath.floor(k);
        return pairVariance(lo + 1) * pairSeconds(lo + 1) < pairVariance(lo) * pairSeconds(lo) ? lo + 1 : lo;
    }

    /** Variance of one pair's log-ratio with k windows per start: 2 (sigma_b^2 + sigma_w^2 / k). */
    public double pairVariance(int k) {
        windows(k);
        return 2 * (betweenVariance + withinVariance / k);
    }

    /** Wall time of one pair with k windows per start, seconds: 2 (c_start + k c_window). */
    public double pairSeconds(int k) {
        windows(k);
        return pairSeconds(startSeconds, k, windowSeconds);
    }

    /**
     * Wall time of one pair, seconds: two engine starts of {@code startSeconds} each and their {@code k}
     * windows of {@code windowSeconds} each, 2 (c_start + k c_window). The one formula every plan uses;
     * the switches between alternating windows and the engines' stop are not in it: a few seconds a pair on
     * connections kept open (docs/benchmarks/rules-evidence.md).
     */
    public static double pairSeconds(double startSeconds, int k, double windowSeconds) {
        return 2 * (startSeconds + k * windowSeconds);
    }

    private void windows(int k) {
        if (k < 1) {
            throw new IllegalArgumentException("windows per start (" + k + ") must be >= 1");
        }
    }

    private static void nonNegative(String name, double v) {
        if (!(v >= 0) || Double.isInfinite(v)) {
            throw new IllegalArgumentException(name + " (" + v + ") must be finite and >= 0");
        }
    }

    private static void positive(String name, double v) {
        if (!(v > 0) || Double.isInfinite(v)) {
            throw new IllegalArgumentException(name + " (" + v + ") must be finite and > 0");
        }
    }
}

package org.taf.runner.stats;

import java.util.Objects;
import org.apache.commons.math3.analysis.solvers.BrentSolver;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.special.Erf;
import org.apache.commons.math3.special.Gamma;
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
 * <p><b>Power.</b> The paired t-test of n pairs rejects at two-sided level a when |t| &gt; c =
 * t(1 - a/2; n-1). Under a true log effect Delta, t = (Z + lambda) / S with lambda = Delta sqrt(n) /
 * sqrt(V), Z ~ N(0, 1) and S = sqrt(chi^2_(n-1) / (n-1)), so
 * <pre>   power = E_S[ Phi(lambda - c S) + Phi(-lambda - c S) ]</pre>
 * (the noncentral t distribution), integrated here over the density of S by the midpoint rule on
 * {@value #NODES} nodes. This is exact for normal noise; the textbook shortcut
 * {@code (t(1-a/2) + t(power)) sqrt(V / n) = Delta} overstates the power by up to 1.5 points near 80%
 * with 4-10 pairs (0.829 against the exact 0.814 for lambda 4, 10 pairs, a = 0.015); over 18 plans tried
 * (sqrt V 2-6%, drops 3-5%, levels 0.05-0.0078) it asked for one pair fewer in 3 and the same elsewhere.
 * The pairs needed are the fewest n &gt;= minPairs with power &gt;= the target; the MDE of a budget is
 * the Delta whose power at the affordable n is the target (Brent's method). In the adaptive loop, pass the
 * per-look level ({@link PairedLevel}): the power of the sequential design by its last look is then at
 * least the fixed-n power computed here (it has earlier chances too), so the pairs are an upper bound.
 *
 * <p>Effects are drops given as fractions: 0.05 is a 5% drop, Delta = -ln(1 - 0.05). A rise of the
 * same log size is exp(Delta) - 1 (5.26%).
 *
 * @param betweenVariance sigma_b^2, between engine starts, of ln values, &gt;= 0
 * @param withinVariance  sigma_w^2, between windows of one start, of ln values, &gt;= 0
 * @param startSeconds    c_start: cost of one engine start (launch, rest, warm-up), seconds, &gt; 0
 * @param windowSeconds   c_window: cost of one measured window, seconds, &gt; 0
 * @param maxWindows      largest number of windows per start, &gt;= 1
 */
public record Allocation(double betweenVariance, double withinVariance, double startSeconds, double windowSeconds,
        int maxWindows) {
    /** Midpoint-rule nodes of the power integral. */
    static final int NODES = 4000;
    /** Largest number of pairs {@link #pairsFor} looks at. */
    public static final int MAX_PAIRS = 100_000;

    /** A design: windows per start, pairs, the variance of one pair's log-ratio and the wall time. */
    public record Design(int windowsPerStart, int pairs, double pairVariance, double wallSeconds) {}

    /** What a budget reaches: the pairs it pays for and their MDE (a drop, a fraction; null below 2 pairs). */
    public record Reach(int windowsPerStart, int pairs, Double drop, double wallSeconds) {}

    public Allocation {
        nonNegative("betweenVariance", betweenVariance);
        nonNegative("withinVariance", withinVariance);
        positive("startSeconds", startSeconds);
        positive("windowSeconds", windowSeconds);
        if (maxWindows < 1) {
            throw new IllegalArgumentException("maxWindows (" + maxWindows + ") must be >= 1");
        }
    }

    /** From estimated components (the truncated between variance). */
    public static Allocation of(VarianceComponents c, double startSeconds, double windowSeconds, int maxWindows) {
        Objects.requireNonNull(c, "components");
        return new Allocation(c.betweenVariance(), c.withinVariance(), startSeconds, windowSeconds, maxWindows);
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

    /** Wall time of {@code pairs} pairs at {@link #windowsPerStart()}, seconds. */
    public double wallSeconds(int pairs) {
        if (pairs < 0) {
            throw new IllegalArgumentException("pairs (" + pairs + ") must be >= 0");
        }
        return pairs * pairSeconds(windowsPerStart());
    }

    /**
     * Power of the two-sided paired t-test of {@code pairs} pairs at {@link #windowsPerStart()} against a
     * true drop {@code drop} (fraction), at two-sided level {@code level}; normal noise.
     */
    public double power(int pairs, double drop, double level) {
        if (pairs < 2) {
            throw new IllegalArgumentException("pairs (" + pairs + ") must be >= 2 for a t-test");
        }
        openFraction("drop", drop);
        openFraction("level", level);
        return powerAtLog(pairs, -FastMath.log1p(-drop), level);
    }

    /**
     * The fewest pairs (at least {@code minPairs}) whose paired t-test at {@code level} detects a drop of
     * {@code drop} with probability {@code power}, at {@link #windowsPerStart()}.
     *
     * @throws IllegalArgumentException when bad, or when more than {@value #MAX_PAIRS} pairs would be needed
     */
    public int pairsFor(double drop, double level, double power, int minPairs) {
        openFraction("drop", drop);
        openFraction("level", level);
        openFraction("power", power);
        if (minPairs < 2 || minPairs > MAX_PAIRS) {
            throw new IllegalArgumentException("minPairs (" + minPairs + ") must be in [2, " + MAX_PAIRS + "]");
        }
        double delta = -FastMath.log1p(-drop);
        if (powerAtLog(minPairs, delta, level) >= power) {
            return minPairs;
        }
        int lo = minPairs; // power(lo) < target <= power(hi); power grows with n
        int hi = minPairs;
        while (powerAtLog(hi, delta, level) < power) {
            lo = hi;
            hi = (int) FastMath.min(2L * hi, MAX_PAIRS + 1L);
            if (lo > MAX_PAIRS) {
                throw new IllegalArgumentException(
                        "drop (" + drop + ") needs more than " + MAX_PAIRS + " pairs at" + " power " + power
                                + ", level " + level + " and pair variance " + pairVariance(windowsPerStart()));
            }
        }
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            if (powerAtLog(mid, delta, level) >= power) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        return hi;
    }

    /** {@link #pairsFor} with the windows per start, the pair variance and the wall time of the design. */
    public Design plan(double drop, double level, double power, int minPairs) {
        int n = pairsFor(drop, level, power, minPairs);
        int k = windowsPerStart();
        return new Design(k, n, pairVariance(k), wallSeconds(n));
    }

    /**
     * The smallest drop detectable at {@code power} and two-sided {@code level} with the pairs that fit in
     * {@code budgetSeconds} at {@link #windowsPerStart()}; drop null when fewer than 2 pairs fit.
     */
    public Reach mdeWithin(double budgetSeconds, double level, double power) {
        nonNegative("budgetSeconds", budgetSeconds);
        openFraction("level", level);
        openFraction("power", power);
        if (power <= level) {
            throw new IllegalArgumentException("power (" + power + ") must be > level (" + level + ")");
        }
        int k = windowsPerStart();
        int n = (int) FastMath.min(MAX_PAIRS, FastMath.floor(budgetSeconds / pairSeconds(k)));
        if (n < 2) {
            return new Reach(k, n, null, wallSeconds(n));
        }
        double v = pairVariance(k);
        if (v == 0) {
            return new Reach(k, n, 0.0, wallSeconds(n));
        }
        double hi = 2 * FastMath.sqrt(v / n);
        while (powerAtLog(n, hi, level) < power) {
            hi *= 2;
        }
        double delta = new BrentSolver(1e-12).solve(200, x -> powerAtLog(n, x, level) - power, 0, hi);
        return new Reach(k, n, -FastMath.expm1(-delta), wallSeconds(n));
    }

    /** Exact power of the two-sided paired t-test for a log effect {@code delta}, by integrating over S. */
    double powerAtLog(int n, double delta, double level) {
        double v = pairVariance(windowsPerStart());
        if (v == 0) {
            return delta > 0 ? 1 : level;
        }
        int nu = n - 1;
        double lambda = delta * FastMath.sqrt(n / v);
        double c = new TDistribution(null, nu).inverseCumulativeProbability(1 - level / 2);
        // S = sqrt(chi^2_nu / nu) has mean about 1 and SD about 1 / sqrt(2 nu): 12 SDs either side hold it all.
        double spread = 12 / FastMath.sqrt(2.0 * nu);
        double from = FastMath.max(0, 1 - spread);
        double h = (1 + spread - from) / NODES;
        double logNorm = (1 - nu / 2.0) * FastMath.log(2) + nu / 2.0 * FastMath.log(nu) - Gamma.logGamma(nu / 2.0);
        double sum = 0;
        for (int i = 0; i < NODES; i++) {
            double s = from + (i + 0.5) * h;
            double density = FastMath.exp(logNorm + (nu - 1) * FastMath.log(s) - nu * s * s / 2);
            sum += density * (phi(lambda - c * s) + phi(-lambda - c * s));
        }
        return FastMath.min(1, sum * h);
    }

    private static double phi(double x) {
        return 0.5 * Erf.erfc(-x / FastMath.sqrt(2));
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

    private static void openFraction(String name, double v) {
        if (!(v > 0 && v < 1)) {
            throw new IllegalArgumentException(name + " (" + v + ") must be in (0, 1)");
        }
    }
}

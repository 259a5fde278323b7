package org.taf.runner.stats;

import java.util.Locale;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.util.FastMath;

/**
 * Minimal detectable effect (MDE) of a paired comparison of n A/B pairs, on the log scale:
 * <pre>
 *   delta = (t(1 - a/2, n-1) + t(power, n-1)) * sd / sqrt(n),   MDE = 1 - exp(-delta)
 * </pre>
 * the paired t design's power formula with t quantiles for small n (Kalibera &amp; Jones 2013; one pair apart
 * at most from the exact noncentral-t power, docs/statistics.md section 8), where sd is the SD of one pair's
 * log-ratio ln(patch / parent) and {@code a} the two-sided level each look tests at (the FDR, or the
 * adaptive loop's per-look level). Before measuring, sd comes from the variance components stored for
 * this host: sd^2 = 2 (sigma_b^2 + sigma_w^2 / T) for T samples per engine start.
 */
public final class DetectableEffect {
    private DetectableEffect() {}

    /** Before measuring: from stored noise, for {@code pairs} pairs of {@code samplesPerStart} samples each. */
    public static MinimalDetectableEffect planned(NoiseEstimate noise, int pairs, int samplesPerStart,
            StatsOptions o, boolean adaptive) {
        String basis = String.format(Locale.ROOT, "planned from noise measured on %s at %s (%d engine starts)",
                noise.hostFingerprint(), noise.measuredAt().truncatedTo(java.time.temporal.ChronoUnit.SECONDS),
                noise.starts());
        return compute(FastMath.sqrt(noise.pairVariance(samplesPerStart)), pairs, o.level(adaptive), o, basis);
    }

    /** After measuring: from the spread of this cell's per-pair log-ratios of TPS. */
    public static MinimalDetectableEffect measured(double sdLog, int pairs, StatsOptions o, boolean adaptive) {
        String basis = "measured from this cell's pairs";
        if (pairs < 2 || !Double.isFinite(sdLog)) {
            return new MinimalDetectableEffect(null, Double.NaN, pairs, o.level(adaptive), o.power(), basis,
                    "too few pairs to estimate the noise (" + pairs + ")");
        }
        return compute(sdLog, pairs, o.level(adaptive), o, basis);
    }

    /**
     * Fewest pairs (from 2 up to {@code limit}) at which an unchanged commit is called SAME with probability
     * {@code stats.power}; -1 if none. SAME needs the equivalence interval, mean +- t se at two-sided
     * {@code equivalenceLevel}, within +-ln(1 + w) (the tighter side of [1 - w, 1 + w]); with the mean
     * ~ N(0, se^2) that happens with probability 2 Phi(m / se - t) - 1, which reaches the power when
     * (t(1 - level/2, n-1) + t((1 + power) / 2, n-1)) sd / sqrt(n) <= ln(1 + w). Calling SAME is harder
     * than seeing a drop of the fail threshold: the margin is the warning threshold, and both sides count.
     */
    public static int pairsForSame(double sdLog, int limit, double equivalenceLevel, StatsOptions o) {
        double margin = FastMath.log1p(o.warningPct() / 100);
        for (int n = 2; n <= limit; n++) {
            TDistribution t = new TDistribution(null, n - 1.0);
            double q = t.inverseCumulativeProbability(1 - equivalenceLevel / 2)
                    + t.inverseCumulativeProbability((1 + o.power()) / 2);
            if (q * sdLog / FastMath.sqrt(n) <= margin) {
                return n;
            }
        }
        return -1;
    }

    /**
     * Fewest pairs (from 2 up to {@code limit}) at which an unchanged commit is called NOT_WORSE (non-inferiority)
     * with probability {@code stats.power}; -1 if none. NOT_WORSE needs the one-sided bound, mean - t se at
     * one-sided {@code oneSidedLevel}, past -m, m = ln(1 + f) for the fail threshold f (the tighter of a drop's
     * -ln(1 - f) and a cost's ln(1 + f)); with the mean ~ N(0, se^2) that happens with probability Phi(m / se - t),
     * which reaches the power when (t(1 - level, n-1) + t(power, n-1)) sd / sqrt(n) &lt;= m. One side only, and
     * the fail threshold instead of the warning one: far fewer pairs than {@link #pairsForSame} on a noisy cell.
     */
    public static int pairsForNotWorse(double sdLog, int limit, double oneSidedLevel, StatsOptions o) {
        double margin = FastMath.log1p(o.failPct() / 100);
        for (int n = 2; n <= limit; n++) {
            TDistribution t = new TDistribution(null, n - 1.0);
            double q = t.inverseCumulativeProbability(1 - oneSidedLevel) + t.inverseCumulativeProbability(o.power());
            if (q * sdLog / FastMath.sqrt(n) <= margin) {
                return n;
            }
        }
        return -1;
    }

    /** The MDE for a per-pair log-ratio SD {@code sdLog} and n pairs tested at two-sided {@code level}. */
    public static MinimalDetectableEffect compute(double sdLog, int pairs, double level, StatsOptions o,
            String basis) {
        if (!(sdLog >= 0) || Double.isInfinite(sdLog)) {
            throw new IllegalArgumentException("noise sd (" + sdLog + ") must be finite and >= 0");
        }
        if (pairs < 2) {
            return new MinimalDetectableEffect(null, sdLog, pairs, level, o.power(), basis, "with " + pairs
                    + " pair(s) there is no spread to test against: plan at least " + StatsOptions.MIN_ITERATIONS);
        }
        TDistribution t = new TDistribution(null, pairs - 1.0);
        double q = t.inverseCumulativeProbability(1 - level / 2) + t.inverseCumulativeProbability(o.power());
        double delta = q * sdLog / FastMath.sqrt(pairs);
        double pct = 100 * (1 - FastMath.exp(-delta));
        String warning = null;
        if (pct > o.failPct()) {
            warning = String.format(Locale.ROOT, "this run cannot see a %s%% change; it can see %.1f%% (at %s%% power,"
                    + " %d pairs)", trim(o.failPct()), pct, trim(100 * o.power()), pairs);
        }
        return new MinimalDetectableEffect(pct, sdLog, pairs, level, o.power(), basis, warning);
    }

    /** 3 for 3.0, 2.5 for 2.5. */
    public static String trim(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }
}

package org.taf.runner.stats;

import java.util.Locale;
import org.apache.commons.math3.distribution.ChiSquaredDistribution;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.util.FastMath;

/**
 * Whether an undecided cell can still be answered within the pairs its budget reaches, at the spread its pairs show
 * now. On a host in a noisy spell the pairs spread 15-30% where a quiet hour gives 1-3%: the interval that 20 pairs
 * reach is then ten times wider than the question's margin, and spending the budget only delays "inconclusive".
 *
 * <p>For each gating metric not yet answered, with n pairs, per-pair log-ratio SD s and N reachable pairs:
 * <ul>
 * <li>s is taken at its lower 95% confidence bound, s sqrt((n - 1) / chi2(0.95, n - 1)), so one wild pair among the
 *     first five does not stop a run that would decide;</li>
 * <li>its answer (SAME, or NOT_WORSE where it asks non-inferiority) is reachable when the interval that decides it,
 *     at N pairs and the look's level, would be narrower than the margin: t s / sqrt(N) &lt; ln(1 + w) for
 *     equivalence (two one-sided tests, warning threshold w), &lt; ln(1 + f) one-sided for non-inferiority (fail
 *     threshold f). That is the best case, an estimate of exactly no change;</li>
 * <li>a change is reachable when the estimate as it stands would lie outside the two-sided interval at N pairs.</li>
 * </ul>
 * The cell is futile when no gating metric can reach a change and some gating metric cannot reach its answer.
 * Stopping only ends measuring: the verdict stays what the last look said (INCONCLUSIVE), so it cannot add a false
 * alarm; it only takes away the later looks that might have decided ({@code FutilitySimulationTest}).
 */
public final class Futility {
    /** Fewest pairs before a cell may be judged futile: an SD from fewer is too rough to stop on. */
    static final int MIN_PAIRS = 4;
    /** The SD's lower confidence bound used for the projection (one-sided). */
    static final double SD_BOUND = 0.95;

    private Futility() {}

    /**
     * What a cell could resolve at its reachable pairs.
     *
     * @param futile       no answer is reachable
     * @param couldSeePct  the half-width, in percent, of the interval the blocking metric would reach at
     *                     {@code pairs} (the widest among the metrics that cannot reach their answer)
     * @param needsPct     the margin its question needs, in percent (the warning or the fail threshold)
     * @param pairs        the pairs reachable: {@code stats.max_pairs}, or fewer when the budget pays for fewer
     * @param metric       the blocking metric, or null when not futile
     */
    public record Reach(boolean futile, double couldSeePct, double needsPct, int pairs, Metric metric) {
        static final Reach OPEN = new Reach(false, Double.NaN, Double.NaN, 0, null);

        /** "the host is too noisy now: this run could see +-21% (tps, 20 pairs), the question needs +-3%". */
        public String sentence() {
            return String.format(Locale.ROOT, "the host is too noisy now: this run could see ±%s%% (%s, %d pairs),"
                    + " the question needs ±%s%%", round(couldSeePct), metric.label(), pairs,
                    DetectableEffect.trim(needsPct));
        }

        private static String round(double pct) {
            return pct >= 10 ? String.valueOf(Math.round(pct)) : String.format(Locale.ROOT, "%.1f", pct);
        }
    }

    /**
     * Judges {@code v} at {@code reachable} pairs.
     *
     * @param v         the cell's verdict at this look (undecided)
     * @param reachable the most pairs it can reach, at least its measured pairs
     * @param o         thresholds and levels
     * @param adaptive  whether the looks use the adaptive loop's per-look levels
     */
    public static Reach of(CellVerdict v, int reachable, StatsOptions o, boolean adaptive) {
        boolean changeReachable = false;
        Reach blocking = Reach.OPEN;
        for (MetricVerdict m : v.metrics()) {
            if (!m.gates() || m.answered()) {
                continue;
            }
            if (m.pairs() < MIN_PAIRS || !(m.sdLog() >= 0) || Double.isInfinite(m.sdLog())) {
                return Reach.OPEN; // too early to tell, or nothing to project from
            }
            int n = m.pairs();
            int big = Math.max(n, reachable);
            double sd = m.sdLog() * FastMath.sqrt((n - 1) / new ChiSquaredDistribution(null, n - 1.0)
                    .inverseCumulativeProbability(SD_BOUND));
            TDistribution t = new TDistribution(null, big - 1.0);
            double perPair = sd / FastMath.sqrt(big);
            double change = t.inverseCumulativeProbability(1 - o.level(adaptive) / 2) * perPair;
            if (Math.abs(FastMath.log(m.ratio())) > change) {
                changeReachable = true;
            }
            boolean oneSided = m.question() == Question.NON_INFERIORITY;
            double margin = FastMath.log1p((oneSided ? o.failPct() : o.warningPct()) / 100);
            double answer = (oneSided ? t.inverseCumulativeProbability(1 - o.nonInferiorityLevel(adaptive))
                    : t.inverseCumulativeProbability(1 - o.equivalenceLevel(adaptive) / 2)) * perPair;
            if (answer >= margin) {
                double pct = 100 * FastMath.expm1(answer);
                if (!blocking.futile() || pct > blocking.couldSeePct()) {
                    blocking = new Reach(true, pct, oneSided ? o.failPct() : o.warningPct(), big, m.metric());
                }
            }
        }
        return changeReachable ? Reach.OPEN : blocking;
    }
}

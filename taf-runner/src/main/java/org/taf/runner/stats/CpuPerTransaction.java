package org.taf.runner.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.math3.util.FastMath;

/**
 * The second, low-noise metric: the engine's CPU time per transaction. Per iteration it is the
 * engine's CPU seconds over the measured window divided by the transactions in that window; per
 * cell the two sides are compared with the same tools as TPS, reused rather than rewritten:
 * {@link HierarchicalBootstrap} on one value per iteration (its second level then has nothing to
 * resample, so it is a bootstrap over iterations of the geometric mean, with Hesterberg's expanded
 * percentiles) and {@link RankTest}'s Mann-Whitney U. All iterations with a reading are used,
 * flagged ones included: host noise inflates wall time, not the engine's own CPU per transaction.
 */
public final class CpuPerTransaction {
    private CpuPerTransaction() {}

    /**
     * CPU microseconds per transaction.
     *
     * @throws IllegalArgumentException when the CPU time is negative or not finite, or there were no transactions
     */
    public static double microsPerTransaction(double cpuSeconds, long transactions) {
        if (!(cpuSeconds >= 0) || Double.isInfinite(cpuSeconds)) {
            throw new IllegalArgumentException("engine CPU seconds (" + cpuSeconds + ") must be finite and >= 0");
        }
        if (transactions <= 0) {
            throw new IllegalArgumentException("transactions (" + transactions + ") must be positive to divide"
                    + " CPU time by them");
        }
        return cpuSeconds * 1e6 / transactions;
    }

    /**
     * Compares the iterations' CPU microseconds per transaction of {@code cell}.
     *
     * @param parentUs one value per parent iteration, each finite and {@code > 0}
     * @param patchUs  one value per patch iteration
     * @throws IllegalArgumentException naming the cell when a side is empty or a value is not positive
     */
    public static CpuComparison compare(CellKey cell, double[] parentUs, double[] patchUs, StatsOptions o) {
        List<IterationSample> parent = samples(cell, "parent", parentUs);
        List<IterationSample> patch = samples(cell, "patch", patchUs);
        double parentLog = meanLog(parentUs);
        double patchLog = meanLog(patchUs);
        double ratio = FastMath.exp(patchLog - parentLog);
        Double lo = null;
        Double hi = null;
        if (Math.min(parentUs.length, patchUs.length) >= StatsOptions.MIN_ITERATIONS) {
            // Its own seed, derived from the cell's, so the TPS interval's random stream is untouched.
            HierarchicalBootstrap.Interval ci = HierarchicalBootstrap.logRatio(parent, patch, o,
                    CellAnalyzer.seed(cell, o) ^ 0x43505554L);
            lo = FastMath.exp(ci.lowLog());
            hi = FastMath.exp(ci.highLog());
        }
        RankTest.Result rank = RankTest.mannWhitney(parentUs, patchUs);
        return new CpuComparison(FastMath.exp(parentLog), FastMath.exp(patchLog), ratio, lo, hi, rank.p(),
                rank.method(), change(ratio, lo, hi, o), parentUs.length, patchUs.length);
    }

    private static CpuChange change(double ratio, Double lo, Double hi, StatsOptions o) {
        if (lo == null) {
            return CpuChange.UNKNOWN;
        }
        double w = o.warningPct() / 100;
        if (lo > 1 && ratio - 1 >= w) {
            return CpuChange.HIGHER;
        }
        if (hi < 1 && 1 - ratio >= w) {
            return CpuChange.LOWER;
        }
        if (lo >= 1 - w && hi <= 1 + w) {
            return CpuChange.SAME;
        }
        return CpuChange.UNKNOWN;
    }

    private static List<IterationSample> samples(CellKey cell, String side, double[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException(cell + ": the " + side + " has no iteration with a CPU reading");
        }
        List<IterationSample> out = new ArrayList<>(values.length);
        for (int i = 0; i < values.length; i++) {
            if (!(values[i] > 0) || Double.isInfinite(values[i])) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "%s: %s iteration %d: CPU per"
                        + " transaction (%s us) must be finite and > 0", cell, side, i, values[i]));
            }
            out.add(IterationSample.of(i, values[i]));
        }
        return out;
    }

    private static double meanLog(double[] values) {
        double sum = 0;
        for (double v : values) {
            sum += FastMath.log(v);
        }
        return sum / values.length;
    }
}

package org.taf.runner.stats;

import java.util.Locale;
import java.util.Objects;

/**
 * The engine's CPU time per transaction of one cell, patch against parent (lower is better).
 *
 * @param parentUsPerTx    parent's CPU microseconds per transaction: geometric mean over its iterations
 * @param patchUsPerTx     patch's CPU microseconds per transaction
 * @param ratio            patch / parent
 * @param ciLow            lower end of the ratio's interval, or null with fewer than 3 iterations a side
 * @param ciHigh           upper end, or null
 * @param pValue           two-sided Mann-Whitney U p-value on the iterations' values, or null
 * @param pMethod          how the p-value was computed (exact, normal approximation, none: why)
 * @param change           the judgement of the interval, see {@link CpuChange}
 * @param parentIterations parent iterations with a CPU reading
 * @param patchIterations  patch iterations with a CPU reading
 */
public record CpuComparison(double parentUsPerTx, double patchUsPerTx, double ratio, Double ciLow, Double ciHigh,
                            Double pValue, String pMethod, CpuChange change, int parentIterations,
                            int patchIterations) {
    public CpuComparison {
        Objects.requireNonNull(pMethod, "pMethod");
        Objects.requireNonNull(change, "change");
        if ((ciLow == null) != (ciHigh == null)) {
            throw new IllegalArgumentException("an interval needs both ends: [" + ciLow + ", " + ciHigh + "]");
        }
    }

    /**
     * One sentence when this metric and the TPS verdict {@code tps} disagree, else null: TPS changed
     * but CPU per transaction is the same; CPU per transaction changed but TPS is the same or
     * unknown; or the two moved in opposite directions (TPS down with CPU per transaction down, or
     * up with it up). Nothing is said when either side cannot tell or the cell has no TPS verdict.
     */
    public String disagreement(Verdict tps, StatsOptions o) {
        String cpu = String.format(Locale.ROOT, "CPU per transaction %.1f -> %.1f us (%+.1f%%%s)", parentUsPerTx,
                patchUsPerTx, (ratio - 1) * 100, ciLow == null ? "" : String.format(Locale.ROOT,
                        ", %s%% interval [%.3f, %.3f]", pct(o.confidence() * 100), ciLow, ciHigh));
        boolean tpsChanged = tps == Verdict.REGRESSED || tps == Verdict.IMPROVED;
        boolean cpuChanged = change == CpuChange.HIGHER || change == CpuChange.LOWER;
        if (tpsChanged && change == CpuChange.SAME) {
            return "TPS " + name(tps) + " but " + cpu + " is unchanged within +-" + pct(o.warningPct()) + "%: the"
                    + " difference is not CPU work per transaction in the engine; look at waits (locks, latches, I/O),"
                    + " the client side or host noise";
        }
        if (cpuChanged && (tps == Verdict.SAME || tps == Verdict.UNKNOWN)) {
            return cpu + " is " + (change == CpuChange.HIGHER ? "higher" : "lower") + " while the TPS verdict is "
                    + name(tps) + ": the engine does " + (change == CpuChange.HIGHER ? "more" : "less")
                    + " work per transaction that TPS " + (tps == Verdict.SAME ? "does not show (CPU may not be the"
                    + " bottleneck here)" : "could not yet confirm");
        }
        if ((tps == Verdict.REGRESSED && change == CpuChange.LOWER)
                || (tps == Verdict.IMPROVED && change == CpuChange.HIGHER)) {
            return "TPS " + name(tps) + " while " + cpu + " moved the other way: fewer transactions with "
                    + (change == CpuChange.LOWER ? "less" : "more") + " CPU each points at waiting, not computing";
        }
        return null;
    }

    private static String name(Verdict v) {
        return switch (v) {
            case REGRESSED -> "regressed";
            case IMPROVED -> "improved";
            case SAME -> "no change";
            case UNKNOWN -> "unknown";
            default -> v.name().toLowerCase(Locale.ROOT);
        };
    }

    private static String pct(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}

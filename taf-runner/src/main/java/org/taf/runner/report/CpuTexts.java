package org.taf.runner.report;

import java.util.LinkedHashSet;
import java.util.Set;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.IterationRecord;
import org.taf.runner.results.RunRecord;
import org.taf.runner.stats.CellVerdict;
import org.taf.runner.stats.Metric;
import org.taf.runner.stats.MetricVerdict;

/**
 * The second metric, engine CPU time per transaction, as the outputs print it; the numbers come from
 * the stats stage.
 */
public final class CpuTexts {
    private CpuTexts() {}

    private static MetricVerdict cpu(CellVerdict v) {
        return v == null ? null : v.metric(Metric.CPU_PER_TX);
    }

    /** {@code 82.4 -> 84.0}: parent and patch CPU microseconds per transaction, or a dash. */
    public static String perTx(Formats f, CellVerdict v) {
        MetricVerdict c = cpu(v);
        return c == null ? Formats.NONE : f.micros(c.parent()) + " -> " + f.micros(c.patch());
    }

    /** {@code 1.050 [1.030, 1.070]} (or the ratio alone without an interval), or a dash. */
    public static String ratio(Formats f, CellVerdict v) {
        MetricVerdict c = cpu(v);
        if (c == null) {
            return Formats.NONE;
        }
        return f.ratio(c.ratio()) + (c.ciLow() == null ? "" : " " + f.interval(c.ciLow(), c.ciHigh()));
    }

    /** One line for logs and JUnit: levels, ratio, interval, p-value, change and pairs. */
    public static String line(Formats f, CellVerdict v) {
        MetricVerdict c = cpu(v);
        if (c == null) {
            return "cpu/tx " + Formats.NONE + " (no per-iteration CPU readings)";
        }
        return "cpu/tx " + perTx(f, v) + " us, ratio " + ratio(f, v)
                + (c.ciLow() == null ? "" : " (" + f.confidence(c.confidence()) + " CI)")
                + ", p-value " + f.pValue(c.pValue()) + " (adjusted " + f.pValue(c.pAdjusted()) + "), " + c.change()
                + (c.gates() ? ", gating" : "") + ", " + c.pairs() + " pairs";
    }

    /** Every CPU source of the run's iterations, in plan order. */
    public static Set<String> sources(RunRecord run) {
        Set<String> out = new LinkedHashSet<>();
        for (ComparisonRecord c : run.comparisons()) {
            for (CellRecord cell : c.cells()) {
                for (var side : java.util.List.of(cell.parent(), cell.patch())) {
                    for (IterationRecord it : side) {
                        if (it.engineCpu() != null) {
                            out.add(it.engineCpu().source());
                        }
                    }
                }
            }
        }
        return out;
    }
}

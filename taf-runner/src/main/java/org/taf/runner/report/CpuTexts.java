package org.taf.runner.report;

import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.CpuVerdictRecord;
import org.taf.runner.results.RunRecord;
import org.taf.runner.results.VerdictRecord;

/**
 * The second metric, engine CPU time per transaction, as the outputs print it (numbers come from the
 * stats stage; only the unit of the older ms fields is converted here).
 */
final class CpuTexts {
    private CpuTexts() {}

    /** {@code 82.4 -> 84.0}: parent and patch CPU microseconds per transaction, or a dash. */
    static String perTx(Formats f, VerdictRecord v) {
        if (v == null) {
            return Formats.NONE;
        }
        CpuVerdictRecord c = v.cpu();
        if (c != null) {
            return f.micros(c.parentUsPerTx()) + " -> " + f.micros(c.patchUsPerTx());
        }
        if (v.parentCpuPerTx() == null && v.patchCpuPerTx() == null) {
            return Formats.NONE;
        }
        // Files without the cpu record carry the two levels only, in milliseconds.
        return f.micros(v.parentCpuPerTx() == null ? null : v.parentCpuPerTx() * 1000) + " -> "
                + f.micros(v.patchCpuPerTx() == null ? null : v.patchCpuPerTx() * 1000);
    }

    /** {@code 1.050 [1.030, 1.070]} (or the ratio alone without an interval), or a dash. */
    static String ratio(Formats f, VerdictRecord v) {
        CpuVerdictRecord c = v == null ? null : v.cpu();
        if (c == null) {
            return Formats.NONE;
        }
        return f.ratio(c.ratio()) + (c.ciLow() == null ? "" : " " + f.interval(c.ciLow(), c.ciHigh()));
    }

    /** One line for logs and JUnit: levels, ratio, interval, p-value, judgement and source. */
    static String line(Formats f, VerdictRecord v) {
        CpuVerdictRecord c = v.cpu();
        if (c == null) {
            return "cpu/tx " + perTx(f, v) + " us (no per-iteration CPU readings)";
        }
        return "cpu/tx " + perTx(f, v) + " us, ratio " + ratio(f, v)
                + (c.ciLow() == null ? "" : String.format(Locale.ROOT, " (%.0f%% CI)", v.confidence() * 100))
                + ", p-value " + f.pValue(c.pValue()) + ", " + c.change() + ", " + c.parentIterations() + "+"
                + c.patchIterations() + " iterations, from " + c.source();
    }

    /** Every CPU source named in the run's verdicts, in plan order. */
    static Set<String> sources(RunRecord run) {
        Set<String> out = new LinkedHashSet<>();
        for (ComparisonRecord c : run.comparisons()) {
            for (CellRecord cell : c.cells()) {
                if (cell.verdict() != null && cell.verdict().cpu() != null) {
                    out.add(cell.verdict().cpu().source());
                }
            }
        }
        return out;
    }
}

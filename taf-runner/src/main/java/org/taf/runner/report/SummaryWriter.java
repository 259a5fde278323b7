package org.taf.runner.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.taf.runner.results.RunRecord;
import org.taf.runner.results.SideRecord;

/**
 * The plain-text summary {@code run} prints at its end (and CI logs keep): one aligned line per
 * comparison x workload x threads with the verdict's numbers (TPS, then the engine's CPU time per
 * transaction beside it), the CPU readings' source, then one line per warning, ending
 * with {@code warnings: N}. English, deterministic, no colours (it goes to logs).
 *
 * <pre>
 * comparison | workload     | thr | parent TPS | patch TPS | ratio [95% CI]       | CPU us/tx    | CPU ratio [95% CI]   | verdict
 * -----------+--------------+-----+------------+-----------+----------------------+--------------+----------------------+---------
 * default    | POINT_SELECT |   2 |     18,200 |    63,750 | 3.503 [3.410, 3.600] | 82.4 -> 23.5 | 0.285 [0.270, 0.301] | IMPROVED
 * cpu: engine CPU per transaction from /proc/&lt;pid&gt;/stat utime+stime (1/100 s ticks)
 * warning: Builds reused from the cache: 11111111, 22222222
 * warnings: 1
 * </pre>
 */
public final class SummaryWriter {
    private SummaryWriter() {}

    /** The summary of {@code run}, lines ending in {@code \n}. */
    public static String render(RunRecord run) {
        Formats f = Formats.english();
        List<SummaryRow> rows = SummaryRow.of(run);
        List<String[]> table = new ArrayList<>();
        table.add(new String[] {"comparison", "workload", "thr", "parent TPS", "patch TPS", ciHeader(rows), "CPU us/tx",
            "CPU " + ciHeader(rows), "verdict"});
        for (SummaryRow r : rows) {
            table.add(new String[] {r.label(), r.workload(), Integer.toString(r.threads()),
                tps(f, r.parentTps(), r.parent()), tps(f, r.patchTps(), r.patch()),
                r.ratio() == null ? Formats.NONE : f.ratio(r.ratio()) + " " + f.interval(r.ciLow(), r.ciHigh()),
                CpuTexts.perTx(f, r.verdict()), CpuTexts.ratio(f, r.verdict()),
                r.verdictOrNull() == null ? "NOT MEASURED" : r.verdictOrNull().name()});
        }
        StringBuilder out = new StringBuilder();
        Tables.align(table, new boolean[] {false, false, true, true, true, false, true, false, false}, out);
        CpuTexts.sources(run).forEach(src -> out.append("cpu: engine CPU per transaction from ").append(src)
                .append('\n'));
        List<String> warnings = Warnings.of(run, Messages.english());
        warnings.forEach(w -> out.append("warning: ").append(w).append('\n'));
        out.append("warnings: ").append(warnings.size()).append('\n');
        return out.toString();
    }

    /** Writes the summary to {@code file} atomically (for CI artifacts). */
    public static void write(RunRecord run, Path file) {
        AtomicFiles.writeString(file, render(run));
    }

    private static String tps(Formats f, Double tps, SideRecord side) {
        return tps == null && SummaryRow.buildFailed(side) ? "build failed" : f.tps(tps);
    }

    private static String ciHeader(List<SummaryRow> rows) {
        List<Double> levels = rows.stream().filter(r -> r.verdict() != null).map(r -> r.verdict().confidence())
                .distinct().toList();
        return levels.size() == 1
                ? "ratio [" + String.format(Locale.ROOT, "%.0f", levels.get(0) * 100) + "% CI]" : "ratio [CI]";
    }
}

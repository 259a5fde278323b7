package org.taf.runner.report.output;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.taf.runner.report.AdaptiveTexts;
import org.taf.runner.report.CounterTexts;
import org.taf.runner.report.CpuTexts;
import org.taf.runner.report.Formats;
import org.taf.runner.report.HostTexts;
import org.taf.runner.report.Messages;
import org.taf.runner.report.RateWords;
import org.taf.runner.report.SummaryRow;
import org.taf.runner.report.Unresolved;
import org.taf.runner.report.VerdictTexts;
import org.taf.runner.report.Warnings;
import org.taf.runner.results.PlannedMdeRecord;
import org.taf.runner.results.RunRecord;
import org.taf.runner.results.SideRecord;
import org.taf.runner.sys.AtomicWrite;

/**
 * The plain-text summary {@code run} prints at its end (and CI logs keep): one aligned line per
 * comparison x workload x threads with the verdict's numbers (its rate, TPS or a TPROC-C cell's NOPM as the
 * head says, {@link RateWords}; the engine's CPU time per transaction beside it, A/B pairs used, why measuring
 * stopped, the MDE from the run's spread), the CPU readings' source, each verdict's reason, the adaptive loop
 * and the MDE planned before measuring, then one line per warning, ending with {@code warnings: N}. English,
 * deterministic, no colours (it goes to logs).
 *
 * <pre>
 * comparison | workload     | thr | parent TPS | patch TPS | ratio [95% CI]       | CPU us/tx    | ... | MDE
 * -----------+--------------+-----+------------+-----------+----------------------+--------------+-----+-----
 * default    | POINT_SELECT |   2 |     18,200 |    63,750 | 3.503 [3.410, 3.600] | 82.4 -> 23.5 | ... | 4.1%
 * cpu: engine CPU per transaction from /proc/&lt;pid&gt;/stat utime+stime (1/100 s ticks)
 * why, default POINT_SELECT@2: tps 3.5030 [3.4100, 3.6000] (95% interval, 7 pairs) lies above 1
 * not resolved, default OLTP_RW@2: a change smaller than 5%, either way: this cell asked only ... (when it did)
 * Adaptive loop: 2 extra A/B pairs in 130 s of a 600 s budget; stopped: decided; each look at level 0.0136.
 * host: quiet throughout (9 probe readings, CV 2-4%)
 * MDE before measuring, POINT_SELECT@2: 10.7% with 5 pairs (4.5% with 20 pairs if the adaptive loop needs them)
 * warning: Builds reused from the cache: 11111111, 22222222
 * warnings: 1
 * </pre>
 */
public final class SummaryWriter {
    private SummaryWriter() {}

    /** The summary of {@code run}, lines ending in {@code \n}. */
    public static String render(RunRecord run) {
        Formats f = Formats.english();
        Messages m = Messages.english();
        List<SummaryRow> rows = SummaryRow.of(run);
        List<String[]> table = new ArrayList<>();
        String rate = RateWords.word(m, RateWords.cells(rows));
        table.add(new String[] {"comparison", "workload", "thr", "parent " + rate, "patch " + rate, ciHeader(rows),
            "CPU us/tx", "CPU " + ciHeader(rows), "verdict", "pairs", "stopped", "MDE"});
        for (SummaryRow r : rows) {
            table.add(new String[] {r.label(), r.workload(), Integer.toString(r.threads()),
                level(m, f, rows, r, false), level(m, f, rows, r, true),
                r.ratio() == null ? Formats.NONE : f.ratio(r.ratio()) + " " + f.interval(r.ciLow(), r.ciHigh()),
                CpuTexts.perTx(f, r.verdict()), CpuTexts.ratio(f, r.verdict()),
                VerdictTexts.name(r),
                r.verdict() == null ? Formats.NONE : Integer.toString(r.verdict().pairsUsed()),
                r.verdict() == null ? Formats.NONE : AdaptiveTexts.stop(r.verdict().stopReason()),
                r.verdict() == null ? Formats.NONE : f.percent(r.verdict().mdePct(), 1)});
        }
        StringBuilder out = new StringBuilder();
        Tables.align(
                table,
                new boolean[] {false, false, true, true, true, false, true, false, false, true, false, true},
                out);
        CpuTexts.sources(run).forEach(src -> out.append("cpu: engine CPU per transaction from ").append(src)
                .append('\n'));
        for (SummaryRow r : rows) {
            // Why, in the verdict's own words: a NO_CHANGE is decided by the equivalence interval (two one-sided
            // tests), which the table's interval column is not, and an INCONCLUSIVE says what it lacked.
            if (r.verdict() != null && r.verdict().reason() != null && !r.verdict().reason().isBlank()) {
                out.append("why, ").append(r.label()).append(' ').append(r.workload()).append('@').append(r.threads())
                        .append(": ").append(r.verdict().reason()).append('\n');
            }
        }
        for (SummaryRow r : rows) {
            // A pass that asked non-inferiority is not "no change": say what it left open.
            String open = Unresolved.of(run, r.verdict(), m, f);
            if (open != null) {
                out.append("not resolved, ").append(r.label()).append(' ').append(r.workload()).append('@')
                        .append(r.threads()).append(": ").append(open).append('\n');
            }
        }
        for (SummaryRow r : rows) {
            if (r.verdict() != null) {
                r.verdict()
                        .moved()
                        .forEach(c -> out.append("changed, ")
                                .append(r.label())
                                .append(' ')
                                .append(r.workload())
                                .append('@')
                                .append(r.threads())
                                .append(": ")
                                .append(CounterTexts.line(f, c))
                                .append('\n'));
            }
        }
        String loop = AdaptiveTexts.loop(run, m);
        if (loop != null) {
            out.append(loop).append('\n');
        }
        String host = HostTexts.of(run, m);
        if (host != null) {
            out.append("host: ").append(host).append('\n'); // "host: too noisy" is what CI looks for
        }
        for (PlannedMdeRecord p : run.plannedMde()) {
            out.append("MDE before measuring, ").append(p.workload()).append('@').append(p.threads()).append(": ")
                    .append(AdaptiveTexts.planned(p, m, f)).append('\n');
        }
        List<String> warnings = Warnings.of(run, m);
        warnings.forEach(w -> out.append("warning: ").append(w).append('\n'));
        out.append("warnings: ").append(warnings.size()).append('\n');
        return out.toString();
    }

    /** Writes the summary to {@code file} atomically (for CI artifacts). */
    public static void write(RunRecord run, Path file) {
        AtomicWrite.writeString(file, render(run));
    }

    /** A side's TPS, or "build failed" when its build failed and it has none. */
    static String tps(Formats f, Double tps, SideRecord side) {
        return tps == null && SummaryRow.buildFailed(side) ? "build failed" : f.tps(tps);
    }

    /**
     * A side's level in a table of {@code rows}: its rate ({@link #tps}), with its unit beside it when the rows
     * differ in unit ({@link RateWords#level}).
     */
    static String level(Messages m, Formats f, List<SummaryRow> rows, SummaryRow r, boolean patch) {
        Double value = patch ? r.patchTps() : r.parentTps();
        return RateWords.level(m, rows, r, value, tps(f, value, patch ? r.patch() : r.parent()));
    }

    /** "ratio [95% CI]" when every interval has that confidence, else "ratio [CI]". */
    static String ciHeader(List<SummaryRow> rows) {
        List<Double> levels = rows.stream().filter(r -> r.verdict() != null && r.verdict().tps() != null)
                .map(r -> r.verdict().confidence()).distinct().toList();
        return levels.size() == 1 ? "ratio [" + Formats.english().confidence(levels.get(0)) + " CI]" : "ratio [CI]";
    }
}

package org.taf.runner.report.output;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.taf.runner.report.AdaptiveTexts;
import org.taf.runner.report.CounterTexts;
import org.taf.runner.report.CpuTexts;
import org.taf.runner.report.Formats;
import org.taf.runner.report.Messages;
import org.taf.runner.report.RateWords;
import org.taf.runner.report.SummaryRow;
import org.taf.runner.report.Unresolved;
import org.taf.runner.report.Warnings;
import org.taf.runner.report.output.JUnitXmlWriter.Case;
import org.taf.runner.report.output.JUnitXmlWriter.Case.Kind;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.HostNoise;
import org.taf.runner.results.IterationRecord;
import org.taf.runner.results.IterationRecord.IterationFlag;
import org.taf.runner.results.NoiseThresholds;
import org.taf.runner.results.RateUnit;
import org.taf.runner.results.RunRecord;
import org.taf.runner.results.SampleRecord;
import org.taf.runner.results.SideRecord;
import org.taf.runner.stats.CellVerdict;
import org.taf.runner.stats.CounterChange;
import org.taf.runner.stats.MetricVerdict;
import org.taf.runner.stats.Question;
import org.taf.runner.stats.Role;
import org.taf.runner.stats.Verdict;

/** Decides what a cell is in JUnit terms and writes its message and numbers. */
final class JUnitCases {
    private JUnitCases() {}

    static Case of(RunRecord run, ComparisonRecord c, CellRecord cell, Formats f, String plannedMde) {
        String name = cell.workload() + "@" + cell.threads();
        double seconds = seconds(cell);
        CellVerdict v = cell.verdict();
        String out = numbers(c, cell, f, plannedMde) + warnings(run, cell, f);
        java.util.Map<String, String> props = properties(v);
        if (RateUnit.of(cell) != RateUnit.TPS) { // metric.tps.* hold this cell's rate: say in what
            props.put("rate_unit", RateUnit.of(cell).name());
        }
        String open = Unresolved.of(run, v, Messages.english(), f);
        if (open != null) { // a pass that asked non-inferiority says what it left open, where CI shows a case
            props.put("question", v.question().label());
            props.put("not_resolved", open);
            out = out + "not resolved: " + open + "\n";
        }
        for (SideRecord side : new SideRecord[] {c.parent(), c.patch()}) {
            if (SummaryRow.buildFailed(side)) {
                String msg = side.role().label() + " " + SummaryRow.shortSha(side) + ": build failed: "
                        + Warnings.firstLine(side.build().failure());
                return new Case(c.name(), name, seconds, Kind.ERROR, "BUILD_FAILED", msg, side.build().failure(), out,
                        props);
            }
        }
        if (v == null) {
            return new Case(c.name(), name, seconds, Kind.SKIPPED, null, "not measured: the run ended before this cell",
                    null, out, props);
        }
        // The kind follows the verdict's exit code: the one policy behind the exit code, the summary and the post.
        return switch (v.verdict().exitCode()) {
            case REGRESSION -> v.verdict() == Verdict.NEWLY_FAILING
                    ? new Case(c.name(), name, seconds, Kind.FAILURE, v.verdict().name(),
                            errorMessage(v.verdict(), cell),
                            failures(cell), out, props)
                    : new Case(c.name(), name, seconds, Kind.FAILURE, v.verdict().name(), "regressed: " + v.reason()
                            + "; " + CpuTexts.line(f, v), out, out, props);
            case ERROR -> new Case(c.name(), name, seconds, Kind.ERROR, v.verdict().name(),
                    errorMessage(v.verdict(), cell), failures(cell), out, props);
            case INCONCLUSIVE -> new Case(c.name(), name, seconds, Kind.SKIPPED, null, "inconclusive: " + reason(v, f),
                    null, out, props);
            case PASS -> new Case(c.name(), name, seconds, Kind.PASS, null, null, null, out, props);
        };
    }

    /**
     * The cell's numbers as testcase properties: each metric's ratio, interval, adjusted p and change
     * ({@code metric.tps.ratio}), and each counter that moved ({@code counter.<name>.ratio}).
     */
    static java.util.Map<String, String> properties(CellVerdict v) {
        java.util.Map<String, String> p = new java.util.LinkedHashMap<>();
        if (v == null) {
            return p;
        }
        for (MetricVerdict m : v.metrics()) {
            String k = "metric." + m.metric().label() + ".";
            p.put(k + "parent", number(m.parent()));
            p.put(k + "patch", number(m.patch()));
            p.put(k + "ratio", number(m.ratio()));
            p.put(k + "ci_low", number(m.ciLow()));
            p.put(k + "ci_high", number(m.ciHigh()));
            p.put(k + "p_adjusted", number(m.pAdjusted()));
            p.put(k + "change", m.change().name());
            if (m.gates() && v.question() == Question.NON_INFERIORITY) { // which metric a pass left open
                p.put(k + "question", m.question().label());
            }
        }
        for (CounterChange c : v.moved()) {
            String k = "counter." + c.name() + ".";
            p.put(k + "parent_per_tx", number(c.parent()));
            p.put(k + "patch_per_tx", number(c.patch()));
            p.put(k + "ratio", number(c.ratio()));
            p.put(k + "ci_low", number(c.ciLow()));
            p.put(k + "ci_high", number(c.ciHigh()));
        }
        return p;
    }

    private static String number(Double d) {
        return d == null ? "" : String.format(Locale.ROOT, "%.6g", d);
    }

    /**
     * What makes this case's numbers less trustworthy, one {@code warning:} line each: a CPU
     * frequency that was not pinned, and iterations of the cell measured on a noisy host.
     */
    private static String warnings(RunRecord run, CellRecord cell, Formats f) {
        StringBuilder b = new StringBuilder();
        if (run.environment() != null && run.environment().cpufreq() != null && !run.environment().cpufreq().pinned()) {
            b.append("warning: CPU frequency: ").append(run.environment().cpufreq().note()).append('\n');
        }
        NoiseThresholds limit = run.judgement().hostNoise();
        String limits = "over " + f.percent(limit.maxOtherPct(), 1) + " of one CPU, or steal over "
                + f.percent(limit.maxStealPct(), 1);
        for (Role role : Role.values()) {
            for (IterationRecord it : cell.iterations(role)) {
                if (it.flags().contains(IterationFlag.HOST_NOISE)) {
                    HostNoise n = it.hostNoise();
                    b.append("warning: host noise in ").append(role.label()).append(" #").append(it.index() + 1)
                            .append(": others ").append(f.percent(n.otherPct(), 1)).append(" of one CPU, steal ")
                            .append(f.percent(n.stealPct(), 1)).append(" (").append(limits).append(")\n");
                }
            }
        }
        return b.toString();
    }

    private static String errorMessage(Verdict verdict, CellRecord cell) {
        String first = failuresOf(cell).stream().findFirst().orElse("no iteration produced data");
        return (verdict == Verdict.NEWLY_FAILING ? "the patch fails where the parent ran: "
                : "neither side has data to compare: ") + Warnings.firstLine(first);
    }

    private static String failures(CellRecord cell) {
        List<String> all = failuresOf(cell);
        return all.isEmpty() ? "no iteration produced data" : String.join("\n", all);
    }

    private static List<String> failuresOf(CellRecord cell) {
        List<String> out = new ArrayList<>();
        for (Role role : Role.values()) {
            cell.iterations(role).stream().filter(it -> !it.succeeded())
                    .forEach(it -> out.add(role.label() + " #" + (it.index() + 1) + ": " + it.failure()));
        }
        return out;
    }

    /** Why a cell is inconclusive: the stats stage's reason and notes, and where it stopped. */
    private static String reason(CellVerdict v, Formats f) {
        List<String> parts = new ArrayList<>();
        if (v.reason() != null && !v.reason().isBlank()) {
            parts.add(v.reason());
        }
        parts.addAll(v.notes());
        return String.join("; ", parts) + (v.stopReason() == null ? "" : "; stopped: "
                + AdaptiveTexts.stop(v.stopReason()));
    }

    private static String numbers(ComparisonRecord c, CellRecord cell, Formats f, String plannedMde) {
        CellVerdict v = cell.verdict();
        String unit = " " + RateWords.word(Messages.english(), RateUnit.of(cell)) + "\n";
        StringBuilder b = new StringBuilder();
        b.append("comparison ").append(SummaryRow.labelOf(c)).append(" (").append(c.name()).append(")\n");
        b.append("parent ").append(side(c.parent())).append(": ")
                .append(v == null ? Formats.NONE : f.tps(v.parentTps())).append(unit);
        b.append("patch  ").append(side(c.patch())).append(": ")
                .append(v == null ? Formats.NONE : f.tps(v.patchTps())).append(unit);
        if (v != null) {
            b.append("ratio ").append(f.ratio(v.ratio())).append(' ').append(f.interval(v.ciLow(), v.ciHigh()))
                    .append(" (").append(f.confidence(v.confidence()))
                    .append(" CI), change ").append(f.change(v.ratio())).append('\n');
            b.append("p-value ").append(v.tps() == null ? Formats.NONE : f.pValue(v.tps().pValue()))
                    .append(" (adjusted ").append(v.tps() == null ? Formats.NONE : f.pValue(v.tps().pAdjusted()))
                    .append("), pairs ").append(v.pairsUsed()).append(", stopped: ")
                    .append(AdaptiveTexts.stop(v.stopReason())).append('\n');
            b.append(CpuTexts.line(f, v)).append('\n');
            b.append("MDE ").append(f.percent(v.mdePct(), 1)).append(" (from this run's spread); before measuring: ")
                    .append(plannedMde).append('\n');
            b.append("verdict ").append(v.verdict()).append(" (classic ")
                    .append(v.classic() == null ? null : v.classic().outcome()).append("): ")
                    .append(v.reason()).append('\n');
            v.notes().forEach(n -> b.append("note: ").append(n).append('\n'));
            v.findings().forEach(n -> b.append("finding: ").append(n).append('\n'));
            v.moved().forEach(k -> b.append("changed: ").append(CounterTexts.line(f, k)).append('\n'));
        }
        return b.toString();
    }

    private static String side(SideRecord s) {
        if (s == null || s.commit() == null) {
            return Formats.NONE;
        }
        String settings = s.engineSettings().isEmpty() ? "" : " " + s.engineSettings();
        return SummaryRow.shortSha(s) + " (" + s.revision() + ")" + settings;
    }

    static double seconds(CellRecord cell) {
        return cell.parent().stream().mapToDouble(JUnitCases::underLoad).sum()
                + cell.patch().stream().mapToDouble(JUnitCases::underLoad).sum();
    }

    /** Seconds an iteration spent under load: its warm-up up to the cut and its measured intervals. */
    private static double underLoad(IterationRecord it) {
        double warm = it.warmup() == null ? 0 : it.warmup().cutAtSeconds();
        return warm + it.samples().stream().mapToDouble(SampleRecord::intervalSeconds).sum();
    }
}

package org.taf.runner.report.output;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.taf.runner.report.AdaptiveTexts;
import org.taf.runner.report.Formats;
import org.taf.runner.report.Messages;
import org.taf.runner.report.SummaryRow;
import org.taf.runner.report.Unresolved;
import org.taf.runner.report.Warnings;
import org.taf.runner.results.RateUnit;
import org.taf.runner.results.ResultsStore;
import org.taf.runner.results.RunRecord;
import org.taf.runner.stats.CellVerdict;
import org.taf.runner.stats.Metric;
import org.taf.runner.stats.MetricVerdict;

/**
 * {@code taf summary --format json}: per run, one flat object per cell with the verdict's numbers as the
 * stats stage stored them (unrounded), for scripts and bots; the same rows as {@code summary.txt}, the
 * same warnings. snake_case, nulls written (every cell has every key), its own {@code format_version}.
 *
 * @param formatVersion {@link #FORMAT_VERSION}
 * @param runId         the run's id
 * @param name          the definition's name
 * @param status        how the run ended
 * @param exitCode      the exit code the run calls for (0 pass, 1 regression, 2 inconclusive, 3 error)
 * @param exit          its name, lower case
 * @param runnerVersion TAF's version that ran it
 * @param cells         one per comparison x workload x threads, in plan order
 * @param warnings      as the text summary lists them
 */
public record JsonSummary(int formatVersion, String runId, String name, String status, int exitCode, String exit,
                          String runnerVersion, List<Cell> cells, List<String> warnings) {
    /** Version of this shape; a change of meaning or a removed key moves it forward. */
    public static final int FORMAT_VERSION = 1;

    /**
     * One cell.
     *
     * @param comparison  the comparison's name; {@code label} how outputs show it
     * @param label       its label, else its name
     * @param parentSha   the parent's full sha, or null before it resolved
     * @param patchSha    the patch's full sha
     * @param workload    TAF's test name
     * @param threads     client threads
     * @param verdict     the verdict's name, or null when the cell was never judged
     * @param reason      the verdict's reason
     * @param rateUnit    what the levels and the ratio are of: "TPS" (transactions per second), or "NOPM"
     *                    (new orders per minute) for a TPROC-C cell ({@link RateUnit})
     * @param parentTps   the parent's level, in {@code rate_unit} (geometric mean of its starts' median rate),
     *                    or null; named {@code parent_tps} for every unit, as before units were written
     * @param patchTps    the patch's level
     * @param ratio       patch / parent level
     * @param ciLow       lower end of the ratio's interval, or null
     * @param ciHigh      upper end
     * @param confidence  the interval's confidence, or null
     * @param pValue      the TPS test's p-value, or null
     * @param parentCpuUs the parent's engine CPU microseconds per transaction, or null without readings
     * @param patchCpuUs  the patch's
     * @param cpuRatio    patch / parent CPU per transaction
     * @param cpuCiLow    lower end of its interval
     * @param cpuCiHigh   upper end
     * @param pairs       A/B pairs the rate's comparison used
     * @param stopped     why measuring stopped, as the text summary says it
     * @param mdePct      the smallest drop of its rate this cell could detect, percent, or null
     * @param question    what the cell asked as a whole ({@code verdict.question} and its keys): non_inferiority
     *                    when some gating metric asked it, else equivalence; null when not measured
     * @param questions   what each gating metric asked, by metric ({@code tps}: {@code equivalence}); empty when
     *                    nothing was compared
     * @param notResolved what a cell that asked non-inferiority left open, in words; null otherwise
     */
    public record Cell(String comparison, String label, String parentSha, String patchSha, String workload,
                       int threads, String verdict, String reason, String rateUnit, Double parentTps,
                       Double patchTps, Double ratio, Double ciLow, Double ciHigh, Double confidence, Double pValue,
                       Double parentCpuUs, Double patchCpuUs, Double cpuRatio, Double cpuCiLow, Double cpuCiHigh,
                       Integer pairs, String stopped, Double mdePct, String question, Map<String, String> questions,
                       String notResolved) {
    }

    /** The summary of {@code run}. */
    public static JsonSummary of(RunRecord run) {
        List<Cell> cells = SummaryRow.of(run).stream().map(r -> cell(run, r)).toList();
        return new JsonSummary(FORMAT_VERSION, run.runId(), run.name(), run.status().name(), run.exitCode().code(),
                run.exitCode().name().toLowerCase(Locale.ROOT), run.runnerVersion(), cells,
                Warnings.of(run, Messages.english()));
    }

    /** The summaries of {@code runs} as one JSON array, indented, ending in a newline. */
    public static String render(List<RunRecord> runs) {
        try {
            return ResultsStore.json().writeValueAsString(runs.stream().map(JsonSummary::of).toList()) + "\n";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("cannot serialize the summary", e);
        }
    }

    private static Cell cell(RunRecord run, SummaryRow r) {
        var v = r.verdict();
        MetricVerdict tps = v == null ? null : v.tps();
        MetricVerdict cpu = v == null ? null : v.metric(Metric.CPU_PER_TX);
        return new Cell(
                r.comparison(),
                r.label(),
                sha(r.parent()),
                sha(r.patch()),
                r.workload(),
                r.threads(),
                v == null ? null : v.verdict().name(),
                v == null ? null : v.reason(),
                r.unit().name(),
                r.parentTps(),
                r.patchTps(),
                r.ratio(),
                r.ciLow(),
                r.ciHigh(),
                tps == null ? null : tps.confidence(),
                tps == null ? null : tps.pValue(),
                cpu == null ? null : cpu.parent(),
                cpu == null ? null : cpu.patch(),
                cpu == null ? null : cpu.ratio(),
                cpu == null ? null : cpu.ciLow(),
                cpu == null ? null : cpu.ciHigh(),
                v == null ? null : v.pairsUsed(),
                v == null ? null : AdaptiveTexts.stop(v.stopReason()),
                v == null ? null : v.mdePct(),
                v == null ? null : v.question().label(),
                v == null ? Map.of() : questions(v),
                Unresolved.of(run, v, Messages.english(), Formats.english()));
    }

    /** Each gating metric's question (the JSON lists them by name). */
    private static Map<String, String> questions(CellVerdict v) {
        Map<String, String> out = new TreeMap<>();
        v.metrics().stream().filter(MetricVerdict::gates).forEach(m -> out.put(m.metric().label(),
                m.question().label()));
        return out;
    }

    private static String sha(org.taf.runner.results.SideRecord side) {
        return side == null || side.commit() == null ? null : side.commit().sha();
    }
}

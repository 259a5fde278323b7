package org.taf.runner.results;

import java.util.List;
import java.util.Objects;
import org.taf.runner.stats.ClassicOutcome;
import org.taf.runner.stats.Metric;
import org.taf.runner.stats.StopReason;
import org.taf.runner.stats.Verdict;

/**
 * The judgement of one cell, computed by the stats stage from its A/B pairs (never by the outputs).
 * Nullable numbers are absent when the data cannot give them.
 *
 * @param verdict       the verdict, decided by the gating metrics
 * @param reason        one sentence: why, with the numbers
 * @param analysis      how it was judged, e.g. "paired t over A/B pairs" (format 1 files: "unpaired ...")
 * @param classic       TAF's classic verdict on the median TPS ratio, or null without data
 * @param metrics       every judged metric, TPS first; empty when a side failed
 * @param measuredPairs A/B pairs measured (flagged and failed ones included)
 * @param level         the level adjusted p-values were compared with: the FDR or the per-look level
 * @param stopReason    why no more pairs were added
 * @param mdePct        the smallest TPS drop in percent this cell could detect, or null
 * @param variance      the noise of this cell's engine starts, or null when not estimable
 * @param notes         what a reader must know: excluded iterations and why, warnings
 * @param findings      what the metrics say beside the verdict (a metric that moved without deciding it,
 *                      TPS and CPU per transaction pointing at waits)
 * @param counters      the engine's counters compared per transaction, the moved ones first; empty without
 *                      counters (format 1 files, {@code measure.counters = false})
 */
public record VerdictRecord(Verdict verdict, String reason, String analysis, ClassicOutcome classic,
                            List<MetricRecord> metrics, int measuredPairs, double level, StopReason stopReason,
                            Double mdePct, VarianceRecord variance, List<String> notes, List<String> findings,
                            List<CounterRecord> counters) {
    private static final String EXCLUDED = "excluded ";
    private static final java.util.regex.Pattern EXCLUDED_NOTE =
            java.util.regex.Pattern.compile(EXCLUDED + "(?:parent|patch) iteration (\\d+) \\(");

    public VerdictRecord {
        Objects.requireNonNull(verdict, "verdict");
        metrics = List.copyOf(metrics);
        notes = List.copyOf(notes);
        findings = List.copyOf(findings);
        counters = counters == null ? List.of() : List.copyOf(counters);
    }

    /**
     * The note saying the exclusion rule left an iteration out of the verdict, e.g. {@code excluded patch
     * iteration 2 (NOT_SETTLED): <rule>}. Format 2 keeps exclusions as notes only, so their words are made
     * here and read back here ({@link #excludedPairs}).
     *
     * @param side  {@code parent} or {@code patch}
     * @param index the iteration's index, from 0 (the note counts from 1, as every output does)
     */
    public static String exclusionNote(String side, int index, List<String> flags, String rule) {
        return EXCLUDED + side + " iteration " + (index + 1) + " (" + String.join(", ", flags) + "): " + rule;
    }

    /**
     * The A/B pairs (iteration indexes, from 0) the exclusion rule left out of the verdict, read from the
     * notes {@link #exclusionNote} wrote. The rule leaves out the whole pair of a flagged iteration.
     */
    public java.util.SortedSet<Integer> excludedPairs() {
        java.util.SortedSet<Integer> out = new java.util.TreeSet<>();
        for (String note : notes) {
            java.util.regex.Matcher m = EXCLUDED_NOTE.matcher(note);
            if (m.lookingAt()) {
                out.add(Integer.parseInt(m.group(1)) - 1);
            }
        }
        return out;
    }

    /** What else changed: the counters that moved beyond the margin. */
    public List<CounterRecord> moved() {
        return counters.stream().filter(CounterRecord::moved).toList();
    }

    /** The metric's record, or null when it was not judged. */
    public MetricRecord metric(Metric m) {
        return metrics.stream().filter(r -> r.metric() == m).findFirst().orElse(null);
    }

    /** TPS, or null (a failed cell). */
    public MetricRecord tps() {
        return metric(Metric.TPS);
    }

    /** The parent's TPS, or null. */
    public Double parentTps() {
        return tps() == null ? null : tps().parent();
    }

    /** The patch's TPS, or null. */
    public Double patchTps() {
        return tps() == null ? null : tps().patch();
    }

    /** Patch / parent TPS, or null. */
    public Double ratio() {
        return tps() == null ? null : tps().ratio();
    }

    /** Lower end of the TPS ratio's interval, or null. */
    public Double ciLow() {
        return tps() == null ? null : tps().ciLow();
    }

    /** Upper end, or null. */
    public Double ciHigh() {
        return tps() == null ? null : tps().ciHigh();
    }

    /** The TPS interval's confidence, or NaN without TPS. */
    public double confidence() {
        return tps() == null ? Double.NaN : tps().confidence();
    }

    /** A/B pairs in the TPS comparison (0 without). */
    public int pairsUsed() {
        return tps() == null ? 0 : tps().pairs();
    }

    /**
     * One metric of the cell.
     *
     * @param metric     what was compared
     * @param parent     the parent's level (TPS; CPU microseconds per transaction)
     * @param patch      the patch's level
     * @param ratio      patch / parent: geometric mean of the per-pair ratios
     * @param ciLow      lower end of the ratio's interval, or null
     * @param ciHigh     upper end, or null
     * @param confidence the interval's confidence
     * @param pValue     the test's two-sided p-value, or null
     * @param pAdjusted  Benjamini-Hochberg adjusted over the comparison's metrics and cells, or null
     * @param pairs      A/B pairs it comes from
     * @param sdLog      SD of the per-pair log-ratios, or null below 2 pairs
     * @param change     BETTER, WORSE, SAME or UNKNOWN
     * @param gates      whether it may decide the verdict ({@code verdict.metrics})
     */
    public record MetricRecord(Metric metric, double parent, double patch, double ratio, Double ciLow, Double ciHigh,
                               double confidence, Double pValue, Double pAdjusted, int pairs, Double sdLog,
                               org.taf.runner.stats.Change change, boolean gates) {
        public MetricRecord {
            Objects.requireNonNull(metric, "metric");
            Objects.requireNonNull(change, "change");
        }
    }

    /**
     * One engine counter per transaction, compared like a metric but never deciding the verdict.
     *
     * @param name      the counter's name (SHOW STATUS, or the process's {@code voluntary_ctxt_switches}, ...)
     * @param parent    the parent's count per transaction (geometric mean of its starts)
     * @param patch     the patch's count per transaction
     * @param ratio     patch / parent: geometric mean of the per-pair ratios
     * @param ciLow     lower end of the ratio's interval
     * @param ciHigh    upper end
     * @param pValue    paired test's p-value
     * @param pAdjusted Benjamini-Hochberg over the comparison's counters
     * @param pairs     A/B pairs it comes from
     * @param moved     significant and beyond {@code verdict.counter_margin_pct} from 1
     */
    public record CounterRecord(String name, double parent, double patch, double ratio, Double ciLow, Double ciHigh,
                                Double pValue, Double pAdjusted, int pairs, boolean moved) {
        public CounterRecord {
            Objects.requireNonNull(name, "name");
        }
    }

    /**
     * The noise of a cell's engine starts (ln TPS, both sides pooled; Kalibera and Jones's levels).
     *
     * @param withinSd         SD of one sample within a start (about a CV)
     * @param betweenSd        SD between starts beyond what the samples explain; 0 when truncated
     * @param betweenTruncated whether the raw between-start estimate was negative
     * @param starts           engine starts it comes from
     * @param samples          samples over all starts
     * @param startSeconds     mean cost of an engine start (launch, rest, warm-up), seconds, or null
     */
    public record VarianceRecord(double withinSd, double betweenSd, boolean betweenTruncated, int starts,
                                 int samples, Double startSeconds) {
    }
}

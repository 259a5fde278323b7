package org.taf.runner.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.taf.runner.stats.CellVerdict;
import org.taf.runner.stats.ClassicOutcome;
import org.taf.runner.stats.CounterChange;
import org.taf.runner.stats.ExcludedIteration;
import org.taf.runner.stats.Metric;
import org.taf.runner.stats.MetricVerdict;
import org.taf.runner.stats.StopReason;
import org.taf.runner.stats.VarianceComponents;
import org.taf.runner.stats.Verdict;

/**
 * The judgement of one cell as results.json keeps it: the stats stage's {@link CellVerdict} less its working
 * detail (the classic verdict's medians, the MDE's inputs, the raw variance components), made once by
 * {@link #of} at the end of a run. Its metrics and counters are the stats stage's own records. Nullable
 * numbers are absent when the data cannot give them.
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
                            List<MetricVerdict> metrics, int measuredPairs, double level, StopReason stopReason,
                            Double mdePct, VarianceRecord variance, List<String> notes, List<String> findings,
                            List<CounterChange> counters) {
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
     * The stored form of {@code v}: its warnings, exclusions and MDE warning become the notes, and its
     * variance components the SDs a reader compares. It was judged by today's analysis
     * ({@link ResultsStore#ANALYSIS}).
     *
     * @param startSeconds the mean cost of the cell's engine starts ({@link CellRecord#startSeconds()})
     */
    public static VerdictRecord of(CellVerdict v, Double startSeconds) {
        List<String> notes = new ArrayList<>(v.warnings());
        for (ExcludedIteration e : v.excluded()) {
            notes.add(exclusionNote(e.side(), e.index(), e.flags(), v.exclusionRule()));
        }
        if (v.mde() != null && v.mde().warning() != null && !notes.contains(v.mde().warning())) {
            notes.add(v.mde().warning());
        }
        return new VerdictRecord(v.verdict(), v.reason(), ResultsStore.ANALYSIS,
                v.classic() == null ? null : v.classic().outcome(), v.metrics(), v.measuredPairs(), v.level(),
                v.stopReason(), v.mde() == null ? null : v.mde().pct(), VarianceRecord.of(v.components(), startSeconds),
                notes, v.findings(), v.counters());
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
    public List<CounterChange> moved() {
        return counters.stream().filter(CounterChange::moved).toList();
    }

    /** The metric's record, or null when it was not judged. */
    public MetricVerdict metric(Metric m) {
        return metrics.stream().filter(r -> r.metric() == m).findFirst().orElse(null);
    }

    /** TPS, or null (a failed cell). */
    public MetricVerdict tps() {
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
        /** The SDs of {@code c}, or null without components. */
        static VarianceRecord of(VarianceComponents c, Double startSeconds) {
            return c == null ? null : new VarianceRecord(Math.sqrt(c.withinVariance()), Math.sqrt(c.betweenVariance()),
                    c.betweenTruncated(), c.starts(), c.values(), startSeconds);
        }
    }
}

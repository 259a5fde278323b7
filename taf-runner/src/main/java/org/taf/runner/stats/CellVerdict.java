package org.taf.runner.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Everything the outputs say about one workload x threads cell: computed here, stored as it is in results.json
 * (its JSON shape set by mixins in {@code results}, so this package stays free of any format), and only
 * formatted by the templates, the JUnit XML and the text summaries. Numbers are raw (no rounding); a
 * {@code null} number means "not computable" and the {@code reason} or {@code warnings} say why.
 *
 * @param cell          workload x threads
 * @param verdict       the verdict, decided by the gating metrics ({@link StatsOptions#metrics()})
 * @param reason        one sentence: why this verdict (numbers included)
 * @param metrics       every judged metric, TPS first; empty when a side failed or has no data
 * @param classic       TAF's classic verdict on the median TPS ratio; null without data
 * @param measuredPairs A/B pairs measured for this cell (flagged and failed ones included)
 * @param level         the level the adjusted p-values were compared with: the FDR, or in the adaptive
 *                      loop its per-look share (repeated looks would otherwise inflate false alarms)
 * @param stopReason    why no more pairs were added
 * @param mde           the smallest TPS drop this cell's pairs could detect; null without data
 * @param components    the variance of ln TPS within and between engine starts (both sides pooled); null
 *                      with fewer than 2 starts of 2 or more samples
 * @param excluded      iterations left out of the verdict by the rule (their pairs with them)
 * @param exclusionRule the rule, in one sentence; null when not recorded
 * @param warnings      what a reader must know (flags, failures, too few pairs, the MDE's warning)
 * @param findings      what the metrics say beside the verdict: a metric that moved without deciding it, or
 *                      TPS and CPU per transaction pointing at waiting rather than computing
 * @param counters      every engine counter compared per transaction, those that moved first (largest change
 *                      first); "what else changed" is the moved ones
 * @param question      what the cell asked as a whole ({@code verdict.question} and its keys): NON_INFERIORITY when
 *                      some gating metric asked it (each metric's own is in its {@link MetricVerdict}); such a cell
 *                      passes as NOT_WORSE and leaves those metrics' smaller changes unresolved; null means
 *                      EQUIVALENCE
 */
public record CellVerdict(CellKey cell, Verdict verdict, String reason, List<MetricVerdict> metrics,
        ClassicVerdict classic, int measuredPairs, double level, StopReason stopReason, MinimalDetectableEffect mde,
        VarianceComponents components, List<ExcludedIteration> excluded, String exclusionRule, List<String> warnings,
        List<String> findings, List<CounterChange> counters, Question question) {
    public CellVerdict {
        Objects.requireNonNull(cell, "cell");
        Objects.requireNonNull(verdict, "verdict");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(stopReason, "stopReason");
        metrics = List.copyOf(metrics);
        excluded = List.copyOf(excluded);
        warnings = List.copyOf(warnings);
        findings = List.copyOf(findings);
        counters = List.copyOf(counters);
        question = question == null ? Question.EQUIVALENCE : question;
    }

    /** A verdict of a cell that asked equivalence, as every cell did before {@code verdict.question}. */
    public CellVerdict(CellKey cell, Verdict verdict, String reason, List<MetricVerdict> metrics,
            ClassicVerdict classic, int measuredPairs, double level, StopReason stopReason,
            MinimalDetectableEffect mde, VarianceComponents components, List<ExcludedIteration> excluded,
            String exclusionRule, List<String> warnings, List<String> findings, List<CounterChange> counters) {
        this(cell, verdict, reason, metrics, classic, measuredPairs, level, stopReason, mde, components, excluded,
                exclusionRule, warnings, findings, counters, Question.EQUIVALENCE);
    }

    /** The counters that moved beyond the margin: what else changed. */
    public List<CounterChange> moved() {
        return counters.stream().filter(CounterChange::moved).toList();
    }

    /** The metric's verdict, or null when it was not computed (no data, or no CPU readings). */
    public MetricVerdict metric(Metric m) {
        return metrics.stream().filter(v -> v.metric() == m).findFirst().orElse(null);
    }

    /** Pairs that went into the TPS comparison (0 without data). */
    public int pairsUsed() {
        MetricVerdict tps = metric(Metric.TPS);
        return tps == null ? 0 : tps.pairs();
    }

    /** The smallest BH-adjusted p-value of the gating metrics, or null when none has one. */
    public Double gatingP() {
        return metrics.stream().filter(MetricVerdict::gates).map(MetricVerdict::pAdjusted).filter(Objects::nonNull)
                .min(Double::compare).orElse(null);
    }

    /** TPS, or null (a cell that compared nothing). */
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

    /** The smallest TPS drop in percent this cell could detect, or null. */
    public Double mdePct() {
        return mde == null ? null : mde.pct();
    }

    /**
     * What a reader must know, as the outputs list it: the warnings, then one line per iteration the rule left
     * out, e.g. {@code excluded patch iteration 2 (NOT_SETTLED): <rule>} (counting from 1, as every output does).
     */
    public List<String> notes() {
        List<String> out = new ArrayList<>(warnings);
        for (ExcludedIteration e : excluded) {
            out.add("excluded " + e.side().label() + " iteration " + (e.index() + 1) + " ("
                    + String.join(", ", e.flags()) + "): " + exclusionRule);
        }
        return out;
    }

    /** The A/B pairs (iteration indexes, from 0) the rule left out: the whole pair of a flagged iteration. */
    public SortedSet<Integer> excludedPairs() {
        return excluded.stream().map(ExcludedIteration::index).collect(Collectors.toCollection(TreeSet::new));
    }

    /** A copy with another reason. */
    CellVerdict withReason(String newReason) {
        return new CellVerdict(cell, verdict, newReason, metrics, classic, measuredPairs, level, stopReason, mde,
                components, excluded, exclusionRule, warnings, findings, counters, question);
    }

    /** A copy with another stop reason (the adaptive loop decides it after the verdicts). */
    CellVerdict withStopReason(StopReason r) {
        return new CellVerdict(cell, verdict, reason, metrics, classic, measuredPairs, level, r, mde, components,
                excluded, exclusionRule, warnings, findings, counters, question);
    }
}

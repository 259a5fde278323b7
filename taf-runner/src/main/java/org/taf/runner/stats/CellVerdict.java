package org.taf.runner.stats;

import java.util.List;
import java.util.Objects;

/**
 * Everything the outputs say about one workload x threads cell: computed here, only formatted by the
 * templates, the JUnit XML and the text summary. Numbers are raw (no rounding); a {@code null}
 * number means "not computable" and the {@code reason} or {@code warnings} say why.
 *
 * @param workload          workload name
 * @param threads           client threads
 * @param verdict           the statistical verdict
 * @param reason            one sentence: why this verdict (numbers included)
 * @param failedSide        for FAILED: {@code parent}, {@code patch} or {@code both} (a failing patch where the
 *                          parent ran is "newly failing", the reverse "fixed"); else null
 * @param parent            every parent iteration, excluded ones too
 * @param patch             every patch iteration, excluded ones too
 * @param parentTps         geometric mean of the included parent iteration medians, TPS; null without data
 * @param patchTps          same for the patch, TPS
 * @param ratio             patchTps / parentTps: the estimate of the change; null without data
 * @param ciLow             lower end of the interval of the ratio; null with fewer than 3 iterations a side
 * @param ciHigh            upper end of the interval of the ratio
 * @param confidence        confidence level of the interval, e.g. 0.95
 * @param pValue            two-sided Mann-Whitney p-value on the iteration medians; null when not computable
 * @param pMethod           how the p-value was computed (exact or normal approximation), or why it is missing
 * @param pAdjusted         Benjamini-Hochberg adjusted p over the cells of the run; null when pValue is
 * @param level             the level pAdjusted had to be below for a change: the FDR, or in the adaptive
 *                          loop its per-look share (repeated looks would otherwise inflate false alarms)
 * @param classic           TAF's classic verdict (median ratio vs warn/fail/gain); null without data
 * @param pairsUsed         A/B pairs measured for this cell (flagged iterations included)
 * @param stopReason        why no more pairs were added
 * @param mde               the minimal detectable effect of this cell's data; null without data
 * @param excluded          iterations left out of the verdict by the rule
 * @param exclusionRule     the rule, in one sentence
 * @param warnings          what a reader must know (flags, failures, too few iterations, MDE above fail)
 */
public record CellVerdict(String workload, int threads, Verdict verdict, String reason, String failedSide,
        List<IterationSummary> parent, List<IterationSummary> patch, Double parentTps, Double patchTps,
        Double ratio, Double ciLow, Double ciHigh, double confidence, Double pValue, String pMethod,
        Double pAdjusted, double level, ClassicVerdict classic, int pairsUsed, StopReason stopReason,
        MinimalDetectableEffect mde, List<ExcludedIteration> excluded, String exclusionRule, List<String> warnings) {
    public CellVerdict {
        Objects.requireNonNull(workload, "workload");
        Objects.requireNonNull(verdict, "verdict");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(stopReason, "stopReason");
        parent = List.copyOf(parent);
        patch = List.copyOf(patch);
        excluded = List.copyOf(excluded);
        warnings = List.copyOf(warnings);
    }

    /** The cell this verdict is about. */
    public CellKey cell() {
        return new CellKey(workload, threads);
    }

    /** The ratio's change in percent, (ratio - 1) * 100; null without data. */
    public Double changePct() {
        return ratio == null ? null : (ratio - 1) * 100;
    }

    /** A copy with another stop reason (the adaptive loop decides it after the verdicts). */
    CellVerdict withStopReason(StopReason r) {
        return new CellVerdict(workload, threads, verdict, reason, failedSide, parent, patch, parentTps, patchTps, ratio, ciLow,
                ciHigh, confidence, pValue, pMethod, pAdjusted, level, classic, pairsUsed, r, mde, excluded, exclusionRule,
                warnings);
    }
}

package org.taf.runner.stats;

import java.util.List;

/**
 * One cell's numbers before the run-wide steps (Benjamini-Hochberg, verdict, adaptive stop).
 * {@code failure} is non-null for FAILED / NOT_COMPARABLE cells, whose numbers are then null;
 * {@code failedSide} names the failed side(s) of a FAILED cell.
 */
record CellAnalysis(CellKey cell, List<IterationSummary> parent, List<IterationSummary> patch, Verdict failure,
        String failureReason, String failedSide, Double parentTps, Double patchTps, Double ratio, Double ciLow, Double ciHigh,
        RankTest.Result rank, ClassicVerdict classic, int pairs, MinimalDetectableEffect mde,
        List<ExcludedIteration> excluded, List<String> warnings, int includedParent, int includedPatch) {}

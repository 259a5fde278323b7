package org.taf.runner.stats;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Entry point of the statistics: from the measured cells of one run to a verdict per cell and the
 * adaptive loop's next step. A pure function of its inputs and {@code options.seed()}.
 *
 * <p>The runner calls it after the planned pairs and again after each added pair:
 * <pre>{@code
 * AdaptiveProgress progress = AdaptiveProgress.start(perPairCost);
 * RunStatistics s = Statistics.evaluate(cells, options, progress);
 * while (s.next().addPair()) {
 *     for (CellKey k : s.next().addPairTo()) { measure one parent and one patch iteration of k }
 *     progress = new AdaptiveProgress(extraTimeSpent, meanPairCost);
 *     s = Statistics.evaluate(cells, options, progress);
 * }
 * // s.cells() are the final verdicts, with pairs used and stop reasons
 * }</pre>
 */
public final class Statistics {
    private Statistics() {}

    /**
     * Verdicts and next step of an adaptive run.
     *
     * @param cells    every cell of the run (unique workload x threads), all iterations measured so far
     * @param options  thresholds, FDR, bootstrap and loop options
     * @param progress the loop's progress; null when no adaptive loop runs (stored results)
     */
    public static RunStatistics evaluate(List<CellSamples> cells, StatsOptions options, AdaptiveProgress progress) {
        Objects.requireNonNull(options, "options");
        Set<CellKey> seen = new HashSet<>();
        for (CellSamples c : cells) {
            if (!seen.add(c.cell())) {
                throw new IllegalArgumentException("cell " + c.cell() + " appears twice in the run");
            }
        }
        boolean adaptive = progress != null;
        double level = SequentialLevel.of(options, adaptive);
        List<CellAnalysis> analyses = cells.stream().sorted(Comparator.comparing(CellSamples::cell))
                .map(c -> CellAnalyzer.analyze(c, options, adaptive)).toList();
        Double[] adjusted = adjust(analyses);
        List<CellVerdict> verdicts = new ArrayList<>();
        for (int i = 0; i < analyses.size(); i++) {
            verdicts.add(verdict(analyses.get(i), adjusted[i], level, options));
        }
        AdaptiveDecision next = AdaptivePolicy.next(verdicts, progress, options);
        List<CellVerdict> stamped = verdicts.stream().map(v -> v.withStopReason(next.stopOf(v.cell()))).toList();
        return new RunStatistics(stamped, next);
    }

    /** Final verdicts of stored results, without an adaptive loop (undecided cells: PLANNED_ONLY). */
    public static RunStatistics evaluate(List<CellSamples> cells, StatsOptions options) {
        return evaluate(cells, options, null);
    }

    /** Benjamini-Hochberg over the cells that have a p-value; the others get null. */
    private static Double[] adjust(List<CellAnalysis> analyses) {
        List<Integer> tested = new ArrayList<>();
        for (int i = 0; i < analyses.size(); i++) {
            if (analyses.get(i).rank().p() != null) {
                tested.add(i);
            }
        }
        double[] raw = tested.stream().mapToDouble(i -> analyses.get(i).rank().p()).toArray();
        double[] adj = BenjaminiHochberg.adjust(raw);
        Double[] out = new Double[analyses.size()];
        for (int k = 0; k < tested.size(); k++) {
            out[tested.get(k)] = adj[k];
        }
        return out;
    }

    private static CellVerdict verdict(CellAnalysis a, Double pAdjusted, double level, StatsOptions o) {
        VerdictRule.Outcome out = VerdictRule.decide(a, pAdjusted, level, o);
        return new CellVerdict(a.cell().workload(), a.cell().threads(), out.verdict(), out.reason(), a.failedSide(),
                a.parent(),
                a.patch(), a.parentTps(), a.patchTps(), a.ratio(), a.ciLow(), a.ciHigh(), o.confidence(),
                a.rank().p(), a.rank().method(), pAdjusted, level, a.classic(), a.pairs(), StopReason.PENDING, a.mde(),
                a.excluded(), o.exclusion().describe(), a.warnings());
    }
}

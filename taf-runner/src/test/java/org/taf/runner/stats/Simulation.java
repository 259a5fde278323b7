package org.taf.runner.stats;

import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** Runs many seeded synthetic comparisons of one cell and counts the outcomes. */
final class Simulation {
    static final CellKey CELL = new CellKey("POINT_SELECT", 2);

    /** Outcome counts of a simulation. */
    record Counts(int runs, Map<Verdict, Integer> verdicts, int covered, int detected, double meanPairs) {
        int of(Verdict v) {
            return verdicts.getOrDefault(v, 0);
        }

        double rate(Verdict v) {
            return (double) of(v) / runs;
        }

        /** REGRESSED or IMPROVED. */
        double changeRate() {
            return (double) (of(Verdict.REGRESSED) + of(Verdict.IMPROVED)) / runs;
        }

        double coverage() {
            return (double) covered / runs;
        }

        /** Share where the test alone saw a change: p below the level and the interval excluding 1. */
        double detectionRate() {
            return (double) detected / runs;
        }

        @Override
        public String toString() {
            return String.format("%d runs %s, covered %.3f, detected %.3f, mean pairs %.1f", runs, verdicts,
                    coverage(), detectionRate(), meanPairs);
        }
    }

    private Simulation() {}

    /** The defaults, judged on TPS alone (the synthetic cells have no CPU readings). */
    static StatsOptions options() {
        return StatsOptions.defaults().toBuilder().metrics(List.of(Metric.TPS)).build();
    }

    /** {@code runs} comparisons of {@code pairs} fixed pairs with true ratio {@code ratio}. */
    static Counts fixedPairs(Synthetic syn, double ratio, int pairs, int runs, StatsOptions o) {
        Map<Verdict, Integer> verdicts = new EnumMap<>(Verdict.class);
        int covered = 0;
        int detected = 0;
        for (int r = 0; r < runs; r++) {
            CellVerdict v = Statistics.evaluate(List.of(syn.cell(CELL, ratio, pairs)), o.toBuilder().seed(r).build())
                    .cells().get(0);
            verdicts.merge(v.verdict(), 1, Integer::sum);
            MetricVerdict m = v.metric(Metric.TPS);
            covered += m.ciLow() <= ratio && ratio <= m.ciHigh() ? 1 : 0;
            detected += m.pAdjusted() < v.level() && (m.ciHigh() < 1 || m.ciLow() > 1) ? 1 : 0;
        }
        return new Counts(runs, verdicts, covered, detected, pairs);
    }

    /**
     * {@code runs} adaptive comparisons: {@code planned} pairs, then one pair at a time while the policy
     * asks for one; each pair costs one minute against the options' budget.
     */
    static Counts adaptive(Synthetic syn, double ratio, int planned, int runs, StatsOptions o) {
        Map<Verdict, Integer> verdicts = new EnumMap<>(Verdict.class);
        Duration cost = Duration.ofMinutes(1);
        long pairs = 0;
        int covered = 0;
        for (int r = 0; r < runs; r++) {
            CellSamples cell = syn.cell(CELL, ratio, planned);
            AdaptiveProgress progress = new AdaptiveProgress(java.time.Duration.ZERO, cost);
            RunStatistics s = Statistics.evaluate(List.of(cell), o.toBuilder().seed(r).build(), progress);
            while (s.next().addPair()) {
                cell = syn.addPair(cell, ratio);
                progress = new AdaptiveProgress(progress.extraElapsed().plus(cost), cost);
                s = Statistics.evaluate(List.of(cell), o.toBuilder().seed(r).build(), progress);
            }
            CellVerdict v = s.cells().get(0);
            verdicts.merge(v.verdict(), 1, Integer::sum);
            MetricVerdict m = v.metric(Metric.TPS);
            covered += m.ciLow() <= ratio && ratio <= m.ciHigh() ? 1 : 0;
            pairs += v.pairsUsed();
        }
        return new Counts(runs, verdicts, covered, 0, (double) pairs / runs);
    }
}

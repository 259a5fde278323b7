package org.taf.runner.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The adaptive loop stops as specified: decided, budget spent, max pairs. */
class AdaptivePolicyTest {
    private static final StatsOptions O = StatsOptions.defaults(); // budget 10 min, max 20 pairs
    private static final Duration MINUTE = Duration.ofMinutes(1);

    @Test
    void everyCellDecidedStops() {
        AdaptiveDecision d = AdaptivePolicy.next(
                List.of(
                        cell("A", Verdict.REGRESSED, 0.9, 0.95, 0.01, 5),
                        cell("B", Verdict.NO_CHANGE, 0.99, 1.01, 0.9, 5),
                        cell("C", Verdict.NEWLY_FAILING, null, null, null, 0)),
                new AdaptiveProgress(java.time.Duration.ZERO, MINUTE),
                O);
        assertThat(d.addPair()).isFalse();
        assertThat(d.runStop()).isEqualTo(StopReason.DECIDED);
        assertThat(d.cellStops().values()).containsOnly(StopReason.DECIDED);
        assertThat(d.why()).isEqualTo("stopped: every cell is decided (budget 600s, 0s spent, a pair costs 60s); cells:"
                + " 3 decided");
    }

    @Test
    void undecidedCellsGetPairsMostUrgentFirst() {
        AdaptiveDecision d = AdaptivePolicy.next(
                List.of(
                        cell("A", Verdict.INCONCLUSIVE, 0.9, 1.05, 0.20, 5),
                        cell("B", Verdict.INCONCLUSIVE, 0.85, 0.99, 0.03, 5),
                        cell("C", Verdict.INCONCLUSIVE, null, null, null, 2),
                        cell("D", Verdict.NO_CHANGE, 0.99, 1.01, 0.9, 5)),
                new AdaptiveProgress(java.time.Duration.ZERO, MINUTE),
                O);
        assertThat(d.addPair()).isTrue();
        assertThat(d.runStop()).isEqualTo(StopReason.PENDING);
        // No p-value yet first, then the most significant: likely regressions are settled first.
        assertThat(d.addPairTo()).extracting(CellKey::workload).containsExactly("C", "B", "A");
        assertThat(d.stopOf(new CellKey("D", 1))).isEqualTo(StopReason.DECIDED);
        assertThat(d.stopOf(new CellKey("A", 1))).isEqualTo(StopReason.PENDING);
        assertThat(d.why()).isEqualTo("adding a pair to 3 cell(s) (budget 600s, 0s spent, a pair costs 60s); cells:"
                + " 1 decided, 3 pending");
    }

    @Test
    void aBudgetThatPaysForSomeServesTheMostUrgentAndOneThatPaysForNoneStops() {
        List<CellVerdict> cells = List.of(
                cell("A", Verdict.INCONCLUSIVE, 0.9, 1.05, 0.20, 5),
                cell("B", Verdict.INCONCLUSIVE, 0.85, 0.99, 0.03, 5),
                cell("C", Verdict.INCONCLUSIVE, 0.9, 1.1, 0.5, 5));
        AdaptiveDecision some =
                AdaptivePolicy.next(cells, new AdaptiveProgress(Duration.ofMinutes(6), Duration.ofMinutes(2)), O);
        assertThat(some.addPairTo()).extracting(CellKey::workload).containsExactly("B", "A");
        assertThat(some.stopOf(new CellKey("C", 1))).as("waits").isEqualTo(StopReason.PENDING);

        AdaptiveDecision none =
                AdaptivePolicy.next(cells, new AdaptiveProgress(Duration.ofMinutes(9), Duration.ofMinutes(2)), O);
        assertThat(none.addPair()).isFalse();
        assertThat(none.runStop()).isEqualTo(StopReason.BUDGET_SPENT);
        assertThat(none.cellStops().values()).containsOnly(StopReason.BUDGET_SPENT);
        assertThat(none.why()).startsWith("stopped: budget spent (budget 600s, 540s spent, a pair costs 120s)");

        StatsOptions noBudget = O.toBuilder().firstLook(3).maxPairs(20).budget(Duration.ZERO).build();
        assertThat(AdaptivePolicy.next(cells, new AdaptiveProgress(java.time.Duration.ZERO, MINUTE), noBudget)
                .runStop())
                .isEqualTo(StopReason.BUDGET_SPENT);
    }

    @Test
    void maxMeasuredPairsStopACell() {
        AdaptiveDecision d = AdaptivePolicy.next(List.of(cell("A", Verdict.INCONCLUSIVE, 0.9, 1.05, 0.2, 20),
                cell("B", Verdict.INCONCLUSIVE, 0.955, 0.965, 0.001, 12)),
                        new AdaptiveProgress(java.time.Duration.ZERO, MINUTE), O);
        assertThat(d.addPairTo()).extracting(CellKey::workload).containsExactly("B");
        assertThat(d.stopOf(new CellKey("A", 1))).isEqualTo(StopReason.MAX_PAIRS);
        AdaptiveDecision last = AdaptivePolicy.next(List.of(cell("A", Verdict.INCONCLUSIVE, 0.9, 1.05, 0.2, 20)),
                new AdaptiveProgress(java.time.Duration.ZERO, MINUTE), O);
        assertThat(last.runStop()).isEqualTo(StopReason.MAX_PAIRS);
        assertThat(last.why()).startsWith("stopped: undecided cells reached 20 pairs");
    }

    @Test
    void withoutALoopUndecidedCellsUsedThePlannedPairsOnly() {
        AdaptiveDecision d = AdaptivePolicy.next(List.of(cell("A", Verdict.INCONCLUSIVE, 0.9, 1.05, 0.2, 5)), null, O);
        assertThat(d.addPair()).isFalse();
        assertThat(d.runStop()).isEqualTo(StopReason.PLANNED_ONLY);
        assertThat(d.why()).isEqualTo("stopped: planned pairs only (no adaptive loop); cells: 1 planned only");
    }

    /** The whole loop on synthetic data: a 10% regression is decided early, the verdict says so. */
    @Test
    void loopStopsWhenDecided() {
        Synthetic syn = Synthetic.issueNoise(21);
        StatsOptions o = Simulation.options();
        CellSamples cell = syn.cell(Simulation.CELL, 0.85, 4);
        AdaptiveProgress progress = new AdaptiveProgress(java.time.Duration.ZERO, MINUTE);
        RunStatistics s = Statistics.evaluate(List.of(cell), o, progress);
        while (s.next().addPair()) {
            cell = syn.addPair(cell, 0.85);
            progress = new AdaptiveProgress(progress.extraElapsed().plus(MINUTE), MINUTE);
            s = Statistics.evaluate(List.of(cell), o, progress);
        }
        CellVerdict v = s.cells().get(0);
        assertThat(v.verdict()).isEqualTo(Verdict.REGRESSED);
        assertThat(v.stopReason()).isEqualTo(StopReason.DECIDED);
        assertThat(v.pairsUsed()).isBetween(4, 8);
        assertThat(v.level()).isLessThan(o.fdr());
    }

    /**
     * A/A data: with a 3-minute budget and 1-minute pairs the loop adds exactly 3 pairs, then stops. (At this noise
     * the pairs could not answer within 20 pairs: the futility stop, off here, would stop sooner, FutilityTest.)
     */
    @Test
    void loopStopsWhenTheBudgetIsSpent() {
        RunStatistics s = runLoop(Synthetic.issueNoise(22), 1.0, 5, Simulation.options().toBuilder().firstLook(5)
                .maxPairs(20).budget(Duration.ofMinutes(3)).futility(false).build());
        assertThat(s.next().runStop()).isEqualTo(StopReason.BUDGET_SPENT);
        assertThat(s.cells().get(0).pairsUsed()).isEqualTo(8);
        assertThat(s.cells().get(0).stopReason()).isEqualTo(StopReason.BUDGET_SPENT);
    }

    /** A/A data with a large budget: the loop stops at max pairs (futility off, as above). */
    @Test
    void loopStopsAtMaxPairs() {
        RunStatistics s = runLoop(Synthetic.issueNoise(23), 1.0, 5, Simulation.options().toBuilder().firstLook(5)
                .maxPairs(9).budget(Duration.ofHours(1)).futility(false).build());
        assertThat(s.cells().get(0).verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(s.cells().get(0).pairsUsed()).isEqualTo(9);
        assertThat(s.cells().get(0).stopReason()).isEqualTo(StopReason.MAX_PAIRS);
        assertThat(s.next().runStop()).isEqualTo(StopReason.MAX_PAIRS);
    }

    private static RunStatistics runLoop(Synthetic syn, double ratio, int planned, StatsOptions o) {
        CellSamples cell = syn.cell(Simulation.CELL, ratio, planned);
        AdaptiveProgress progress = new AdaptiveProgress(java.time.Duration.ZERO, MINUTE);
        RunStatistics s = Statistics.evaluate(List.of(cell), o, progress);
        while (s.next().addPair()) {
            assertThat(s.next().addPairTo()).containsExactly(Simulation.CELL);
            cell = syn.addPair(cell, ratio);
            progress = new AdaptiveProgress(progress.extraElapsed().plus(MINUTE), MINUTE);
            s = Statistics.evaluate(List.of(cell), o, progress);
        }
        return s;
    }

    private static CellVerdict cell(String workload, Verdict verdict, Double lo, Double hi, Double pAdj, int pairs) {
        MetricVerdict tps = new MetricVerdict(Metric.TPS, 100, 100, 1, lo, hi, 0.95, pAdj, pAdj, pairs, 0.02,
                Change.UNKNOWN, true, lo == null ? null : new PairedTest.Interval(0.10, lo, hi));
        return new CellVerdict(new CellKey(workload, 1), verdict, "test", lo == null ? List.of() : List.of(tps), null,
                pairs, 0.05, StopReason.PENDING, null, null, List.of(), "", List.of(), List.of(), List.of());
    }
}

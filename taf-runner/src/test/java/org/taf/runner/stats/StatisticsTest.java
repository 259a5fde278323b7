package org.taf.runner.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.taf.runner.ExitCode;

/** One run's cells through the whole statistics: exclusion, missing sides, too few iterations, BH, determinism. */
class StatisticsTest {
    private static final StatsOptions O = StatsOptions.defaults();

    @Test
    void aClearRegressionIsRegressedAndTheClassicVerdictSitsBesideIt() {
        CellVerdict v = only(Cells.regressedTenPercent("POINT_SELECT", 2));
        assertThat(v.verdict()).isEqualTo(Verdict.REGRESSED);
        assertThat(v.pValue()).isCloseTo(2.0 / 252, within(1e-15));
        assertThat(v.pAdjusted()).isEqualTo(v.pValue());
        assertThat(v.ratio()).isCloseTo(0.9, within(1e-9));
        assertThat(v.ciHigh()).isLessThan(1);
        assertThat(v.classic().outcome()).isEqualTo(ClassicOutcome.FAIL);
        assertThat(v.classic().ratio()).isCloseTo(918.0 / 1020, within(1e-12));
        assertThat(v.pairsUsed()).isEqualTo(5);
        assertThat(v.stopReason()).isEqualTo(StopReason.DECIDED);
        assertThat(v.level()).isEqualTo(0.05);
        assertThat(v.parentTps()).isCloseTo(1020, within(0.1));
    }

    @Test
    void benjaminiHochbergTurnsALoneSignificantCellOfTwentyIntoUnknown() {
        List<CellSamples> cells = new ArrayList<>();
        cells.add(Cells.regressedTenPercent("POINT_SELECT", 1));
        for (int t = 2; t <= 20; t++) {
            cells.add(Cells.sameLevel("POINT_SELECT", t));
        }
        RunStatistics s = Statistics.evaluate(cells, O);
        CellVerdict lone = s.cells().stream().filter(c -> c.threads() == 1).findFirst().orElseThrow();
        // Raw p 2/252 = 0.0079; with 19 cells at p near 1 its adjusted p is 0.0079 * 20 / 1 = 0.159.
        assertThat(lone.pValue()).isCloseTo(2.0 / 252, within(1e-15));
        assertThat(lone.pAdjusted()).isCloseTo(20 * 2.0 / 252, within(1e-12));
        assertThat(lone.verdict()).isEqualTo(Verdict.UNKNOWN);
        assertThat(lone.reason()).contains("is not below FDR 0.05");
        // Alone, the same data is a regression.
        assertThat(only(Cells.regressedTenPercent("POINT_SELECT", 1)).verdict()).isEqualTo(Verdict.REGRESSED);
    }

    @Test
    void flaggedIterationsAreExcludedWhenTwoCleanOnesRemainButKeptInTheData() {
        List<IterationSample> parent = new ArrayList<>(Cells.side(1000, 1010, 1020, 1030));
        parent.set(1, new IterationSample(1, new double[] {10, 10, 10}, List.of("ERRORS")));
        CellSamples cell = new CellSamples(Simulation.CELL, parent, Cells.side(1000, 1010, 1020, 1030));
        CellVerdict v = only(cell);
        assertThat(v.parent()).hasSize(4);
        assertThat(v.excluded()).containsExactly(new ExcludedIteration("parent", 1, List.of("ERRORS")));
        assertThat(v.exclusionRule()).isEqualTo(ExclusionRule.DEFAULT.describe());
        assertThat(v.warnings()).contains("1 of 4 parent iterations left out of the verdict (flagged ERRORS or"
                + " NOT_SETTLED)");
        // Parent 1000, 1020, 1030 vs patch 1000..1030: geometric means 1016.6 and 1015.0.
        assertThat(v.ratio()).as("the 10 TPS iteration does not count").isCloseTo(0.9984, within(0.0001));
    }

    @Test
    void flaggedIterationsAreKeptWhenTooFewCleanOnesRemain() {
        List<IterationSample> patch = new ArrayList<>(Cells.side(1000, 1010, 1020));
        patch.set(0, new IterationSample(0, new double[] {990}, List.of("NOT_SETTLED")));
        patch.set(2, new IterationSample(2, new double[] {1015}, List.of("NOT_SETTLED", "HOST_NOISE")));
        patch.set(1, new IterationSample(1, new double[] {1012}, List.of("HOST_NOISE")));
        CellVerdict v = only(new CellSamples(Simulation.CELL, Cells.side(1000, 1010, 1020), patch));
        assertThat(v.excluded()).isEmpty();
        assertThat(v.warnings()).contains("2 of 3 patch iterations are flagged ERRORS or NOT_SETTLED but only 1"
                + " unflagged remain (the rule needs 2): all are kept in the verdict",
                "patch iteration 1 is flagged HOST_NOISE; kept in the verdict");
    }

    @Test
    void aMissingSideIsNotComparableAndAFailedSideIsFailed() {
        CellVerdict missing = only(new CellSamples(Simulation.CELL, Cells.side(1000, 1010, 1020), List.of()));
        assertThat(missing.verdict()).isEqualTo(Verdict.NOT_COMPARABLE);
        assertThat(missing.reason()).isEqualTo("patch has no measured iterations");
        assertThat(missing.ratio()).isNull();
        assertThat(missing.classic()).isNull();
        assertThat(missing.stopReason()).isEqualTo(StopReason.DECIDED);
        assertThat(missing.failedSide()).isNull();

        CellSamples crashed = new CellSamples(Simulation.CELL, Cells.side(1000, 1010), List.of(), List.of(),
                List.of("iteration 0: engine exited with 134", "iteration 1: engine exited with 134"));
        RunStatistics s = Statistics.evaluate(List.of(crashed), O);
        assertThat(s.cells().get(0).verdict()).isEqualTo(Verdict.FAILED);
        assertThat(s.cells().get(0).reason()).isEqualTo("patch failed in all 2 iteration(s); first: iteration 0: engine"
                + " exited with 134");
        assertThat(s.cells().get(0).warnings()).contains("patch failure: iteration 1: engine exited with 134");
        assertThat(s.cells().get(0).failedSide()).as("newly failing").isEqualTo("patch");
        assertThat(s.exitCode()).isEqualTo(ExitCode.ERROR);
    }

    @Test
    void zeroThroughputIsAFailureNotANumber() {
        CellSamples stalled = new CellSamples(Simulation.CELL, Cells.side(1000, 1010, 1020),
                List.of(IterationSample.of(0, 0, 0, 5), IterationSample.of(1, 900), IterationSample.of(2, 910)));
        CellVerdict v = only(stalled);
        assertThat(v.verdict()).isEqualTo(Verdict.FAILED);
        assertThat(v.reason()).isEqualTo("patch iteration 0 failed: its median TPS is 0 (stalled)");
        assertThat(v.failedSide()).isEqualTo("patch");
        // A parent that failed everywhere while the patch ran: fixed, and it wins over "no data".
        CellSamples fixed = new CellSamples(Simulation.CELL, List.of(), Cells.side(1000, 1010),
                List.of("iteration 0: engine exited with 1"), List.of());
        assertThat(only(fixed).verdict()).isEqualTo(Verdict.FAILED);
        assertThat(only(fixed).failedSide()).isEqualTo("parent");
    }

    @Test
    void oneOrTwoIterationsAreTooFewForAVerdict() {
        for (int n : new int[] {1, 2}) {
            double[] parent = java.util.Arrays.copyOf(new double[] {1000, 1010}, n);
            double[] patch = java.util.Arrays.copyOf(new double[] {800, 810}, n);
            CellVerdict v = only(Cells.cell("OLTP_RO", 4, parent, patch));
            assertThat(v.verdict()).as("%d iterations", n).isEqualTo(Verdict.UNKNOWN);
            assertThat(v.ratio()).isLessThan(0.81); // the estimate is still shown
            assertThat(v.ciLow()).isNull();
            assertThat(v.pValue()).isNull();
            assertThat(v.pAdjusted()).isNull();
            assertThat(v.pMethod()).startsWith("none: too few iterations");
            assertThat(v.classic().outcome()).isEqualTo(ClassicOutcome.FAIL);
            assertThat(v.warnings()).anyMatch(w -> w.startsWith("too few iterations: " + n + " parent and " + n));
            assertThat(v.stopReason()).isEqualTo(StopReason.PLANNED_ONLY);
        }
    }

    @Test
    void sameSeedSameOutputOtherSeedOtherInterval() {
        CellSamples cell = Synthetic.issueNoise(5).cell(Simulation.CELL, 0.97, 6);
        List<CellVerdict> a = Statistics.evaluate(List.of(cell), O).cells();
        List<CellVerdict> b = Statistics.evaluate(List.of(cell), O).cells();
        List<CellVerdict> c = Statistics.evaluate(List.of(cell), O.withSeed(2)).cells();
        assertThat(a).isEqualTo(b);
        assertThat(c.get(0).ciLow()).isNotEqualTo(a.get(0).ciLow());
        assertThat(c.get(0).ratio()).isEqualTo(a.get(0).ratio());
    }

    @Test
    void cellOrderDoesNotMatter() {
        CellSamples x = Synthetic.issueNoise(6).cell(new CellKey("OLTP_RW", 8), 0.97, 5);
        CellSamples y = Synthetic.issueNoise(7).cell(new CellKey("OLTP_RO", 8), 1.02, 5);
        assertThat(Statistics.evaluate(List.of(x, y), O)).isEqualTo(Statistics.evaluate(List.of(y, x), O));
        assertThat(Statistics.evaluate(List.of(x, y), O).cells()).extracting(CellVerdict::workload)
                .containsExactly("OLTP_RO", "OLTP_RW");
    }

    @Test
    void exitCodes() {
        assertThat(Statistics.evaluate(List.of(Cells.regressedTenPercent("A", 1)), O).exitCode())
                .isEqualTo(ExitCode.REGRESSION);
        assertThat(Statistics.evaluate(List.of(Cells.sameLevel("A", 1)), O).exitCode()).isEqualTo(ExitCode.PASS);
        assertThat(Statistics.evaluate(List.of(Cells.sameLevel("A", 1), Cells.cell("B", 1, new double[] {1, 2},
                new double[] {1, 2})), O).exitCode()).isEqualTo(ExitCode.INCONCLUSIVE);
        assertThat(Statistics.evaluate(List.of(), O).exitCode()).isEqualTo(ExitCode.PASS);
        assertThat(Statistics.evaluate(List.of(Cells.sameLevel("A", 1)), O).cells().get(0).verdict())
                .isEqualTo(Verdict.SAME);
    }

    @Test
    void aCellTwiceIsABug() {
        assertThatThrownBy(() -> Statistics.evaluate(List.of(Cells.sameLevel("A", 1), Cells.sameLevel("A", 1)), O))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cell A x 1 threads appears twice in the run");
    }

    private static CellVerdict only(CellSamples cell) {
        return Statistics.evaluate(List.of(cell), O).cells().get(0);
    }
}

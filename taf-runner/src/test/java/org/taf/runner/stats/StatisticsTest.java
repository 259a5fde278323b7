package org.taf.runner.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.commons.math3.stat.inference.TTest;
import org.junit.jupiter.api.Test;
import org.taf.runner.ExitCode;

/** One comparison's cells through the whole statistics: pairs, exclusion, failures, BH over metrics, verdicts. */
class StatisticsTest {
    private static final StatsOptions O = StatsOptions.defaults();

    @Test
    void aClearRegressionIsRegressedWithThePairedNumbers() {
        CellVerdict v = only(Cells.regressedTenPercent("POINT_SELECT", 2));
        MetricVerdict tps = v.metric(Metric.TPS);
        assertThat(v.verdict()).isEqualTo(Verdict.REGRESSED);
        double[] d = {Math.log(901 / 1000.0), Math.log(907 / 1010.0), Math.log(919 / 1020.0), Math.log(925 / 1030.0),
            Math.log(938 / 1040.0)};
        assertThat(tps.ratio()).isCloseTo(Math.exp(org.apache.commons.math3.stat.StatUtils.mean(d)), within(1e-12));
        assertThat(tps.pValue()).isCloseTo(new TTest().tTest(0.0, d), within(1e-12));
        assertThat(tps.pAdjusted()).isEqualTo(tps.pValue()).as("one tested metric: nothing to adjust");
        assertThat(tps.ciHigh()).isLessThan(1);
        assertThat(tps.change()).isEqualTo(Change.WORSE);
        assertThat(tps.pairs()).isEqualTo(5);
        assertThat(v.metric(Metric.CPU_PER_TX)).as("no CPU readings").isNull();
        assertThat(v.classic().outcome()).isEqualTo(ClassicOutcome.FAIL);
        assertThat(v.stopReason()).isEqualTo(StopReason.DECIDED);
        assertThat(v.level()).isEqualTo(0.05);
        assertThat(v.reason()).startsWith("tps 0.9000 [");
    }

    @Test
    void cpuPerTransactionIsJudgedOnTheSamePairsAndCanDecide() {
        CellSamples same = Cells.sameLevel("POINT_SELECT", 2);
        CellSamples cell = new CellSamples(same.cell(), Cells.withCpu(same.parent(), 8.0, 8.1, 7.9, 8.0, 8.05),
                Cells.withCpu(same.patch(), 8.8, 8.95, 8.7, 8.85, 8.9),
                        java.util.List.of(), java.util.List.of(), java.util.Set.of(), false);
        CellVerdict v = only(cell);
        MetricVerdict cpu = v.metric(Metric.CPU_PER_TX);
        assertThat(cpu.ratio()).isCloseTo(1.10, within(0.01));
        assertThat(cpu.change()).isEqualTo(Change.WORSE);
        assertThat(v.verdict()).as("CPU per transaction gates by default").isEqualTo(Verdict.REGRESSED);
        assertThat(v.findings()).anyMatch(f -> f.contains("is higher while TPS is unchanged"));
        CellVerdict tpsOnly = Statistics.evaluate(List.of(cell), O.toBuilder().metrics(List.of(Metric.TPS)).build())
                .cells().get(0);
        assertThat(tpsOnly.verdict()).isEqualTo(Verdict.NO_CHANGE);
        assertThat(tpsOnly.findings()).anyMatch(f -> f.startsWith("cpu_per_tx moved (worse"));
    }

    @Test
    void contextSwitchesPerTransactionAreAMetricThatGatesOnlyWhenChosen() {
        CellSamples same = Cells.sameLevel("POINT_SELECT", 2);
        java.util.Map<String, long[]> none = java.util.Map.of();
        CellSamples cell = new CellSamples(same.cell(),
                Cells.withCounters(same.parent(), new double[] {2.4, 2.5, 2.45, 2.5, 2.4}, none),
                Cells.withCounters(same.patch(), new double[] {36, 35, 37, 36.5, 35.5}, none),
                        java.util.List.of(), java.util.List.of(), java.util.Set.of(), false);
        CellVerdict v = only(cell);
        MetricVerdict cs = v.metric(Metric.CS_PER_TX);
        assertThat(cs.ratio()).isCloseTo(36.0 / 2.45, within(0.3));
        assertThat(cs.change()).isEqualTo(Change.WORSE);
        assertThat(cs.gates()).isFalse();
        assertThat(v.verdict()).as("not in verdict.metrics by default").isEqualTo(Verdict.NO_CHANGE);
        assertThat(v.findings()).anyMatch(f -> f.startsWith("cs_per_tx moved (worse"));
        CellVerdict gated = Statistics.evaluate(List.of(cell),
                O.toBuilder().metrics(List.of(Metric.TPS, Metric.CS_PER_TX)).build()).cells().get(0);
        assertThat(gated.verdict()).isEqualTo(Verdict.REGRESSED);
    }

    @Test
    void countersThatMovedBeyondTheMarginAreWhatElseChanged() {
        CellSamples same = Cells.sameLevel("POINT_SELECT", 2);
        double[] cs = {2, 2, 2, 2, 2};
        var parent = new java.util.TreeMap<String, long[]>();
        var patch = new java.util.TreeMap<String, long[]>();
        // Waits ten times as many, steadily: moved.
        parent.put("Innodb_buffer_pool_mutex_waits", new long[] {2100, 2000, 2050, 1990, 2020});
        patch.put("Innodb_buffer_pool_mutex_waits", new long[] {21000, 20500, 19900, 20100, 20800});
        // 3% more reads, steadily: significant but inside the 10% margin.
        parent.put("Innodb_buffer_pool_read_requests", new long[] {100000, 100500, 99800, 100100, 100200});
        patch.put("Innodb_buffer_pool_read_requests", new long[] {103000, 103600, 102700, 103200, 103100});
        // Three to four times as many, steadily, but fewer than one in a thousand transactions: not moved.
        parent.put("Innodb_buffer_pool_mutex_acquisitions", new long[] {2, 3, 2, 3, 2});
        patch.put("Innodb_buffer_pool_mutex_acquisitions", new long[] {8, 9, 8, 9, 8});
        // Never moved: left out.
        parent.put("Innodb_deadlocks", new long[5]);
        patch.put("Innodb_deadlocks", new long[5]);
        // From 0 to thousands: moved, with a finite ratio from the half count.
        parent.put("Innodb_rw_latches_created", new long[5]);
        patch.put("Innodb_rw_latches_created", new long[] {5000, 5100, 4900, 5050, 4950});
        CellVerdict v = only(new CellSamples(same.cell(), Cells.withCounters(same.parent(), cs, parent),
                Cells.withCounters(same.patch(), cs, patch),
                        java.util.List.of(), java.util.List.of(), java.util.Set.of(), false));
        assertThat(v.counters()).extracting(CounterChange::name).containsExactly("Innodb_rw_latches_created",
                "Innodb_buffer_pool_mutex_waits", "Innodb_buffer_pool_mutex_acquisitions",
                "Innodb_buffer_pool_read_requests");
        CounterChange rare = v.counters().get(2);
        assertThat(rare.ratio()).isGreaterThan(2.5);
        assertThat(rare.pAdjusted()).isLessThan(0.05);
        assertThat(rare.patch()).isLessThan(Statistics.COUNTER_FLOOR_PER_TX);
        assertThat(rare.moved()).as("below the floor per transaction").isFalse();
        assertThat(v.moved()).extracting(CounterChange::name).containsExactly("Innodb_rw_latches_created",
                "Innodb_buffer_pool_mutex_waits");
        CounterChange waits = v.counters().get(1);
        assertThat(waits.ratio()).isCloseTo(10, within(0.3));
        assertThat(waits.parent()).isCloseTo(0.2, within(0.01)).as("per transaction");
        assertThat(waits.ciLow()).isGreaterThan(1.1);
        assertThat(v.counters().get(3).pAdjusted()).isLessThan(0.05);
        assertThat(v.counters().get(3).moved()).isFalse();
        assertThat(v.counters().get(0).ratio()).isFinite().isGreaterThan(1000);
        assertThat(v.verdict()).as("counters never decide").isEqualTo(Verdict.NO_CHANGE);
        CellVerdict wide = Statistics.evaluate(List.of(new CellSamples(same.cell(),
                Cells.withCounters(same.parent(), cs, parent), Cells.withCounters(same.patch(), cs, patch),
                        java.util.List.of(), java.util.List.of(), java.util.Set.of(), false)),
                new StatsOptions(0.95, 3, 5, 5, 0.05, 0.8, 1, ExclusionRule.DEFAULT, 3, 20,
                        java.time.Duration.ofMinutes(10), List.of(Metric.TPS), 2, Questions.EQUIVALENCE, true)).cells()
                                .get(0);
        assertThat(wide.moved()).as("a 2%% margin lists the reads too").hasSize(3);
    }

    @Test
    void benjaminiHochbergSpansMetricsAndCells() {
        List<CellSamples> cells = new ArrayList<>();
        cells.add(Cells.regressedTenPercent("POINT_SELECT", 1));
        for (int t = 2; t <= 20; t++) {
            cells.add(Cells.sameLevel("POINT_SELECT", t));
        }
        RunStatistics s = Statistics.evaluate(cells, O);
        MetricVerdict lone = s.cells().stream().filter(c -> c.cell().threads() == 1).findFirst().orElseThrow()
                .metric(Metric.TPS);
        double[] raw = s.cells().stream().mapToDouble(c -> c.metric(Metric.TPS).pValue()).toArray();
        assertThat(lone.pAdjusted()).isEqualTo(BenjaminiHochberg.adjust(raw)[0]);
        assertThat(lone.pAdjusted()).isGreaterThan(lone.pValue());
    }

    @Test
    void aPairWithAFlaggedSideIsLeftOutWhenEnoughCleanPairsRemain() {
        List<IterationSample> parent = new ArrayList<>(Cells.side(1000, 1010, 1020, 1030));
        parent.set(1, new IterationSample(1, new double[] {10, 10, 10}, null, List.of("ERRORS")));
        CellSamples cell = new CellSamples(Simulation.CELL, parent, Cells.side(1000, 1012, 1021, 1029),
                java.util.List.of(), java.util.List.of(), java.util.Set.of(), false);
        CellVerdict v = only(cell);
        assertThat(v.excluded()).containsExactly(new ExcludedIteration(Role.PARENT, 1, List.of("ERRORS")));
        assertThat(v.exclusionRule()).isEqualTo(ExclusionRule.DEFAULT.describe());
        assertThat(v.warnings()).contains("1 of 4 A/B pairs left out of the verdict (a side flagged ERRORS or"
                + " NOISY_SPELL or NOT_SETTLED)");
        assertThat(v.metric(Metric.TPS).pairs()).isEqualTo(3);
        assertThat(v.measuredPairs()).isEqualTo(4);
        assertThat(v.metric(Metric.TPS).ratio()).as("the 10 TPS iteration does not count").isCloseTo(1.0004,
                within(0.001));
    }

    @Test
    void alternatingPairsKeepAnUnsettledWarmUpButNotErrors() {
        List<IterationSample> parent = new ArrayList<>(Cells.side(1000, 1010, 1020, 1030, 1040));
        parent.set(1, new IterationSample(1, new double[] {1011}, null, List.of("NOT_SETTLED")));
        parent.set(3, new IterationSample(3, new double[] {10}, null, List.of("ERRORS")));
        List<IterationSample> patch = Cells.side(1000, 1012, 1021, 1029, 1041);
        CellVerdict restarting = only(new CellSamples(Simulation.CELL, parent, patch, List.of(), List.of(), Set.of(),
                false));
        assertThat(restarting.metric(Metric.TPS).pairs()).isEqualTo(3);
        CellVerdict alternating = only(new CellSamples(Simulation.CELL, parent, patch, List.of(), List.of(), Set.of(),
                true));
        assertThat(alternating.excluded()).containsExactly(new ExcludedIteration(Role.PARENT, 3, List.of("ERRORS")));
        assertThat(alternating.metric(Metric.TPS).pairs()).isEqualTo(4);
        assertThat(alternating.exclusionRule()).isEqualTo(ExclusionRule.DEFAULT.forAlternating().describe())
                .startsWith("iterations flagged ERRORS or NOISY_SPELL are left out");
        assertThat(alternating.warnings()).contains("parent iteration 2 is flagged NOT_SETTLED; kept in the verdict");
    }

    @Test
    void flaggedPairsAreKeptWhenTooFewCleanOnesRemain() {
        List<IterationSample> patch = new ArrayList<>(Cells.side(1000, 1010, 1020));
        patch.set(0, new IterationSample(0, new double[] {990}, null, List.of("NOT_SETTLED")));
        patch.set(1, new IterationSample(1, new double[] {1012}, null, List.of("HOST_NOISE")));
        CellVerdict v = only(new CellSamples(Simulation.CELL, Cells.side(1000, 1010, 1020), patch,
                java.util.List.of(), java.util.List.of(), java.util.Set.of(), false));
        assertThat(v.excluded()).isEmpty();
        assertThat(v.warnings()).contains("1 of 3 A/B pairs have a side flagged ERRORS or NOISY_SPELL or NOT_SETTLED"
                + " but only 2 clean pairs remain (the rule needs 3): all are kept in the verdict",
                "patch iteration 2 is flagged HOST_NOISE; kept in the verdict");
    }

    @Test
    void failuresAreVerdictsNotNumbers() {
        CellVerdict missing = only(new CellSamples(Simulation.CELL, Cells.side(1000, 1010, 1020), List.of(),
                java.util.List.of(), java.util.List.of(), java.util.Set.of(), false));
        assertThat(missing.verdict()).isEqualTo(Verdict.NOT_COMPARABLE);
        assertThat(missing.reason()).isEqualTo("patch has no measured iterations");
        assertThat(missing.metrics()).isEmpty();
        assertThat(missing.classic()).isNull();
        assertThat(missing.stopReason()).isEqualTo(StopReason.DECIDED);

        CellSamples crashed = new CellSamples(Simulation.CELL, Cells.side(1000, 1010), List.of(), List.of(),
                List.of("iteration 1: engine exited with 134", "iteration 2: engine exited with 134"),
                        java.util.Set.of(), false);
        RunStatistics s = Statistics.evaluate(List.of(crashed), O);
        assertThat(s.cells().get(0).verdict()).isEqualTo(Verdict.NEWLY_FAILING);
        assertThat(s.cells().get(0).reason()).isEqualTo("patch failed in all 2 iteration(s); first: iteration 1: engine"
                + " exited with 134");
        assertThat(s.cells().get(0).warnings()).contains("patch failure: iteration 2: engine exited with 134");
        assertThat(s.exitCode()).isEqualTo(ExitCode.REGRESSION);

        CellSamples fixed = new CellSamples(Simulation.CELL, List.of(), Cells.side(1000, 1010),
                List.of("iteration 1: engine exited with 1"), List.of(), java.util.Set.of(), false);
        assertThat(only(fixed).verdict()).isEqualTo(Verdict.FIXED);
        CellSamples both = new CellSamples(Simulation.CELL, List.of(), List.of(), List.of("iteration 1: x"),
                List.of("iteration 1: y"), java.util.Set.of(), false);
        assertThat(only(both).verdict()).isEqualTo(Verdict.NOT_COMPARABLE);
        assertThat(Statistics.evaluate(List.of(both), O).exitCode()).isEqualTo(ExitCode.ERROR);
    }

    @Test
    void zeroThroughputIsAFailureNotANumber() {
        CellSamples stalled = new CellSamples(Simulation.CELL, Cells.side(1000, 1010, 1020),
                List.of(IterationSample.of(0, 0, 0, 5), IterationSample.of(1, 900), IterationSample.of(2, 910)),
                        java.util.List.of(), java.util.List.of(), java.util.Set.of(), false);
        CellVerdict v = only(stalled);
        assertThat(v.verdict()).isEqualTo(Verdict.NEWLY_FAILING);
        assertThat(v.reason()).isEqualTo("patch iteration 1 failed: its median TPS is 0 (stalled)");
    }

    @Test
    void oneOrTwoPairsAreTooFewForAVerdict() {
        for (int n : new int[] {1, 2}) {
            double[] parent = java.util.Arrays.copyOf(new double[] {1000, 1010}, n);
            double[] patch = java.util.Arrays.copyOf(new double[] {800, 812}, n);
            CellVerdict v = only(Cells.cell("OLTP_RO", 4, parent, patch));
            MetricVerdict tps = v.metric(Metric.TPS);
            assertThat(v.verdict()).as("%d pairs", n).isEqualTo(Verdict.INCONCLUSIVE);
            assertThat(tps.ratio()).isLessThan(0.81); // the estimate is still shown
            assertThat(tps.ciLow()).isNull();
            assertThat(tps.pValue()).isNull();
            assertThat(tps.pAdjusted()).isNull();
            assertThat(v.classic().outcome()).isEqualTo(ClassicOutcome.FAIL);
            assertThat(v.warnings()).anyMatch(w -> w.startsWith("too few pairs: " + n + " in the verdict"));
            assertThat(v.stopReason()).isEqualTo(StopReason.PLANNED_ONLY);
        }
    }

    @Test
    void theSameInputGivesTheSameOutputAndCellOrderDoesNotMatter() {
        CellSamples x = Synthetic.issueNoise(6).cell(new CellKey("OLTP_RW", 8), 0.97, 5);
        CellSamples y = Synthetic.issueNoise(7).cell(new CellKey("OLTP_RO", 8), 1.02, 5);
        assertThat(Statistics.evaluate(List.of(x, y), O)).isEqualTo(Statistics.evaluate(List.of(y, x), O));
        assertThat(Statistics.evaluate(List.of(x, y), O).cells()).extracting(c -> c.cell().workload())
                .containsExactly("OLTP_RO", "OLTP_RW");
    }

    @Test
    void theLoopTestsAtItsPerLookLevelWithItsConfidence() {
        StatsOptions o = O.toBuilder().firstLook(5).maxPairs(12).budget(java.time.Duration.ofMinutes(5)).build();
        RunStatistics s = Statistics.evaluate(List.of(Cells.regressedTenPercent("A", 1)), o,
                new AdaptiveProgress(java.time.Duration.ZERO, java.time.Duration.ofSeconds(30)));
        CellVerdict v = s.cells().get(0);
        assertThat(v.level()).isEqualTo(PairedLevel.perLook(0.05, 5, 12)).isLessThan(0.05);
        assertThat(v.metric(Metric.TPS).confidence()).isCloseTo(1 - PairedLevel.perLook(0.05, 5, 12), within(1e-12));
    }

    @Test
    void exitCodes() {
        assertThat(Statistics.evaluate(List.of(Cells.regressedTenPercent("A", 1)), O).exitCode())
                .isEqualTo(ExitCode.REGRESSION);
        assertThat(Statistics.evaluate(List.of(Cells.sameLevel("A", 1)), O).exitCode()).isEqualTo(ExitCode.PASS);
        assertThat(Statistics.evaluate(List.of(Cells.sameLevel("A", 1)), O).cells().get(0).verdict())
                .isEqualTo(Verdict.NO_CHANGE);
        assertThat(Statistics.evaluate(List.of(Cells.sameLevel("A", 1), Cells.cell("B", 1, new double[] {1, 2},
                new double[] {1, 2})), O).exitCode()).isEqualTo(ExitCode.INCONCLUSIVE);
        assertThat(Statistics.evaluate(List.of(), O).exitCode()).isEqualTo(ExitCode.PASS);
    }

    @Test
    void aCellTwiceIsABug() {
        assertThatThrownBy(() -> Statistics.evaluate(List.of(Cells.sameLevel("A", 1), Cells.sameLevel("A", 1)), O))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cell A x 1 threads appears twice in the run");
    }

    /** Parent 1000 TPS in every start, the patch spread 3% around 0.99: within 5%, not shown within 3%. */
    private static CellSamples smallSpread(String workload, int threads) {
        return Cells.cell(workload, threads, new double[] {1000, 1000, 1000, 1000, 1000, 1000},
                new double[] {950, 1030, 960, 1020, 990, 1000});
    }

    @Test
    void eachWorkloadAsksItsOwnQuestion() {
        StatsOptions o = O.toBuilder().questions(new Questions(Question.EQUIVALENCE,
                java.util.Map.of("OLTP_RW", Question.NON_INFERIORITY))).build();
        RunStatistics s = Statistics.evaluate(List.of(smallSpread("OLTP_RW", 2), smallSpread("POINT_SELECT", 2)), o);
        CellVerdict rw = s.cells().stream().filter(c -> c.cell().workload().equals("OLTP_RW")).findFirst()
                .orElseThrow();
        CellVerdict ps = s.cells().stream().filter(c -> c.cell().workload().equals("POINT_SELECT")).findFirst()
                .orElseThrow();
        assertThat(rw.question()).isEqualTo(Question.NON_INFERIORITY);
        assertThat(rw.verdict()).as(rw.reason()).isEqualTo(Verdict.NOT_WORSE);
        assertThat(rw.metric(Metric.TPS).change()).isEqualTo(Change.NOT_WORSE);
        assertThat(rw.reason()).contains("not worse by 5% or more").contains("not resolved here");
        assertThat(ps.question()).isEqualTo(Question.EQUIVALENCE);
        assertThat(ps.verdict()).as("the same pairs do not show +-3%: " + ps.reason()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(rw.verdict().exitCode()).isEqualTo(ExitCode.PASS);
    }

    @Test
    void benjaminiHochbergSpansTheNotWorseClaimsOfTheCellsThatMakeThem() {
        StatsOptions o = O.toBuilder().questions(new Questions(Question.NON_INFERIORITY, java.util.Map.of())).build();
        // Alone, the borderline cell passes at the one-sided 5%; beside a clear one its p is adjusted over two.
        CellSamples borderline = Cells.cell("OLTP_RW", 4, new double[] {1000, 1000, 1000, 1000, 1000, 1000},
                new double[] {940, 1035, 950, 1012, 978, 990});
        CellVerdict alone = Statistics.evaluate(List.of(borderline), o).cells().get(0);
        RunStatistics both = Statistics.evaluate(List.of(borderline, smallSpread("OLTP_RW", 2)), o);
        assertThat(alone.verdict()).as(alone.reason()).isEqualTo(Verdict.NOT_WORSE);
        assertThat(both.cells()).allSatisfy(c -> assertThat(c.verdict()).as(c.reason()).isEqualTo(Verdict.NOT_WORSE));
        CellSamples open = Cells.cell("OLTP_RW", 8, new double[] {1000, 1000, 1000, 1000, 1000, 1000},
                new double[] {900, 1060, 920, 1020, 950, 1000});
        RunStatistics three = Statistics.evaluate(List.of(borderline, open, smallSpread("OLTP_RW", 2)), o);
        assertThat(three.cells().stream().filter(c -> c.verdict() == Verdict.INCONCLUSIVE).count())
                .as("the open cell, and the borderline one once adjusted over three claims").isEqualTo(2);
    }

    private static CellVerdict only(CellSamples cell) {
        return Statistics.evaluate(List.of(cell), O).cells().get(0);
    }
}

package org.taf.runner.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The rule on given numbers, at the default thresholds (warning 3%, FDR 0.05). */
class VerdictRuleTest {
    private static final StatsOptions O = StatsOptions.defaults();

    /** A metric whose equivalence interval (90%) is its interval, so that the cases read on one interval. */
    private static MetricVerdict m(Metric metric, double ratio, Double lo, Double hi, Double p, boolean gates) {
        return new MetricVerdict(metric, 100, 100 * ratio, ratio, lo, hi, 0.95, p, p, 8, 0.02, Change.UNKNOWN, gates,
                lo == null ? null : new PairedTest.Interval(0.10, lo, hi));
    }

    private static Change tps(double ratio, Double lo, Double hi, Double p) {
        MetricVerdict v = m(Metric.TPS, ratio, lo, hi, p, true);
        return VerdictRule.change(v, p, O.fdr(), O);
    }

    @Test
    void worseNeedsTheIntervalOnTheWorseSideTheWarningThresholdAndSignificance() {
        assertThat(tps(0.95, 0.93, 0.97, 0.001)).isEqualTo(Change.WORSE);
        assertThat(tps(0.97, 0.95, 0.99, 0.001)).as("exactly -3%").isEqualTo(Change.WORSE);
        assertThat(tps(0.98, 0.97, 0.99, 0.001)).as("a 2% change is below the warning threshold")
                .isEqualTo(Change.SAME);
        assertThat(tps(0.98, 0.965, 0.995, 0.001)).as("significant, small, not shown within")
                .isEqualTo(Change.UNKNOWN);
        assertThat(tps(0.95, 0.90, 1.01, 0.001)).as("interval reaches 1").isEqualTo(Change.UNKNOWN);
        assertThat(tps(0.95, 0.93, 0.97, 0.05)).as("adjusted p not below the FDR").isEqualTo(Change.UNKNOWN);
        assertThat(tps(0.95, null, null, null)).as("no interval").isEqualTo(Change.UNKNOWN);
        assertThat(tps(1.06, 1.04, 1.08, 0.001)).isEqualTo(Change.BETTER);
    }

    @Test
    void forCpuPerTransactionHigherIsWorse() {
        MetricVerdict up = m(Metric.CPU_PER_TX, 1.08, 1.05, 1.11, 0.001, true);
        assertThat(VerdictRule.change(up, 0.001, 0.05, O)).isEqualTo(Change.WORSE);
        MetricVerdict down = m(Metric.CPU_PER_TX, 0.92, 0.90, 0.95, 0.001, true);
        assertThat(VerdictRule.change(down, 0.001, 0.05, O)).isEqualTo(Change.BETTER);
    }

    @Test
    void sameNeedsTheWholeEquivalenceIntervalWithinTheWarningThreshold() {
        assertThat(tps(1.0, 0.97, 1.03, 0.9)).isEqualTo(Change.SAME);
        assertThat(tps(1.0, 0.969, 1.01, 0.9)).isEqualTo(Change.UNKNOWN);
    }

    @Test
    void sameIsDecidedOnTheEquivalenceIntervalNotOnTheShownOne() {
        // The shown 95% interval reaches past -3%; the two one-sided tests' narrower one does not.
        MetricVerdict inside = new MetricVerdict(Metric.TPS, 100, 100, 1.0, 0.965, 1.035, 0.95, 0.9, 0.9, 8, 0.02,
                Change.UNKNOWN, true, new PairedTest.Interval(0.10, 0.975, 1.025));
        assertThat(VerdictRule.change(inside, 0.9, O.fdr(), O)).isEqualTo(Change.SAME);
        MetricVerdict outside = new MetricVerdict(Metric.TPS, 100, 100, 1.0, 0.98, 1.02, 0.95, 0.9, 0.9, 8, 0.02,
                Change.UNKNOWN, true, new PairedTest.Interval(0.10, 0.969, 1.02));
        assertThat(VerdictRule.change(outside, 0.9, O.fdr(), O)).isEqualTo(Change.UNKNOWN);
        MetricVerdict none = new MetricVerdict(Metric.TPS, 100, 100, 1.0, 0.99, 1.01, 0.95, 0.9, 0.9, 8, 0.02,
                Change.UNKNOWN, true, null);
        assertThat(VerdictRule.change(none, 0.9, O.fdr(), O)).isEqualTo(Change.UNKNOWN);
    }

    /** The verdict of a cell that asks equivalence: no non-inferiority test. */
    private static VerdictRule.Outcome decide(CellAnalyzer.Analysis a, List<MetricVerdict> judged, double level,
            StatsOptions o) {
        return VerdictRule.decide(a, judged, level, o, new VerdictRule.NotWorse(null, o.nonInferiorityLevel(false)));
    }

    private static CellAnalyzer.Analysis analysis() {
        return new CellAnalyzer.Analysis(Simulation.CELL, null, null, List.of(), null, 8, null, null, List.of(),
                List.of(), List.of(), ExclusionRule.DEFAULT, Question.EQUIVALENCE, java.util.Map.of());
    }

    private static MetricVerdict judged(MetricVerdict v) {
        return v.judged(v.pAdjusted(), VerdictRule.change(v, v.pAdjusted(), O.fdr(), O));
    }

    @Test
    void theCellFollowsItsGatingMetrics() {
        MetricVerdict tpsSame = judged(m(Metric.TPS, 1.0, 0.98, 1.02, 0.9, true));
        MetricVerdict cpuWorse = judged(m(Metric.CPU_PER_TX, 1.10, 1.06, 1.14, 0.001, true));
        MetricVerdict cpuWorseNotGating = judged(m(Metric.CPU_PER_TX, 1.10, 1.06, 1.14, 0.001, false));
        MetricVerdict cpuSame = judged(m(Metric.CPU_PER_TX, 1.0, 0.99, 1.01, 0.9, true));
        MetricVerdict tpsUnknown = judged(m(Metric.TPS, 0.99, 0.93, 1.05, 0.6, true));
        assertThat(decide(analysis(), List.of(tpsSame, cpuWorse), 0.05, O).verdict())
                .isEqualTo(Verdict.REGRESSED);
        assertThat(decide(analysis(), List.of(tpsSame, cpuWorseNotGating), 0.05, O).verdict())
                .isEqualTo(Verdict.NO_CHANGE);
        assertThat(decide(analysis(), List.of(tpsSame, cpuSame), 0.05, O).verdict())
                .isEqualTo(Verdict.NO_CHANGE);
        assertThat(decide(analysis(), List.of(tpsUnknown, cpuSame), 0.05, O).verdict())
                .isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(decide(analysis(), List.of(cpuWorseNotGating), 0.05, O).verdict())
                .as("no gating metric").isEqualTo(Verdict.INCONCLUSIVE);
    }

    @Test
    void reasonsSayWhy() {
        MetricVerdict worse = judged(m(Metric.TPS, 0.95, 0.93, 0.97, 0.001, true));
        assertThat(decide(analysis(), List.of(worse), 0.05, O).reason()).isEqualTo("tps 0.9500 [0.9300,"
                + " 0.9700] (95% interval, 8 pairs) lies below 1, -5.00% is at least the warning threshold 3%, and"
                + " BH-adjusted p 0.00100 < FDR 0.05");
        MetricVerdict same = judged(m(Metric.TPS, 1.0, 0.98, 1.02, 0.9, true));
        assertThat(decide(analysis(), List.of(same), 0.05, O).reason()).isEqualTo("tps 1.0000,"
                + " equivalence interval [0.9800, 1.0200] (90%), 8 pairs: within +-3% by two one-sided tests,"
                + " no change");
        MetricVerdict small = judged(m(Metric.TPS, 0.98, 0.965, 0.995, 0.001, true));
        assertThat(decide(analysis(), List.of(small), 0.05, O).reason()).isEqualTo("tps 0.9800 [0.9650,"
                + " 0.9950] (95% interval, 8 pairs): a change of about -2.00%, smaller than the warning threshold 3%"
                + " but not yet shown to lie within it [0.9650, 0.9950] (90%)");
        MetricVerdict raw = m(Metric.TPS, 0.95, 0.93, 0.97, 0.02, true);
        MetricVerdict notSignificant = raw.judged(0.02, VerdictRule.change(raw, 0.02, 0.0124, O));
        assertThat(decide(analysis(), List.of(notSignificant), 0.0124, O).reason())
                .endsWith("but BH-adjusted p 0.0200 is not below the per-look level 0.0124 (FDR 0.05 over looks from"
                        + " 3 to 20 pairs)");
        MetricVerdict wide = judged(m(Metric.TPS, 0.99, 0.90, 1.08, 0.5, true));
        assertThat(decide(analysis(), List.of(wide), 0.05, O).reason()).isEqualTo("tps 0.9900 [0.9000,"
                + " 1.0800] (95% interval, 8 pairs) cannot decide: no change needs its equivalence interval [0.9000,"
                + " 1.0800] (90%) within +-3%, a change needs it to exclude 1 (estimate -1.00%)");
    }

    @Test
    void aFailedSideDecidesTheCell() {
        CellAnalyzer.Analysis a = new CellAnalyzer.Analysis(Simulation.CELL, Verdict.NEWLY_FAILING, "patch failed",
                List.of(), null, 3, null, null, List.of(), List.of(), List.of(), ExclusionRule.DEFAULT,
                        Question.EQUIVALENCE, java.util.Map.of());
        VerdictRule.Outcome out = decide(a, List.of(), 0.05, O);
        assertThat(out.verdict()).isEqualTo(Verdict.NEWLY_FAILING);
        assertThat(out.reason()).isEqualTo("patch failed");
    }

    /** The metric asking non-inferiority. */
    private static MetricVerdict ni(MetricVerdict v) {
        return new MetricVerdict(v.metric(), v.parent(), v.patch(), v.ratio(), v.ciLow(), v.ciHigh(), v.confidence(),
                v.pValue(), v.pAdjusted(), v.pairs(), v.sdLog(), v.change(), v.gates(), v.equivalence(),
                Question.NON_INFERIORITY);
    }

    /** A metric asking non-inferiority whose cell passed its one-sided test: NOT_WORSE unless decided already. */
    private static MetricVerdict notWorse(MetricVerdict v) {
        MetricVerdict j = judged(ni(v));
        return j.change() == Change.UNKNOWN && j.gates() ? j.judged(j.pAdjusted(), Change.NOT_WORSE) : j;
    }

    /** Verdict of a cell asking non-inferiority, for each outcome the rule knows (a table: metrics -> verdict). */
    @Test
    void aNonInferiorityCellPassesAsNotWorseAndKeepsTheOtherVerdictsMeanings() {
        VerdictRule.NotWorse passed = new VerdictRule.NotWorse(0.003, 0.025);
        VerdictRule.NotWorse failed = new VerdictRule.NotWorse(0.2, 0.025);
        MetricVerdict tpsWide = m(Metric.TPS, 0.99, 0.955, 1.03, 0.6, true);   // within 5%, not within 3%
        MetricVerdict cpuWide = m(Metric.CPU_PER_TX, 1.01, 0.98, 1.04, 0.6, true);
        MetricVerdict tpsWorse = m(Metric.TPS, 0.95, 0.93, 0.97, 0.001, true);
        MetricVerdict tpsBetter = m(Metric.TPS, 1.06, 1.04, 1.08, 0.001, true);
        MetricVerdict tpsSame = m(Metric.TPS, 1.0, 0.98, 1.02, 0.9, true);
        MetricVerdict cpuSame = m(Metric.CPU_PER_TX, 1.0, 0.99, 1.01, 0.9, true);
        record Row(List<MetricVerdict> metrics, VerdictRule.NotWorse test, Verdict expected) {}
        for (Row r : List.of(
                new Row(List.of(notWorse(tpsWide), notWorse(cpuWide)), passed, Verdict.NOT_WORSE),
                new Row(List.of(notWorse(tpsWide), notWorse(cpuSame)), passed, Verdict.NOT_WORSE),
                new Row(List.of(judged(ni(tpsWide)), judged(ni(cpuWide))), failed, Verdict.INCONCLUSIVE),
                new Row(List.of(judged(ni(tpsSame)), judged(ni(cpuSame))), passed, Verdict.NO_CHANGE),
                new Row(List.of(judged(ni(tpsWorse)), notWorse(cpuWide)), passed, Verdict.REGRESSED),
                new Row(List.of(judged(ni(tpsBetter)), notWorse(cpuWide)), passed, Verdict.IMPROVED),
                new Row(List.of(notWorse(tpsWide), notWorse(cpuWide)), new VerdictRule.NotWorse(null, 0.025),
                        Verdict.INCONCLUSIVE),
                // the gate's POINT_SELECT: TPS asks equivalence and must be SAME, CPU per transaction not worse
                new Row(List.of(judged(tpsSame), notWorse(cpuWide)), passed, Verdict.NOT_WORSE),
                new Row(List.of(judged(tpsWide), notWorse(cpuWide)), passed, Verdict.INCONCLUSIVE),
                new Row(List.of(judged(tpsSame), judged(ni(cpuWide))), failed, Verdict.INCONCLUSIVE))) {
            assertThat(VerdictRule.decide(analysis(), r.metrics(), 0.05, O, r.test()).verdict()).as(r.toString())
                    .isEqualTo(r.expected());
        }
    }

    @Test
    void notWorseSaysWhatItShowedAndWhatItLeftOpen() {
        MetricVerdict tps = notWorse(m(Metric.TPS, 0.99, 0.955, 1.03, 0.6, true));
        MetricVerdict cpu = notWorse(m(Metric.CPU_PER_TX, 1.01, 0.98, 1.04, 0.6, true));
        VerdictRule.NotWorse passed = new VerdictRule.NotWorse(0.003, 0.025);
        assertThat(VerdictRule.decide(analysis(), List.of(tps, cpu), 0.05, O, passed)
                .reason()).isEqualTo("tps 0.9900, one-sided bound 0.9550 (95%), 8 pairs, cpu_per_tx 1.0100, one-sided"
                + " bound 1.0400 (95%), 8 pairs: not worse by 5% or more (one-sided, BH-adjusted p 0.00300 < 0.0250);"
                + " changes smaller than 5% are not resolved here");
        MetricVerdict open = judged(ni(m(Metric.TPS, 0.97, 0.92, 1.02, 0.3, true)));
        assertThat(VerdictRule.decide(analysis(), List.of(open), 0.05, O, new VerdictRule.NotWorse(0.2, 0.025))
                .reason()).isEqualTo("tps 0.9700, one-sided bound 0.9200 (95%), 8 pairs: not shown not worse by 5% or"
                + " more (the bound must lie above 0.9500; estimate -3.00%)");
        MetricVerdict same = judged(m(Metric.TPS, 1.0, 0.98, 1.02, 0.9, true));
        assertThat(VerdictRule.decide(analysis(), List.of(same, cpu), 0.05, O, passed).reason()).isEqualTo("tps"
                + " 1.0000, equivalence interval [0.9800, 1.0200] (90%), 8 pairs: within +-3% by two one-sided tests;"
                + " cpu_per_tx 1.0100, one-sided bound 1.0400 (95%), 8 pairs: not worse by 5% or more (one-sided,"
                + " BH-adjusted p 0.00300 < 0.0250); changes of cpu_per_tx smaller than 5% are not resolved here");
        // Its own bound clears 5%, but the cells' claims together are not shown (Benjamini-Hochberg over them).
        MetricVerdict alone = judged(ni(m(Metric.CPU_PER_TX, 1.01, 0.98, 1.04, 0.6, true)));
        assertThat(VerdictRule.decide(analysis(), List.of(same, alone), 0.05, O, new VerdictRule.NotWorse(0.04,
                0.025)).reason()).isEqualTo("cpu_per_tx 1.0100, one-sided bound 1.0400 (95%), 8 pairs: not worse by"
                + " 5% or more alone, but not over the cells: BH-adjusted p 0.0400 is not below 0.0250");
    }
}

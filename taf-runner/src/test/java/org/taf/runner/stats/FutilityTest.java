package org.taf.runner.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A cell is stopped as too noisy only when no answer is within the pairs its budget reaches. */
class FutilityTest {
    private static final StatsOptions O = Simulation.options().toBuilder().firstLook(5).maxPairs(20)
            .budget(Duration.ofMinutes(10)).build();

    /** The cell after {@code pairs} pairs whose log-ratios are exactly {@code logs}. */
    private static CellVerdict look(double[] logs, StatsOptions o) {
        List<IterationSample> parent = new java.util.ArrayList<>();
        List<IterationSample> patch = new java.util.ArrayList<>();
        for (int i = 0; i < logs.length; i++) {
            parent.add(IterationSample.of(i, 1000, 1000, 1000));
            double t = 1000 * Math.exp(logs[i]);
            patch.add(IterationSample.of(i, t, t, t));
        }
        return Statistics.evaluate(List.of(new CellSamples(Simulation.CELL, parent, patch,
                java.util.List.of(), java.util.List.of(), java.util.Set.of(), false)), o,
                new AdaptiveProgress(java.time.Duration.ZERO, Duration.ofSeconds(30))).cells().get(0);
    }

    @Test
    void aQuietCellIsNotFutile() {
        CellVerdict v = look(new double[] {0.01, -0.02, 0.015, -0.01, 0.02}, O);
        assertThat(Futility.of(v, 20, O, true).futile()).isFalse();
    }

    @Test
    void aCellSpreadingTwentyPercentCannotShowNoChangeWithinThreePercentIn20Pairs() {
        CellVerdict v = look(new double[] {0.20, -0.25, 0.15, -0.10, 0.05}, O);
        Futility.Reach r = Futility.of(v, 20, O, true);
        assertThat(r.futile()).isTrue();
        assertThat(r.metric()).isEqualTo(Metric.TPS);
        assertThat(r.needsPct()).isEqualTo(3.0);
        assertThat(r.pairs()).isEqualTo(20);
        // SD 17.5%, its 90% lower bound about 12.6%; the equivalence interval at 20 pairs reaches about +-9%.
        assertThat(r.couldSeePct()).isBetween(6.0, 12.0);
        assertThat(r.sentence()).startsWith("the host is too noisy now: this run could see ±")
                .endsWith("(tps, 20 pairs), the question needs ±3%");
    }

    @Test
    void moreReachablePairsCanMakeTheSameCellAnswerable() {
        // Pairs spreading 9%: +-3% is out of reach in 20 pairs, within reach in 200.
        double[] logs = {0.10, -0.10, 0.08, -0.08, 0.0};
        assertThat(Futility.of(look(logs, O), 20, O, true).futile()).as("20 pairs").isTrue();
        StatsOptions many = O.toBuilder().firstLook(5).maxPairs(200).budget(Duration.ofHours(10)).build();
        assertThat(Futility.of(look(logs, many), 200, many, true).futile()).as("200 pairs").isFalse();
    }

    @Test
    void aChangeLargeEnoughToShowThroughTheNoiseKeepsTheCellMeasuring() {
        // A 40% drop measured with a 15% spread: it will be called, so the run goes on.
        CellVerdict v = look(new double[] {-0.6, -0.3, -0.55, -0.35, -0.45}, O);
        assertThat(v.verdict()).isIn(Verdict.INCONCLUSIVE, Verdict.REGRESSED);
        assertThat(Futility.of(v, 20, O, true).futile()).isFalse();
    }

    @Test
    void nonInferiorityNeedsOnlyTheFailThresholdOnOneSide() {
        double[] logs = {0.10, -0.10, 0.08, -0.08, 0.0};
        StatsOptions ni = O.toBuilder().questions(new Questions(Question.NON_INFERIORITY, java.util.Map.of())).build();
        assertThat(Futility.of(look(logs, O), 20, O, true).futile()).as("equivalence within 3%").isTrue();
        assertThat(Futility.of(look(logs, ni), 20, ni, true).futile()).as("not worse by 5%").isFalse();
    }

    @Test
    void tooFewPairsAreNeverFutile() {
        StatsOptions three = O.toBuilder().firstLook(3).maxPairs(20).budget(Duration.ofMinutes(10)).build();
        assertThat(Futility.of(look(new double[] {0.3, -0.3, 0.2}, three), 20, three, true).futile()).isFalse();
    }

    @Test
    void theLoopStopsAFutileCellAndSaysWhyInItsVerdict() {
        CellVerdict v = look(new double[] {0.20, -0.25, 0.15, -0.10, 0.05}, O);
        assertThat(v.stopReason()).isEqualTo(StopReason.TOO_NOISY);
        assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(v.reason()).startsWith("the host is too noisy now: this run could see ±");
        StatsOptions off = O.toBuilder().futility(false).build();
        CellVerdict measuring = look(new double[] {0.20, -0.25, 0.15, -0.10, 0.05}, off);
        assertThat(measuring.stopReason()).isEqualTo(StopReason.PENDING);
        assertThat(measuring.reason()).doesNotContain("too noisy");
    }
}

package org.taf.runner.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** CPU time per transaction: the division, the interval and test on seeded synthetic iterations, the notes. */
class CpuPerTransactionTest {
    private static final CellKey CELL = new CellKey("POINT_SELECT", 2);
    private static final StatsOptions O = StatsOptions.defaults();

    /** {@code n} iterations lognormal around {@code us} with a CV of {@code cv}; seeded. */
    private static double[] iterations(SplittableRandom rng, int n, double us, double cv) {
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            double z = Math.sqrt(-2 * Math.log(1 - rng.nextDouble())) * Math.cos(2 * Math.PI * rng.nextDouble());
            out[i] = us * Math.exp(cv * z);
        }
        return out;
    }

    @Test
    void microsecondsPerTransaction() {
        assertThat(CpuPerTransaction.microsPerTransaction(15.0, 180_000)).isCloseTo(83.333, within(0.001));
        assertThat(CpuPerTransaction.microsPerTransaction(0, 10)).isZero();
        assertThatThrownBy(() -> CpuPerTransaction.microsPerTransaction(1.0, 0))
                .hasMessage("transactions (0) must be positive to divide CPU time by them");
        assertThatThrownBy(() -> CpuPerTransaction.microsPerTransaction(Double.NaN, 10))
                .hasMessage("engine CPU seconds (NaN) must be finite and >= 0");
    }

    @Test
    void aFivePercentCostIsSeenAsHigherWithAnIntervalAboveOne() {
        SplittableRandom rng = new SplittableRandom(11);
        double[] parent = iterations(rng, 6, 80, 0.01);
        double[] patch = iterations(rng, 6, 84, 0.01);
        CpuComparison c = CpuPerTransaction.compare(CELL, parent, patch, O);
        assertThat(c.ratio()).isCloseTo(1.05, within(0.015));
        assertThat(c.ciLow()).isGreaterThan(1.0);
        assertThat(c.ciHigh()).isGreaterThan(c.ratio());
        assertThat(c.pValue()).isLessThan(0.01);
        assertThat(c.pMethod()).contains("exact");
        assertThat(c.change()).isEqualTo(CpuChange.HIGHER);
        assertThat(c.parentIterations()).isEqualTo(6);
        assertThat(c).as("same seed and input, same interval").isEqualTo(CpuPerTransaction.compare(CELL, parent, patch, O));
    }

    @Test
    void identicalSidesAreTheSame() {
        SplittableRandom rng = new SplittableRandom(12);
        CpuComparison c = CpuPerTransaction.compare(CELL, iterations(rng, 6, 80, 0.005), iterations(rng, 6, 80, 0.005), O);
        assertThat(c.change()).isEqualTo(CpuChange.SAME);
        assertThat(c.ciLow()).isLessThan(1.0);
        assertThat(c.ciHigh()).isGreaterThan(1.0);
    }

    @Test
    void aaComparisonsRarelyExcludeOne() {
        // 200 seeded A/A comparisons of 5 iterations at 2% noise: the 95% interval excludes 1 in about 5%.
        SplittableRandom rng = new SplittableRandom(13);
        int excluded = 0;
        for (int i = 0; i < 200; i++) {
            CpuComparison c = CpuPerTransaction.compare(CELL, iterations(rng, 5, 80, 0.02), iterations(rng, 5, 80, 0.02),
                    O.withResamples(400));
            if (c.ciLow() > 1 || c.ciHigh() < 1) {
                excluded++;
            }
        }
        System.out.println("CPU/tx A/A: 95% interval excluded 1 in " + excluded + " of 200 comparisons");
        assertThat(excluded).isLessThanOrEqualTo(20);
    }

    @Test
    void twoIterationsGiveNoIntervalAndNoJudgement() {
        CpuComparison c = CpuPerTransaction.compare(CELL, new double[] {80, 81}, new double[] {90, 91}, O);
        assertThat(c.ciLow()).isNull();
        assertThat(c.pValue()).isNull();
        assertThat(c.pMethod()).startsWith("none: too few iterations");
        assertThat(c.change()).isEqualTo(CpuChange.UNKNOWN);
        assertThat(c.disagreement(Verdict.SAME, O)).isNull();
    }

    @Test
    void badInputNamesTheCellAndSide() {
        assertThatThrownBy(() -> CpuPerTransaction.compare(CELL, new double[0], new double[] {1}, O))
                .hasMessageContaining("POINT_SELECT").hasMessageContaining("parent has no iteration with a CPU reading");
        assertThatThrownBy(() -> CpuPerTransaction.compare(CELL, new double[] {1, 2}, new double[] {1, 0}, O))
                .hasMessageContaining("patch iteration 1: CPU per transaction (0.0 us) must be finite and > 0");
    }

    @Test
    void disagreementsWithTheTpsVerdictAreSpelledOut() {
        CpuComparison higher = new CpuComparison(80, 84, 1.05, 1.03, 1.07, 0.002, "exact", CpuChange.HIGHER, 6, 6);
        CpuComparison same = new CpuComparison(80, 80.4, 1.005, 0.99, 1.02, 0.6, "exact", CpuChange.SAME, 6, 6);
        CpuComparison lower = new CpuComparison(80, 72, 0.90, 0.88, 0.92, 0.002, "exact", CpuChange.LOWER, 6, 6);
        assertThat(higher.disagreement(Verdict.SAME, O)).isEqualTo("CPU per transaction 80.0 -> 84.0 us (+5.0%, 95%"
                + " interval [1.030, 1.070]) is higher while the TPS verdict is no change: the engine does more work per"
                + " transaction that TPS does not show (CPU may not be the bottleneck here)");
        assertThat(higher.disagreement(Verdict.UNKNOWN, O)).contains("could not yet confirm");
        assertThat(same.disagreement(Verdict.REGRESSED, O)).startsWith("TPS regressed but CPU per transaction 80.0 ->"
                + " 80.4 us").contains("unchanged within +-3%").contains("waits");
        assertThat(lower.disagreement(Verdict.REGRESSED, O)).contains("moved the other way");
        assertThat(higher.disagreement(Verdict.REGRESSED, O)).as("agree").isNull();
        assertThat(lower.disagreement(Verdict.IMPROVED, O)).as("agree").isNull();
        assertThat(same.disagreement(Verdict.SAME, O)).as("agree").isNull();
        assertThat(higher.disagreement(Verdict.FAILED, O)).isNull();
    }
}

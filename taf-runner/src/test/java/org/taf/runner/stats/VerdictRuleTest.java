package org.taf.runner.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The three-way rule on given numbers, at the default thresholds (warn 3, fail 5, gain 5 %, FDR 0.05). */
class VerdictRuleTest {
    private static final StatsOptions O = StatsOptions.defaults();

    @Test
    void regressedNeedsIntervalBelowOneEstimatePastFailAndSignificance() {
        assertThat(decide(0.93, 0.90, 0.96, 0.01)).isEqualTo(Verdict.REGRESSED);
        assertThat(decide(0.95, 0.90, 0.99, 0.01)).as("exactly -5%").isEqualTo(Verdict.REGRESSED);
        assertThat(decide(0.96, 0.90, 0.99, 0.01)).as("estimate short of -5%").isEqualTo(Verdict.UNKNOWN);
        assertThat(decide(0.93, 0.85, 1.01, 0.01)).as("interval reaches 1").isEqualTo(Verdict.UNKNOWN);
        assertThat(decide(0.93, 0.90, 0.96, 0.05)).as("adjusted p not below the FDR").isEqualTo(Verdict.UNKNOWN);
        assertThat(decide(0.93, 0.90, 0.96, null)).as("no p").isEqualTo(Verdict.UNKNOWN);
    }

    @Test
    void improvedMirrorsIt() {
        assertThat(decide(1.08, 1.03, 1.12, 0.01)).isEqualTo(Verdict.IMPROVED);
        assertThat(decide(1.04, 1.01, 1.08, 0.01)).isEqualTo(Verdict.UNKNOWN);
    }

    @Test
    void sameNeedsTheWholeIntervalWithinTheWarningThreshold() {
        assertThat(decide(1.0, 0.97, 1.03, 0.9)).isEqualTo(Verdict.SAME);
        assertThat(decide(1.0, 0.969, 1.01, 0.9)).isEqualTo(Verdict.UNKNOWN);
        // Significant but tiny: still the same (a 1% change is no change at these thresholds).
        assertThat(decide(0.99, 0.985, 0.995, 0.001)).isEqualTo(Verdict.SAME);
    }

    @Test
    void reasonsSayWhy() {
        assertThat(outcome(0.93, 0.90, 0.96, 0.01).reason()).isEqualTo("95% interval [0.9000, 0.9600] lies below 1,"
                + " the change -7.00% is beyond the fail threshold -5%, and BH-adjusted p 0.0100 < FDR 0.05");
        assertThat(outcome(0.96, 0.955, 0.965, 0.01).reason()).isEqualTo("95% interval [0.9550, 0.9650] lies between"
                + " the warning and the fail threshold: a change of about -4.00%, too small to call");
        assertThat(outcome(1.0, 0.98, 1.02, 0.9).reason()).isEqualTo("95% interval [0.9800, 1.0200] lies within +-3%:"
                + " no change");
        assertThat(outcome(0.93, 0.90, 0.96, 0.2).reason()).isEqualTo("95% interval [0.9000, 0.9600] lies below 1 and"
                + " the change -7.00% is beyond the threshold, but BH-adjusted p 0.200 is not below FDR 0.05");
        assertThat(outcome(0.99, 0.90, 1.08, 0.5).reason()).isEqualTo("95% interval [0.9000, 1.0800] cannot decide: no"
                + " change needs it within +-3%, a change needs it beyond 1 with the estimate past -5% / +5% (estimate"
                + " -1.00%)");
        assertThat(VerdictRule.decide(analysis(0.99, 0.98, 1.0), 0.01, 0.0136, O).reason()).isEqualTo("95% interval"
                + " [0.9800, 1.0000] lies within +-3%: no change");
        assertThat(VerdictRule.decide(analysis(0.93, 0.9, 0.96), 0.02, 0.0136, O).reason()).endsWith("but BH-adjusted"
                + " p 0.0200 is not below the per-look level 0.0136 (FDR 0.05 over up to 20 pairs)");
    }

    @Test
    void betweenThresholds() {
        assertThat(VerdictRule.betweenThresholds(0.955, 0.965, O)).isTrue();
        assertThat(VerdictRule.betweenThresholds(1.035, 1.045, O)).isTrue();
        assertThat(VerdictRule.betweenThresholds(0.945, 0.965, O)).as("may still be a regression").isFalse();
        assertThat(VerdictRule.betweenThresholds(0.955, 0.975, O)).as("may still be the same").isFalse();
    }

    @Test
    void withoutAnIntervalItIsUnknownForTooFewIterations() {
        CellAnalysis a = new CellAnalysis(Simulation.CELL, List.of(), List.of(), null, null, null, 100.0, 90.0, 0.9, null,
                null, new RankTest.Result(null, "none"), null, 2, null, List.of(), List.of(), 2, 2);
        VerdictRule.Outcome out = VerdictRule.decide(a, null, 0.05, O);
        assertThat(out.verdict()).isEqualTo(Verdict.UNKNOWN);
        assertThat(out.reason()).isEqualTo("too few iterations: 2 parent and 2 patch in the verdict, at least 3 per side"
                + " are needed");
    }

    private static Verdict decide(double ratio, double lo, double hi, Double p) {
        return outcome(ratio, lo, hi, p).verdict();
    }

    private static VerdictRule.Outcome outcome(double ratio, double lo, double hi, Double p) {
        return VerdictRule.decide(analysis(ratio, lo, hi), p, O.fdr(), O);
    }

    private static CellAnalysis analysis(double ratio, double lo, double hi) {
        return new CellAnalysis(Simulation.CELL, List.of(), List.of(), null, null, null, 100.0, 100 * ratio, ratio, lo, hi,
                new RankTest.Result(0.5, "test"), null, 5, null, List.of(), List.of(), 5, 5);
    }
}

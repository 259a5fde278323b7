package org.taf.runner.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * NOT_WORSE, the non-inferiority question, seeded: a patch truly worse by exactly the fail threshold must pass
 * (NOT_WORSE) at most as often as the one-sided level a = 1 - confidence allows, over all the adaptive loop's
 * looks; an unchanged commit on a cell as noisy as the gate's OLTP_RW here must pass within the gate's pairs
 * far more often than it is called NO_CHANGE. Rates measured with these seeds are in the comments and printed.
 */
class NonInferioritySimulationTest {
    private static final int RUNS = 400;
    /** Three Monte Carlo standard errors of a rate of 5% over {@link #RUNS} runs. */
    private static final double SLACK = 3 * Math.sqrt(0.05 * 0.95 / RUNS);

    private static StatsOptions asking(Question q) {
        return Simulation.options().toBuilder().firstLook(5).maxPairs(20).budget(Duration.ofHours(1))
                .questions(new Questions(q, Map.of())).build();
    }

    /** The main job's cells on 2026-12-03: pairs spreading 2.9%. */
    private static Synthetic quiet(long seed) {
        return new Synthetic(seed, 0.02, 0.01, 0.5, 10);
    }

    /** The gate's OLTP_RW cell on this VM: pairs spreading about 7% (5% between starts on each side). */
    private static Synthetic oltpRw(long seed) {
        return new Synthetic(seed, 0.05, 0.02, 0.5, 10);
    }

    /**
     * A true slowdown of exactly 5%, the whole adaptive procedure (5 planned pairs, a look after each up to 20):
     * NOT_WORSE at most 5% plus three SEs, at both noise levels. Measured: 0.5% (2.9% pairs; the rest
     * REGRESSED), 5.5% (7% pairs: 71% REGRESSED, 24% INCONCLUSIVE), within the Monte Carlo error of 5%.
     */
    @Test
    void aSlowdownOfExactlyTheFailThresholdRarelyPasses() {
        StatsOptions o = asking(Question.NON_INFERIORITY);
        for (Synthetic syn : List.of(quiet(3401), oltpRw(3402))) {
            Simulation.Counts c = Simulation.adaptive(syn, 0.95, 5, RUNS, o);
            System.out.println("non-inferiority, true ratio 0.95, adaptive 5..20: " + c);
            assertThat(c.rate(Verdict.NOT_WORSE)).as(c.toString()).isLessThanOrEqualTo(0.05 + SLACK);
            assertThat(c.rate(Verdict.NO_CHANGE)).as(c.toString()).isZero();
        }
    }

    /**
     * Stricter than the procedure, which stops at its first decided look: over a fixed sequence of 20 pairs, did
     * ANY look from 5 to 20 pairs say NOT_WORSE? The alpha spent per look keeps that at the level too.
     * Measured: 2.5% at 2.9% pairs, 3.75% at 7%.
     */
    @Test
    void noLookOfTheLoopPassesASlowdownOfTheFailThresholdMoreOftenThanTheLevel() {
        StatsOptions o = asking(Question.NON_INFERIORITY);
        for (Synthetic syn : List.of(quiet(3403), oltpRw(3404))) {
            int passed = 0;
            for (int r = 0; r < RUNS; r++) {
                CellSamples cell = syn.cell(Simulation.CELL, 0.95, 5);
                AdaptiveProgress progress = new AdaptiveProgress(java.time.Duration.ZERO, Duration.ofSeconds(1));
                boolean any = false;
                for (int n = 5; n <= 20 && !any; n++) {
                    if (n > 5) {
                        cell = syn.addPair(cell, 0.95);
                    }
                    CellVerdict v = Statistics.evaluate(List.of(cell), o.toBuilder().seed(r).build(), progress).cells()
                            .get(0);
                    any = v.verdict() == Verdict.NOT_WORSE;
                }
                passed += any ? 1 : 0;
            }
            double rate = (double) passed / RUNS;
            System.out.printf("non-inferiority, true ratio 0.95, any look of 5..20 passed: %d/%d%n", passed, RUNS);
            assertThat(rate).isLessThanOrEqualTo(0.05 + SLACK);
        }
    }

    /**
     * The same with fixed pairs and no loop: the plain one-sided level, 5%. Measured: 6.25% at 8 pairs (25 of 400,
     * 1.1 SEs above 5%).
     */
    @Test
    void withoutTheLoopTheLevelIsTheOneSidedFivePercent() {
        Simulation.Counts c = Simulation.fixedPairs(oltpRw(3405), 0.95, 8, RUNS, asking(Question.NON_INFERIORITY));
        System.out.println("non-inferiority, true ratio 0.95, 8 fixed pairs: " + c);
        assertThat(c.rate(Verdict.NOT_WORSE)).as(c.toString()).isLessThanOrEqualTo(0.05 + SLACK);
    }

    /**
     * An unchanged commit on the OLTP_RW cell's noise, within the gate's 20 pairs: non-inferiority answers most
     * runs (measured 80.5%, 11.8 pairs on average), equivalence at +-3% hardly any (1.75%; the futility stop ends
     * most of its hopeless runs early, 11.7 pairs on average, where they ran to 19.4 before it), and false
     * regressions stay within the FDR (2.25%).
     */
    @Test
    void anUnchangedCommitPassesAsNotWorseWhereNoChangeIsOutOfReach() {
        Simulation.Counts ni = Simulation.adaptive(oltpRw(3406), 1.0, 5, RUNS, asking(Question.NON_INFERIORITY));
        Simulation.Counts eq = Simulation.adaptive(oltpRw(3406), 1.0, 5, RUNS, asking(Question.EQUIVALENCE));
        System.out.println("A/A, 7% pairs, non-inferiority: " + ni);
        System.out.println("A/A, 7% pairs, equivalence:     " + eq);
        assertThat(ni.rate(Verdict.NOT_WORSE)).as(ni.toString()).isGreaterThan(0.6);
        assertThat(ni.rate(Verdict.NOT_WORSE)).isGreaterThan(eq.rate(Verdict.NO_CHANGE) + 0.4);
        assertThat(ni.rate(Verdict.REGRESSED)).as(ni.toString()).isLessThanOrEqualTo(0.05);
    }
}

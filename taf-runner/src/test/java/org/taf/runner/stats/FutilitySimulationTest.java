package org.taf.runner.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Seeded simulations of the two rules a run follows on a noisy host: the futility stop ({@link Futility}) and pairs
 * measured in a noisy spell, flagged NOISY_SPELL and left out ({@link ExclusionRule#DEFAULT}). Neither may raise the
 * false-alarm rate of A/A comparisons; the futility stop must cut a hopeless run short, and on a quiet host change
 * nothing. Each pair is one minute of a 15-minute budget, 5 planned pairs, at most 20 (the main job's loop).
 */
class FutilitySimulationTest {
    private static final StatsOptions ON = Simulation.options().toBuilder().firstLook(5).maxPairs(20)
            .budget(Duration.ofMinutes(15)).build();
    private static final StatsOptions OFF = ON.toBuilder().futility(false).build();
    private static final Duration MINUTE = Duration.ofMinutes(1);

    /** Outcomes of many adaptive comparisons. */
    record Outcome(int runs, Map<Verdict, Integer> verdicts, double meanPairs) {
        double rate(Verdict v) {
            return verdicts.getOrDefault(v, 0) / (double) runs;
        }

        double falseAlarms() {
            return rate(Verdict.REGRESSED) + rate(Verdict.IMPROVED);
        }
    }

    /**
     * {@code runs} adaptive comparisons of true ratio {@code ratio}: each pair's log-ratio spreads {@code quietSd},
     * or {@code spellSd} with probability {@code spell} (flagged NOISY_SPELL when {@code flag}).
     */
    static Outcome simulate(long seed, double ratio, double quietSd, double spellSd, double spell, boolean flag,
                            int runs, StatsOptions o) {
        return simulate(seed, ratio, quietSd, spellSd, spell, flag, false, runs, o);
    }

    /**
     * As above; with {@code clustered}, a spell's pair does not spread normally: its log-ratio is -0.3, 0 or +0.3
     * (a third each, plus 1% of normal noise), as when a spell's phases fall alike on a pair's two windows.
     */
    static Outcome simulate(long seed, double ratio, double quietSd, double spellSd, double spell, boolean flag,
                            boolean clustered, int runs, StatsOptions o) {
        Map<Verdict, Integer> verdicts = new EnumMap<>(Verdict.class);
        long pairs = 0;
        for (int r = 0; r < runs; r++) {
            // One stream per run: with the stop on and off, a run's pairs are the same as far as both go.
            SplittableRandom rng = new SplittableRandom(seed * 100_003 + r);
            List<IterationSample> parent = new ArrayList<>();
            List<IterationSample> patch = new ArrayList<>();
            AdaptiveProgress progress = new AdaptiveProgress(java.time.Duration.ZERO, MINUTE);
            RunStatistics s = null;
            while (s == null || s.next().addPair()) {
                int add = s == null ? 5 : 1;
                for (int k = 0; k < add; k++) {
                    boolean inSpell = rng.nextDouble() < spell;
                    double sd = inSpell ? spellSd : quietSd;
                    // Half the pair's log-ratio spread on each side: the two starts are independent.
                    List<String> flags = inSpell && flag ? List.of("NOISY_SPELL") : List.of();
                    int i = parent.size();
                    double cluster = inSpell && clustered ? 0.3 * (rng.nextInt(3) - 1) : 0;
                    parent.add(start(i, 1.0, clustered && inSpell ? 0.01 : sd, flags, rng));
                    patch.add(start(i, ratio * Math.exp(cluster), clustered && inSpell ? 0.01 : sd, flags, rng));
                }
                if (s != null) {
                    progress = new AdaptiveProgress(progress.extraElapsed().plus(MINUTE), MINUTE);
                }
                s = Statistics.evaluate(List.of(new CellSamples(Simulation.CELL, parent, patch,
                        java.util.List.of(), java.util.List.of(), java.util.Set.of(), false)), o.toBuilder().seed(r)
                                .build(),
                        progress);
            }
            CellVerdict v = s.cells().get(0);
            verdicts.merge(v.verdict(), 1, Integer::sum);
            pairs += v.measuredPairs();
        }
        return new Outcome(runs, verdicts, (double) pairs / runs);
    }

    private static IterationSample start(int index, double ratio, double pairSd, List<String> flags,
                                         SplittableRandom rng) {
        double level = 10_000 * ratio * Math.exp(pairSd / Math.sqrt(2) * rng.nextGaussian());
        double[] tps = new double[10];
        for (int s = 0; s < tps.length; s++) {
            tps[s] = level * Math.exp(0.01 * rng.nextGaussian());
        }
        return new IterationSample(index, tps, null, flags);
    }

    /** Bound on a rate measured over {@code runs}: the level plus three Monte Carlo SEs. */
    private static double bound(double level, int runs) {
        return level + 3 * Math.sqrt(level * (1 - level) / runs);
    }

    /**
     * A spell throughout: pairs spread 25%. Without the stop the loop spends its budget (20 pairs, 15 minutes); with
     * it, nearly every run ends at its first look. Stopping only takes looks away: run by run, on the same pairs, a
     * run that stopped raised no alarm the run without the stop did not raise too.
     */
    @Test
    void aHopelessAaRunStopsAfterItsFirstLookAndRaisesNoFalseAlarm() {
        Outcome on = simulate(4401, 1.0, 0.25, 0.25, 0, false, 400, ON);
        Outcome off = simulate(4401, 1.0, 0.25, 0.25, 0, false, 400, OFF);
        System.out.println("A/A, pairs spreading 25%: futility on " + on + ", off " + off);
        assertThat(on.falseAlarms()).as(on.toString()).isLessThanOrEqualTo(bound(0.05, 400));
        assertThat(on.falseAlarms()).as("on %s, off %s", on, off).isLessThanOrEqualTo(off.falseAlarms());
        assertThat(on.meanPairs()).as(on.toString()).isLessThan(6.5);
        assertThat(off.meanPairs()).as(off.toString()).isGreaterThan(15);
    }

    @Test
    void onAQuietHostTheStopChangesNothing() {
        // Pairs spread 2%: an unchanged commit is called NO_CHANGE as often with the stop as without.
        Outcome on = simulate(4402, 1.0, 0.02, 0.02, 0, false, 400, ON);
        Outcome off = simulate(4402, 1.0, 0.02, 0.02, 0, false, 400, OFF);
        System.out.println("A/A, pairs spreading 2%: futility on " + on + ", off " + off);
        assertThat(on.rate(Verdict.NO_CHANGE)).as("on %s, off %s", on, off)
                .isGreaterThanOrEqualTo(off.rate(Verdict.NO_CHANGE) - 0.01).isGreaterThan(0.9);
        assertThat(on.falseAlarms()).as(on.toString()).isLessThanOrEqualTo(bound(0.05, 400));
    }

    @Test
    void aRealSlowdownIsStillCaughtAtTheNoiseThatLetsItShow() {
        // A 10% drop with pairs spreading 5%: the estimate stands out of the interval the budget reaches.
        Outcome on = simulate(4403, 0.90, 0.05, 0.05, 0, false, 400, ON);
        Outcome off = simulate(4403, 0.90, 0.05, 0.05, 0, false, 400, OFF);
        System.out.println("10% drop, pairs spreading 5%: futility on " + on + ", off " + off);
        assertThat(on.rate(Verdict.REGRESSED)).as("on %s, off %s", on, off)
                .isGreaterThanOrEqualTo(off.rate(Verdict.REGRESSED) - 0.02).isGreaterThan(0.9);
    }

    /**
     * A spell throughout whose pairs cluster (log-ratios of -0.3, 0 or +0.3): four of them land alike one time in
     * 27, a tight interval far from 1, and the t-test alone calls it. Pairs flagged NOISY_SPELL must pass the
     * sign-flip test too, which four or five pairs cannot (its smallest p is 2/2^n).
     */
    @Test
    void clusteredPairsOfASpellAreNotCalledAChangeByTheTTestAlone() {
        Outcome flagged = simulate(4405, 1.0, 0.02, 0, 1.0, true, true, 400, ON);
        Outcome blind = simulate(4405, 1.0, 0.02, 0, 1.0, false, true, 400, ON);
        System.out.println("A/A, every pair in a clustering spell: flagged " + flagged + ", unflagged " + blind);
        assertThat(flagged.falseAlarms()).as(flagged.toString()).isLessThanOrEqualTo(bound(0.05, 400));
        assertThat(blind.falseAlarms()).as("the t-test alone, %s", blind).isGreaterThan(flagged.falseAlarms() + 0.02);
        assertThat(flagged.rate(Verdict.NO_CHANGE)).as("no change is not shown from spell pairs").isZero();
    }

    @Test
    void pairsFlaggedInASpellAreLeftOutWithoutRaisingFalseAlarms() {
        // A third of the pairs in a spell that spreads them 20%, the rest 2%: leaving the flagged ones out
        // decides more A/A runs NO_CHANGE, and no more of them as a change.
        Outcome flagged = simulate(4404, 1.0, 0.02, 0.20, 1.0 / 3, true, 400, ON);
        Outcome blind = simulate(4404, 1.0, 0.02, 0.20, 1.0 / 3, false, 400, ON);
        System.out.println("A/A, a third of the pairs in a 20% spell: flagged " + flagged + ", unflagged " + blind);
        assertThat(flagged.falseAlarms()).as(flagged.toString()).isLessThanOrEqualTo(bound(0.05, 400));
        assertThat(flagged.falseAlarms()).as("flagged %s, unflagged %s", flagged, blind)
                .isLessThanOrEqualTo(blind.falseAlarms() + 0.01);
        assertThat(flagged.rate(Verdict.NO_CHANGE)).as("flagged %s, unflagged %s", flagged, blind)
                .isGreaterThan(blind.rate(Verdict.NO_CHANGE) + 0.2);
    }
}

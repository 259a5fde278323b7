package org.taf.runner.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.IterationRecord;
import org.taf.runner.results.MeasureMode;
import org.taf.runner.results.ResultsFixtures;
import org.taf.runner.results.RunRecord;
import org.taf.runner.results.SampleRecord;
import org.taf.runner.stats.Metric;
import org.taf.runner.stats.StatsOptions;
import org.taf.runner.stats.StopReason;
import org.taf.runner.stats.Verdict;

/** The power study's replay on synthetic runs whose pools have known effects and known pair costs. */
class PowerReplayTest {
    private static final Instant T0 = Instant.parse("2026-11-30T04:00:00Z");
    /** Every measurement starts 30 s after the one before: a pair costs 60 s. */
    private static final Duration STEP = Duration.ofSeconds(30);

    @Test
    void poolsTakeEachPairsCostFromTheNextMeasurementsStart() {
        RunRecord run = run("r1", 6, Map.of("e0", 1.0, "e5", 0.8), 0.03, 1);
        Map<String, PowerReplay.Pool> pools = PowerReplay.pools(List.of(run));

        assertThat(pools).containsOnlyKeys("e0", "e5", PowerReplay.PARENTS_POOL);
        assertThat(pools.get("e0").pairs()).hasSize(6)
                .allSatisfy(p -> assertThat(p.cost()).isEqualTo(Duration.ofSeconds(60)));
        // e5 is measured last: its last pair has no next start and gets the run's mean cost, also 60 s.
        assertThat(pools.get("e5").pairs()).hasSize(6)
                .allSatisfy(p -> assertThat(p.cost()).isEqualTo(Duration.ofSeconds(60)));
        assertThat(pools.get("e5").rounds()).isEqualTo("1800"); // 20% at 90 rounds per 1%
        // Derived A/A: parent iterations 1 vs 2, 3 vs 4, 5 vs 6 of both comparisons.
        assertThat(pools.get(PowerReplay.PARENTS_POOL).pairs()).hasSize(6)
                .allSatisfy(p -> assertThat(p.patch().engineLog()).contains("parent"));
    }

    @Test
    void pairsWithAnExcludedFlagAreLeftOutAndCounted() {
        RunRecord run = run("r1", 4, Map.of("e0", 1.0), 0.03, 1);
        ComparisonRecord c = run.comparisons().get(0);
        CellRecord cell = c.cells().get(0);
        List<IterationRecord> patch = new ArrayList<>(cell.patch());
        IterationRecord p = patch.get(2);
        patch.set(2, new IterationRecord(p.index(), p.sequence(), p.startedAt(), p.serverVersion(), p.rest(),
                p.warmup(), p.samples(), p.cpu(), List.of(IterationRecord.IterationFlag.HOST_NOISE), null,
                p.engineLog(), null, 1, List.of(0), null));
        RunRecord flagged = run.withComparisons(List.of(new ComparisonRecord(c.name(), c.label(), c.parent(),
                c.patch(), List.of(new CellRecord(cell.workload(), cell.threads(), cell.parent(), patch,
                        MeasureMode.RESTART, 1, null)))));

        assertThat(PowerReplay.pools(List.of(flagged)).get("e0").pairs()).hasSize(4);
        PowerReplay.Pool clean = PowerReplay.pools(List.of(flagged), java.util.Set.of("HOST_NOISE")).get("e0");
        assertThat(clean.pairs()).hasSize(3).noneMatch(x -> x.patch() == patch.get(2));
        assertThat(clean.leftOut()).isEqualTo(1);
    }

    @Test
    void aLargeSlowdownIsFoundAndNoChangeRaisesNoAlarm() {
        Map<String, PowerReplay.Pool> pools = PowerReplay.pools(List.of(run("r1", 12, Map.of("e0", 1.0, "e5", 0.8),
                0.03, 2), run("r2", 12, Map.of("e0", 1.0, "e5", 0.8), 0.03, 3)));
        StatsOptions o = options(3, 20, StatsOptions.defaults().budget());
        int regressed = 0;
        int alarms = 0;
        for (int r = 0; r < 10; r++) {
            if (PowerReplay.replay(pools.get("e5"), o, 3, r).verdict() == Verdict.REGRESSED) {
                regressed++;
            }
            Verdict aa = PowerReplay.replay(pools.get("e0"), o, 3, r).verdict();
            if (aa == Verdict.REGRESSED || aa == Verdict.IMPROVED) {
                alarms++;
            }
        }
        assertThat(regressed).isEqualTo(10);
        assertThat(alarms).isZero();
    }

    @Test
    void theFormatOneAnalysisIsReplayedBesideTodays() {
        Map<String, PowerReplay.Pool> pools = PowerReplay.pools(List.of(run("r1", 12, Map.of("e0", 1.0, "e5", 0.8),
                0.03, 2), run("r2", 12, Map.of("e0", 1.0, "e5", 0.8), 0.03, 3)));
        StatsOptions o = options(3, 20, StatsOptions.defaults().budget());
        int regressed = 0;
        for (int r = 0; r < 5; r++) {
            PowerReplay.Outcome old = PowerReplay.replayUnpaired(pools.get("e5"), o, 3, r);
            regressed += old.verdict() == Verdict.REGRESSED ? 1 : 0;
            assertThat(old.pairs()).as("3 pairs a side cannot reach the per-look level of a rank test")
                    .isGreaterThan(3);
            Verdict aa = PowerReplay.replayUnpaired(pools.get("e0"), o, 3, r).verdict();
            assertThat(aa).isNotIn(Verdict.REGRESSED, Verdict.IMPROVED);
        }
        assertThat(regressed).isEqualTo(5);
        var conditions = PowerReplay.study(pools, PowerReplay.ANALYSES, List.of(PowerReplay.Thresholds.parse("3/5")),
                List.of(Duration.ofMinutes(5)), 3, 3, 20, 1, 2);
        assertThat(conditions).extracting(PowerReplay.Condition::analysis).contains("paired", "unpaired");
        assertThat(PowerReplay.resultTable(conditions)).contains("| unpaired | 3/5 |").contains("| paired | 3/5 |");
    }

    @Test
    void theReplaySpendsTheBudgetAsTheLoopWould() {
        // Noise too large to decide: the loop adds pairs until the budget cannot pay for another one.
        Map<String, PowerReplay.Pool> pools = PowerReplay.pools(List.of(run("r1", 30, Map.of("e2", 0.98), 0.2, 4)));
        StatsOptions fiveMinutes = options(3, 20, Duration.ofMinutes(5));
        PowerReplay.Outcome o = PowerReplay.replay(pools.get("e2"), fiveMinutes, 3, 7);
        assertThat(o.pairs()).isEqualTo(3 + 5);
        assertThat(o.seconds()).isEqualTo(8 * 60.0);
        assertThat(o.stop()).isEqualTo(StopReason.BUDGET_SPENT);

        StatsOptions none = options(3, 3, Duration.ofMinutes(5));
        assertThat(PowerReplay.replay(pools.get("e2"), none, 3, 7).pairs()).isEqualTo(3);
    }

    @Test
    void reJudgingAMeasuredRunFromItsOwnPairsGivesItsStoredVerdicts() {
        RunRecord measured = run("r1", 4, Map.of("e0", 1.0, "e5", 0.8), 0.03, 5);
        StatsOptions asPairsSh = options(4, 4, Duration.ZERO);
        RunRecord judged = Judgement.judge(measured, asPairsSh);
        assertThat(judged.comparisons()).extracting(c -> c.cells().get(0).verdict().verdict())
                .containsExactly(Verdict.INCONCLUSIVE, Verdict.REGRESSED); // 4 pairs at 3% noise: not yet "same"
        assertThat(PowerReplay.reproduce(List.of(judged))).isEmpty();

        // A stored verdict the replay does not give back is reported with its run and comparison.
        ComparisonRecord e5 = judged.comparisons().get(1);
        CellRecord cell = e5.cells().get(0);
        var v = cell.verdict();
        var tampered = new org.taf.runner.stats.CellVerdict(v.cell(), Verdict.NO_CHANGE, v.reason(), v.metrics(),
                v.classic(), v.measuredPairs(), v.level(), v.stopReason(), v.mde(), v.components(), v.excluded(),
                v.exclusionRule(), v.warnings(), v.findings(), v.counters());
        RunRecord bad = judged.withComparisons(List.of(judged.comparisons().get(0), new ComparisonRecord(e5.name(),
                e5.label(), e5.parent(), e5.patch(), List.of(cell.withVerdict(tampered)))));
        assertThat(PowerReplay.reproduce(List.of(bad))).singleElement().asString()
                .startsWith("r1 e5: stored NO_CHANGE").contains("re-judged REGRESSED");
    }

    @Test
    void wilsonIntervalMatchesAHandCheckedValue() {
        // 0 of 100: [0, 3.7%]; 90 of 100: [82.6%, 94.5%] (Wilson 1927, z = 1.96).
        assertThat(PowerReplay.wilson(0, 100)[1]).isBetween(0.0369, 0.0370);
        assertThat(PowerReplay.wilson(90, 100)[0]).isBetween(0.8256, 0.8257);
        assertThat(PowerReplay.wilson(90, 100)[1]).isBetween(0.9447, 0.9448);
    }

    /**
     * A run like power-pairs.sh makes: one comparison per effect, {@code pairs} interleaved pairs each,
     * iterations 20 s of TPS around 10,000 x effect with a lognormal level per iteration (SD {@code noise}).
     */
    private static RunRecord run(String id, int pairs, Map<String, Double> effects, double noise, long seed) {
        RunRecord small = ResultsFixtures.small();
        ComparisonRecord base = small.comparisons().get(0);
        CellRecord cell = base.cells().get(0);
        Random rnd = new Random(seed);
        int sequence = 0;
        List<ComparisonRecord> comparisons = new ArrayList<>();
        for (String name : effects.keySet().stream().sorted().toList()) {
            List<IterationRecord> parent = new ArrayList<>();
            List<IterationRecord> patch = new ArrayList<>();
            for (int i = 0; i < pairs; i++) {
                parent.add(iteration(i, sequence++, 1.0, noise, rnd, "parent"));
                patch.add(iteration(i, sequence++, effects.get(name), noise, rnd, "patch"));
            }
            String rounds = String.valueOf(Math.round((1 - effects.get(name)) * 100 * 90));
            var patchSide = new org.taf.runner.results.SideRecord(base.patch().role(), base.patch().revision(),
                    base.patch().commit(), base.patch().treeId(), null, Map.of("taf_statement_cpu_work", rounds),
                    base.patch().build());
            comparisons.add(new ComparisonRecord(name, name, base.parent(), patchSide,
                    List.of(new CellRecord(cell.workload(), cell.threads(), parent, patch, MeasureMode.RESTART, 1,
                            null))));
        }
        return new RunRecord(small.formatVersion(), id, small.name(), small.comments(), T0, T0, small.status(), null,
                small.runnerVersion(), small.definition(), small.environment(), comparisons, List.of(), List.of(),
                null, small.judgement());
    }

    private static IterationRecord iteration(int index, int sequence, double effect, double noise, Random rnd,
                                             String side) {
        IterationRecord base = ResultsFixtures.small().comparisons().get(0).cells().get(0).parent().get(0);
        double level = 10_000 * effect * Math.exp(noise * rnd.nextGaussian());
        List<SampleRecord> samples = new ArrayList<>();
        for (int s = 1; s <= 20; s++) {
            long events = Math.round(level * (1 + 0.01 * rnd.nextGaussian()));
            samples.add(new SampleRecord(s, 1, events, events, 0, 0, 0, 0, 0.1, 0.2, 0.3, 1));
        }
        return new IterationRecord(index, sequence, T0.plus(STEP.multipliedBy(sequence)), "v", base.rest(),
                base.warmup(), samples, List.of(), List.of(), null, side + ".log", null, 1, List.of(0), null);
    }

    /** The loop as replayed, without the futility stop (its cells are kept noisy to test the budget). */
    private static StatsOptions options(int planned, int maxPairs, Duration budget) {
        return StatsOptions.defaults().toBuilder().metrics(List.of(Metric.TPS)).firstLook(planned)
                .maxPairs(maxPairs).budget(budget)
                .futility(false).build();
    }
}

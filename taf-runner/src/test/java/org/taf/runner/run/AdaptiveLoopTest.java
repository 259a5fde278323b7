package org.taf.runner.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.taf.runner.ExitCode;
import org.taf.runner.results.AdaptiveRecord;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.NoiseThresholds;
import org.taf.runner.results.ResultsFixtures;
import org.taf.runner.results.RunRecord;
import org.taf.runner.stats.CellKey;
import org.taf.runner.stats.CellVerdict;
import org.taf.runner.stats.Metric;
import org.taf.runner.stats.RunStatistics;
import org.taf.runner.stats.StatsOptions;
import org.taf.runner.stats.StopReason;
import org.taf.runner.stats.Verdict;

/**
 * The adaptive loop stops as specified — decided, budget spent, max pairs — driven by a fake
 * measuring step and a manual clock (no engine, no waiting); the final verdicts agree with it.
 */
class AdaptiveLoopTest {
    private static final Duration MINUTE = Duration.ofMinutes(1);
    private final ManualClock clock = new ManualClock();
    private final ByteArrayOutputStream log = new ByteArrayOutputStream();
    private final List<AdaptiveRecord> accounts = new ArrayList<>();

    private List<RunStatistics> looks;

    /** The loop's mechanics, without the futility stop (which the cells kept noisy here would trigger). */
    private static StatsOptions options(int planned, int maxPairs, Duration budget) {
        return StatsOptions.defaults().toBuilder().metrics(List.of(Metric.TPS)).firstLook(planned)
                .maxPairs(maxPairs).budget(budget)
                .futility(false).build();
    }

    private AdaptiveRecord loop(FakeMeasurements m, StatsOptions o, int planned) {
        AdaptiveLoop loop = new AdaptiveLoop(o, planned, clock, new PrintStream(log, true, StandardCharsets.UTF_8));
        // The planned pairs took a minute each.
        looks = loop.run(m, true, MINUTE.multipliedBy(planned), planned, accounts::add);
        return accounts.get(accounts.size() - 1);
    }

    /** The final verdicts, as the runner makes them: the loop's last look applied to the record. */
    private RunRecord judge(FakeMeasurements m, AdaptiveRecord account, StatsOptions o) {
        RunRecord r = ResultsFixtures.small();
        RunRecord run = new RunRecord(r.formatVersion(), r.runId(), r.name(), r.comments(), r.startedAt(),
                r.finishedAt(), RunRecord.RunStatus.COMPLETED, null, r.runnerVersion(), r.definition(),
                r.environment(), m.comparisons(), List.of(), List.of(), account,
                Judgement.rules(o, NoiseThresholds.DEFAULT));
        RunRecord judged = Judgement.apply(run, looks);
        // Judged again from the record alone, with the loop's progress: the same verdicts.
        assertThat(Judgement.judge(run, o).comparisons()).isEqualTo(judged.comparisons());
        return judged;
    }

    private static CellVerdict verdictOf(RunRecord j, String workload) {
        return j.comparisons().get(0).cells().stream().filter(c -> c.workload().equals(workload))
                .map(CellRecord::verdict).findFirst().orElseThrow();
    }

    @Test
    void aClearRegressionIsMeasuredUntilDecided() {
        // A 5% drop at 1% noise: 3 planned pairs are too few at the per-look level of 18 looks, a few more do.
        FakeMeasurements m = new FakeMeasurements(clock, MINUTE, 0.01, 1).cell("POINT_SELECT", 2, 0.95, 3);
        StatsOptions o = options(3, 20, Duration.ofMinutes(30));
        AdaptiveRecord r = loop(m, o, 3);
        assertThat(r.stopReason()).isEqualTo(StopReason.DECIDED);
        assertThat(r.extraPairs()).isBetween(1, 5);
        assertThat(m.measured()).hasSize(r.extraPairs());
        assertThat(r.level()).as("per-look level of 20 looks").isLessThan(o.fdr());
        RunRecord j = judge(m, r, o);
        CellVerdict v = verdictOf(j, "POINT_SELECT");
        assertThat(v.verdict()).isEqualTo(Verdict.REGRESSED);
        assertThat(v.pairsUsed()).isEqualTo(3 + r.extraPairs());
        assertThat(v.stopReason()).isEqualTo(StopReason.DECIDED);
        assertThat(j.exitCode()).isEqualTo(ExitCode.REGRESSION);
        assertThat(Duration.ofMillis(Math.round(r.spentSeconds() * 1000)))
                .isEqualTo(MINUTE.multipliedBy(r.extraPairs()));
    }

    @Test
    void theBudgetIsNeverOverrunByAStartedPair() {
        // An A/A cell at 8% noise stays unknown; a pair costs a minute; 4.5 minutes pay for 4 pairs, not 5.
        FakeMeasurements m = new FakeMeasurements(clock, MINUTE, 0.08, 2).cell("POINT_SELECT", 2, 1.0, 3);
        StatsOptions o = options(3, 20, Duration.ofSeconds(270));
        AdaptiveRecord r = loop(m, o, 3);
        assertThat(r.stopReason()).isEqualTo(StopReason.BUDGET_SPENT);
        assertThat(r.extraPairs()).isEqualTo(4);
        assertThat(r.spentSeconds()).isEqualTo(240.0).isLessThanOrEqualTo(270);
        assertThat(r.pairCostSeconds()).isEqualTo(60.0);
        CellVerdict v = verdictOf(judge(m, r, o), "POINT_SELECT");
        assertThat(v.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(v.pairsUsed()).isEqualTo(7);
        assertThat(v.stopReason()).isEqualTo(StopReason.BUDGET_SPENT);
    }

    @Test
    void aPairDearerThanPlannedUpdatesTheEstimateBeforeTheNextStarts() {
        // Planned pairs took 1 minute; extra ones take 3. After the first (mean 1.5 min over 4 pairs) only
        // what still fits in the 5-minute budget is started.
        FakeMeasurements m = new FakeMeasurements(clock, MINUTE.multipliedBy(3), 0.08, 3)
                .cell("POINT_SELECT", 2, 1.0, 3);
        AdaptiveRecord r = loop(m, options(3, 20, Duration.ofMinutes(5)), 3);
        assertThat(r.stopReason()).isEqualTo(StopReason.BUDGET_SPENT);
        assertThat(r.spentSeconds()).isLessThanOrEqualTo(360.0);
        // 1st: 0 + 1 min <= 5; 2nd: 3 + 1.5 min <= 5; 3rd: 6 min spent, nothing more.
        assertThat(r.extraPairs()).isEqualTo(2);
    }

    @Test
    void aPairIsNotStartedWhenTheUpdatedEstimateNoLongerFits() {
        // Two unknown cells; the stats stage picks both (4 minutes pay for 4 one-minute pairs). The first pair
        // takes 3 minutes, so the estimate becomes 1.5 and the second (3 + 1.5 > 4) is not started.
        FakeMeasurements m = new FakeMeasurements(clock, MINUTE.multipliedBy(3), 0.08, 9)
                .cell("READ_ONLY", 2, 1.0, 3).cell("READ_WRITE", 2, 1.0, 3);
        AdaptiveRecord r = loop(m, options(3, 20, Duration.ofMinutes(4)), 3);
        assertThat(r.extraPairs()).isEqualTo(1);
        assertThat(r.spentSeconds()).isEqualTo(180.0);
        assertThat(r.pairCostSeconds()).isEqualTo(90.0);
        assertThat(r.stopReason()).isEqualTo(StopReason.BUDGET_SPENT);
    }

    @Test
    void anUndecidedCellStopsAtMaxPairs() {
        FakeMeasurements m = new FakeMeasurements(clock, MINUTE, 0.08, 4).cell("POINT_SELECT", 2, 1.0, 3);
        StatsOptions o = options(3, 6, Duration.ofHours(10));
        AdaptiveRecord r = loop(m, o, 3);
        assertThat(r.stopReason()).isEqualTo(StopReason.MAX_PAIRS);
        assertThat(m.pairsOf("POINT_SELECT", 2)).isEqualTo(6);
        CellVerdict v = verdictOf(judge(m, r, o), "POINT_SELECT");
        assertThat(v.pairsUsed()).isEqualTo(6);
        assertThat(v.stopReason()).isEqualTo(StopReason.MAX_PAIRS);
    }

    @Test
    void onlyUndecidedCellsGetPairsAndTheBudgetIsShared() {
        // With 8 planned pairs the halved cell is decided at once, even at the per-look level after BH over
        // 3 cells (5 pairs would not be: 3 x 0.0079 > 0.0136).
        FakeMeasurements m = new FakeMeasurements(clock, MINUTE, 0.08, 5)
                .cell("POINT_SELECT", 2, 0.5, 8)
                .cell("READ_ONLY", 2, 1.0, 8)        // A/A at 8%: unknown
                .cell("READ_WRITE", 2, 1.0, 8);      // A/A at 8%: unknown
        StatsOptions o = options(8, 20, Duration.ofMinutes(10));
        AdaptiveRecord r = loop(m, o, 8);
        assertThat(m.measured()).doesNotContain(new CellKey("POINT_SELECT", 2));
        assertThat(m.measured()).hasSize(10);
        assertThat(r.extraPairs()).isEqualTo(10);
        assertThat(r.stopReason()).isEqualTo(StopReason.BUDGET_SPENT);
        RunRecord j = judge(m, r, o);
        assertThat(verdictOf(j, "POINT_SELECT").stopReason()).isEqualTo(StopReason.DECIDED);
        assertThat(verdictOf(j, "POINT_SELECT").pairsUsed()).isEqualTo(8);
        assertThat(verdictOf(j, "READ_ONLY").stopReason()).isEqualTo(StopReason.BUDGET_SPENT);
    }

    @Test
    void pairsThatFailStillCountTowardsMaxPairs() {
        // The stats stage counts included pairs only; the loop stops at stats.max_pairs measured ones.
        FakeMeasurements m = new FakeMeasurements(clock, MINUTE, 0.08, 10).cell("POINT_SELECT", 2, 1.0, 3);
        m.extraPatchesFail = true;
        StatsOptions o = options(3, 6, Duration.ofHours(10));
        AdaptiveRecord r = loop(m, o, 3);
        assertThat(m.pairsOf("POINT_SELECT", 2)).isEqualTo(6);
        assertThat(r.extraPairs()).isEqualTo(3);
        assertThat(r.stopReason()).isEqualTo(StopReason.MAX_PAIRS);
        CellVerdict v = verdictOf(judge(m, r, o), "POINT_SELECT");
        assertThat(v.stopReason()).isEqualTo(StopReason.MAX_PAIRS);
        assertThat(String.join(" ", v.notes())).contains("the engine exited");
    }

    @Test
    void withMaxPairsAtThePlannedOnesNoPairIsAdded() {
        FakeMeasurements m = new FakeMeasurements(clock, MINUTE, 0.08, 6).cell("POINT_SELECT", 2, 1.0, 5);
        StatsOptions o = options(5, 5, Duration.ofHours(1));
        AdaptiveRecord r = loop(m, o, 5);
        assertThat(r.enabled()).isFalse();
        // The undecided cell has the most pairs it may have: the stats stage calls that MAX_PAIRS.
        assertThat(r.stopReason()).isEqualTo(StopReason.MAX_PAIRS);
        assertThat(r.level()).isEqualTo(o.fdr());
        assertThat(m.measured()).isEmpty();
        assertThat(verdictOf(judge(m, r, o), "POINT_SELECT").stopReason()).isEqualTo(StopReason.MAX_PAIRS);
    }

    @Test
    void anInterruptionDuringExtraPairsLeavesTheAccountSoFar() {
        FakeMeasurements m = new FakeMeasurements(clock, MINUTE, 0.08, 7).cell("POINT_SELECT", 2, 1.0, 3);
        m.interruptAt = 3;
        assertThatThrownBy(() -> loop(m, options(3, 20, Duration.ofHours(1)), 3))
                .isInstanceOf(RunInterruptedException.class);
        assertThat(m.measured()).hasSize(2);
        AdaptiveRecord last = accounts.get(accounts.size() - 1);
        assertThat(last.stopReason()).isEqualTo(StopReason.PENDING);
        assertThat(last.extraPairs()).isEqualTo(2);
        assertThat(last.spentSeconds()).isEqualTo(120.0);
    }

    @Test
    void theLoopSaysWhatItDoes() {
        FakeMeasurements m = new FakeMeasurements(clock, MINUTE, 0.08, 8).cell("POINT_SELECT", 2, 1.0, 3);
        AdaptiveRecord r = loop(m, options(3, 4, Duration.ofHours(1)), 3);
        String out = log.toString(StandardCharsets.UTF_8);
        assertThat(out).contains("taf: adaptive (default): adding a pair to 1 cell(s)");
        assertThat(out).contains("taf: adaptive loop: 1 extra pair(s) in 60s; stopped: undecided cells reached 4"
                + " pairs");
        assertThat(r.why()).startsWith("stopped: undecided cells reached 4 pairs");
    }
}

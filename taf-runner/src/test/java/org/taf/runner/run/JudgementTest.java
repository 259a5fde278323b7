package org.taf.runner.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.taf.runner.ExitCode;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.IterationRecord;
import org.taf.runner.results.JudgementRecord;
import org.taf.runner.results.MeasureMode;
import org.taf.runner.results.NoiseThresholds;
import org.taf.runner.results.ResultsFixtures;
import org.taf.runner.results.RunRecord;
import org.taf.runner.results.SampleRecord;
import org.taf.runner.stats.Metric;
import org.taf.runner.stats.StatsOptions;
import org.taf.runner.stats.Verdict;

/** Verdicts come back into the record, and the exit code follows them. */
class JudgementTest {
    private static List<IterationRecord> side(double tps, int iterations, boolean failed) {
        return side(tps, iterations, failed, 0);
    }

    /** {@code spread}: how far iteration levels swing around {@code tps} (0.2 = +-20%), the patch's out of phase. */
    private static List<IterationRecord> side(double tps, int iterations, boolean failed, double spread) {
        return side(tps, iterations, failed, spread, 0);
    }

    private static List<IterationRecord> side(double tps, int iterations, boolean failed, double spread, double phase) {
        IterationRecord base = ResultsFixtures.small().comparisons().get(0).cells().get(0).parent().get(0);
        List<IterationRecord> out = new ArrayList<>();
        for (int i = 0; i < iterations; i++) {
            List<SampleRecord> samples = new ArrayList<>();
            for (int s = 1; s <= 20; s++) {
                long events = Math.round(tps * (1 + spread * Math.sin(i * 2.3 + phase))
                        * (1 + 0.01 * Math.sin(i * 7 + s + phase)) * (1 + 0.002 * Math.sin(i * 5 + phase)));
                samples.add(new SampleRecord(s, 1, events, events, 0, 0, 0, 0, 0.1, 0.2, 0.3, 1));
            }
            out.add(new IterationRecord(i, 2 * i, base.startedAt(), "v", base.rest(), base.warmup(),
                    failed ? List.of() : samples, List.of(), List.of(), failed ? "engine crashed" : null, "log", null,
                    1,
                    List.of(0), null));
        }
        return out;
    }

    private static RunRecord run(List<IterationRecord> parent, List<IterationRecord> patch) {
        RunRecord r = ResultsFixtures.small();
        ComparisonRecord c = r.comparisons().get(0);
        CellRecord cell = new CellRecord("POINT_SELECT", 2, parent, patch, MeasureMode.RESTART, 1, null);
        ComparisonRecord c2 = new ComparisonRecord(c.name(), c.label(), c.parent(), c.patch(), List.of(cell));
        return ResultsFixtures.copy(r, r.runId(), r.name(), r.startedAt(), r.finishedAt(),
                RunRecord.RunStatus.COMPLETED, null, List.of(c2), List.of());
    }

    private static RunRecord judge(RunRecord r) {
        return Judgement.judge(r, StatsOptions.defaults().toBuilder().metrics(List.of(Metric.TPS)).build());
    }

    @Test
    void aClearDropIsARegressionAndExitsOne() {
        RunRecord j = judge(run(side(10_000, 6, false), side(8_000, 6, false)));
        var v = j.comparisons().get(0).cells().get(0).verdict();
        assertThat(v.verdict()).isEqualTo(Verdict.REGRESSED);
        assertThat(v.ratio()).isCloseTo(0.8, org.assertj.core.data.Offset.offset(0.01));
        assertThat(v.ciLow()).isLessThan(v.ratio());
        assertThat(v.ciHigh()).isGreaterThan(v.ratio());
        assertThat(j.exitCode()).isEqualTo(ExitCode.REGRESSION);
    }

    @Test
    void identicalSidesAreNoChange() {
        RunRecord j = judge(run(side(10_000, 6, false), side(10_000, 6, false, 0, 1.0)));
        assertThat(j.comparisons().get(0).cells().get(0).verdict().verdict()).isEqualTo(Verdict.NO_CHANGE);
        assertThat(j.exitCode()).isEqualTo(ExitCode.PASS);
    }

    @Test
    void anExcludedPairIsReadBackFromTheRecordAsTheStatsStageLeftIt() {
        List<IterationRecord> patch = new ArrayList<>(side(10_000, 6, false, 0, 1.0));
        IterationRecord p = patch.get(2);
        patch.set(2, new IterationRecord(p.index(), p.sequence(), p.startedAt(), p.serverVersion(), p.rest(),
                p.warmup(),
                p.samples(), p.cpu(), List.of(IterationRecord.IterationFlag.NOT_SETTLED), null, p.engineLog(),
                p.engineCpu(), p.launchSeconds(), p.windows(), p.counters()));
        var v = judge(run(side(10_000, 6, false), patch)).comparisons().get(0).cells().get(0).verdict();
        assertThat(v.excludedPairs()).containsExactly(2);
        assertThat(v.pairsUsed()).isEqualTo(5);
        assertThat(v.notes()).anyMatch(n -> n.startsWith("excluded patch iteration 3 (NOT_SETTLED): "));
    }

    @Test
    void aPatchThatCrashesIsNewlyFailingAndAnError() {
        RunRecord j = judge(run(side(10_000, 3, false), side(0, 3, true)));
        var v = j.comparisons().get(0).cells().get(0).verdict();
        assertThat(v.verdict()).isEqualTo(Verdict.NEWLY_FAILING);
        assertThat(String.join(" ", v.notes())).contains("engine crashed");
        assertThat(j.exitCode()).as("the patch broke the workload: a regression").isEqualTo(ExitCode.REGRESSION);
    }

    @Test
    void aFixedParentFailureIsFixed() {
        RunRecord j = judge(run(side(0, 3, true), side(10_000, 3, false)));
        assertThat(j.comparisons().get(0).cells().get(0).verdict().verdict()).isEqualTo(Verdict.FIXED);
    }

    @Test
    void anInterruptedRunIsAnError() {
        RunRecord r = run(side(10_000, 6, false), side(10_000, 6, false));
        RunRecord interrupted = ResultsFixtures.copy(r, r.runId(), r.name(), r.startedAt(), r.finishedAt(),
                RunRecord.RunStatus.INTERRUPTED, "Ctrl-C", r.comparisons(), r.warnings());
        assertThat(judge(interrupted).exitCode()).isEqualTo(ExitCode.ERROR);
    }

    @Test
    void theRulesAndTheCpuPerTransactionGoIntoTheRecord() {
        JudgementRecord rules = Judgement.rules(StatsOptions.defaults(), new NoiseThresholds(20, 7));
        assertThat(rules.warningPct()).isEqualTo(3);
        assertThat(rules.metrics()).containsExactly(Metric.TPS, Metric.CPU_PER_TX);
        assertThat(rules.analysis()).isEqualTo(org.taf.runner.results.ResultsStore.ANALYSIS);
        assertThat(rules.hostNoise()).isEqualTo(new NoiseThresholds(20, 7));
        RunRecord j = Judgement.judge(run(side(10_000, 4, false), side(10_000, 4, false)), StatsOptions.defaults());
        assertThat(j.judgement()).as("the run's own rules, recorded from its start").isEqualTo(
                ResultsFixtures.small().judgement());
        var v = j.comparisons().get(0).cells().get(0).verdict();
        assertThat(v.metric(Metric.CPU_PER_TX)).as("no CPU readings in these iterations").isNull();
        assertThat(v.components().starts()).isEqualTo(8);
        assertThat(j.comparisons().get(0).cells().get(0).startSeconds()).isPositive();
    }

    /** The exit code, the JUnit kind, the summary's word and the post's class follow one policy per verdict. */
    @Test
    void oneExitPolicyForEveryVerdict() {
        for (Verdict v : Verdict.values()) {
            ExitCode expected = switch (v) {
                case IMPROVED, NO_CHANGE, NOT_WORSE, FIXED -> ExitCode.PASS;
                case REGRESSED, NEWLY_FAILING -> ExitCode.REGRESSION;
                case INCONCLUSIVE -> ExitCode.INCONCLUSIVE;
                case NOT_COMPARABLE -> ExitCode.ERROR;
            };
            assertThat(v.exitCode()).as(v.name()).isEqualTo(expected);
        }
    }

    @Test
    void aNoisyCellSaysOnceThatItCannotSeeTheFailThreshold() {
        RunRecord j = judge(run(side(10_000, 6, false, 0.2), side(10_000, 6, false, 0.2, 1.7)));
        var v = j.comparisons().get(0).cells().get(0).verdict();
        assertThat(v.notes()).filteredOn(n -> n.contains("cannot see")).hasSize(1);
        assertThat(v.notes()).doesNotHaveDuplicates();
    }
}

package org.taf.runner.health;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.taf.runner.results.Canary;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.EnvironmentRecord;
import org.taf.runner.results.JudgementRecord;
import org.taf.runner.results.ResultsFixtures;
import org.taf.runner.results.RunRecord;
import org.taf.runner.stats.CellVerdict;
import org.taf.runner.stats.MetricVerdict;
import org.taf.runner.stats.Verdict;

/** Synthetic canary runs: {@link ResultsFixtures#small()} as a canary of a night, with a chosen outcome. */
public final class CanaryRuns {
    static final Instant FIRST_NIGHT = Instant.parse("2026-11-01T02:00:00Z");

    private CanaryRuns() {}

    /**
     * Night {@code night}'s canary of {@code kind} on host {@code host} (its kernel makes the fingerprint), whose one
     * cell said {@code verdict} at a TPS ratio of {@code ratio} and took {@code minutes}; {@code verdict} null: the
     * run failed (an error).
     */
    public static RunRecord night(int night, Canary kind, String host, Verdict verdict, double ratio, int minutes) {
        RunRecord base = ResultsFixtures.small();
        ComparisonRecord c = base.comparisons().get(0);
        CellRecord cell = c.cells().get(0);
        CellVerdict v = cell.verdict();
        MetricVerdict tps = v.tps();
        MetricVerdict newTps = new MetricVerdict(tps.metric(), tps.parent(), tps.parent() * ratio, ratio, ratio - 0.02,
                ratio + 0.02, tps.confidence(), tps.pValue(), tps.pAdjusted(), tps.pairs(), tps.sdLog(), tps.change(),
                tps.gates(), tps.equivalence(), tps.question());
        CellVerdict judged = new CellVerdict(v.cell(), verdict == null ? Verdict.INCONCLUSIVE : verdict, "synthetic",
                List.of(newTps), v.classic(), v.measuredPairs(), v.level(), v.stopReason(), v.mde(), v.components(),
                v.excluded(), v.exclusionRule(), v.warnings(), v.findings(), v.counters(), v.question());
        CellRecord newCell = new CellRecord(cell.workload(), cell.threads(), cell.parent(), cell.patch(), cell.mode(),
                cell.windows(), judged);
        ComparisonRecord cmp = new ComparisonRecord(c.name(), c.label(), c.parent(), c.patch(), List.of(newCell));
        EnvironmentRecord e = base.environment();
        EnvironmentRecord env = new EnvironmentRecord(host, e.cpuModel(), e.sockets(), e.cores(), e.threads(),
                e.memoryBytes(), e.os(), "6.1.0-" + host, e.jvm(), e.engineJvm(), e.runtime(), e.engineCpuset(),
                e.clientCpuset(), e.cpufreq(), e.cpuIdle());
        Instant start = FIRST_NIGHT.plus(Duration.ofDays(night)).plus(Duration.ofHours(kind == Canary.AA ? 0 : 1));
        return new RunRecord(base.formatVersion(), String.format("night-%03d-%s-%s", night, kind, host), "gate",
                "synthetic", start, start.plus(Duration.ofMinutes(minutes)),
                verdict == null ? RunRecord.RunStatus.FAILED : RunRecord.RunStatus.COMPLETED,
                verdict == null ? "build failed" : null, base.runnerVersion(), base.definition(), env, List.of(cmp),
                List.of(), List.of(), base.adaptive(), base.judgement(), List.of(), kind);
    }

    /** {@code run} judged by rules with another power and false-discovery rate (the targets). */
    static RunRecord withTargets(RunRecord run, double power, double fdr) {
        JudgementRecord j = run.judgement();
        JudgementRecord rules = new JudgementRecord(j.analysis(), j.warningPct(), j.failPct(), j.gainPct(), j.metrics(),
                j.confidence(), fdr, power, j.firstLook(), j.maxPairs(), j.budgetSeconds(), j.counterMarginPct(),
                j.hostNoise(), j.questions());
        return new RunRecord(run.formatVersion(), run.runId(), run.name(), run.comments(), run.startedAt(),
                run.finishedAt(), run.status(), run.failure(), run.runnerVersion(), run.definition(), run.environment(),
                run.comparisons(), run.warnings(), run.plannedMde(), run.adaptive(), rules, run.probes(),
                run.canary());
    }
}

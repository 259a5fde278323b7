package org.taf.runner.run;

import java.util.ArrayList;
import java.util.List;
import org.taf.runner.ExitCode;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.IterationRecord;
import org.taf.runner.results.RunRecord;
import org.taf.runner.results.SampleRecord;
import org.taf.runner.results.Verdict;
import org.taf.runner.results.VerdictRecord;
import org.taf.runner.stats.AdaptiveProgress;
import org.taf.runner.stats.CellKey;
import org.taf.runner.stats.CellSamples;
import org.taf.runner.stats.CellVerdict;
import org.taf.runner.stats.ExcludedIteration;
import org.taf.runner.stats.IterationSample;
import org.taf.runner.stats.RunStatistics;
import org.taf.runner.stats.Statistics;
import org.taf.runner.stats.StatsOptions;
import org.taf.runner.stats.StopReason;

/**
 * Applies the stats stage to a run: each comparison's cells go to {@link Statistics} (so
 * Benjamini-Hochberg spans the cells of one comparison), and the verdicts come back into the
 * record as {@link VerdictRecord}s. The exit code follows from the verdicts and the run's status.
 */
final class Judgement {
    private Judgement() {}

    /** The run with a verdict in every cell, and the exit code it earns. */
    record Judged(RunRecord run, ExitCode exitCode) {
    }

    /**
     * Judges every comparison of {@code run}. When the run's adaptive loop was enabled, the verdicts
     * are its last look: the same per-look level and the same progress, so the stop reasons agree
     * with what the loop did; otherwise undecided cells end as PLANNED_ONLY at the plain FDR.
     */
    static Judged of(RunRecord run, StatsOptions options) {
        List<ComparisonRecord> comparisons = new ArrayList<>();
        ExitCode worst = ExitCode.PASS;
        AdaptiveProgress progress = AdaptiveLoop.progressOf(run.adaptive());
        for (ComparisonRecord c : run.comparisons()) {
            RunStatistics stats = Statistics.evaluate(samples(c), options, progress);
            List<CellRecord> judged = new ArrayList<>();
            for (CellRecord cell : c.cells()) {
                CellVerdict v = stats.cells().stream()
                        .filter(x -> x.workload().equals(cell.workload()) && x.threads() == cell.threads())
                        .findFirst().orElseThrow();
                judged.add(cell.withVerdict(CpuJudgement.add(record(v, run.status() == RunRecord.RunStatus.COMPLETED),
                        cell, v.verdict(), options)));
            }
            comparisons.add(new ComparisonRecord(c.name(), c.label(), c.parent(), c.patch(), judged));
            worst = worse(worst, stats.exitCode());
        }
        if (run.status() != RunRecord.RunStatus.COMPLETED) {
            worst = ExitCode.ERROR;
        }
        return new Judged(run.withComparisons(comparisons), worst);
    }

    private static ExitCode worse(ExitCode a, ExitCode b) {
        // ERROR > REGRESSION > INCONCLUSIVE > PASS
        int[] rank = {0, 2, 1, 3};
        return rank[a.ordinal()] >= rank[b.ordinal()] ? a : b;
    }

    /** The stats stage's input for one comparison: every cell's successful iterations and failures. */
    static List<CellSamples> samples(ComparisonRecord c) {
        List<CellSamples> cells = new ArrayList<>();
        for (CellRecord cell : c.cells()) {
            cells.add(samples(cell));
        }
        return cells;
    }

    private static CellSamples samples(CellRecord cell) {
        List<IterationSample> parent = new ArrayList<>();
        List<IterationSample> patch = new ArrayList<>();
        List<String> parentFailures = new ArrayList<>();
        List<String> patchFailures = new ArrayList<>();
        collect(cell.parent(), parent, parentFailures);
        collect(cell.patch(), patch, patchFailures);
        return new CellSamples(new CellKey(cell.workload(), cell.threads()), parent, patch, parentFailures,
                patchFailures);
    }

    private static void collect(List<IterationRecord> its, List<IterationSample> samples, List<String> failures) {
        for (IterationRecord it : its) {
            if (it.failure() != null || it.samples().isEmpty()) {
                failures.add("iteration " + (it.index() + 1) + ": "
                        + (it.failure() != null ? it.failure() : "no samples measured"));
                continue;
            }
            double[] tps = it.samples().stream().mapToDouble(SampleRecord::tps).toArray();
            samples.add(new IterationSample(it.index(), tps, it.flags().stream().map(Enum::name).toList()));
        }
    }

    /**
     * The cell's verdict as a record. In a completed run, a cell the stats stage would still give a pair
     * (PENDING) is one the loop stopped at {@code stats.max_pairs} measured pairs, of which some failed
     * or were excluded (the stats stage counts only the included ones): it says MAX_PAIRS.
     */
    private static VerdictRecord record(CellVerdict v, boolean completed) {
        String stop = v.stopReason() == null ? null : v.stopReason().name();
        if (completed && v.stopReason() == StopReason.PENDING) {
            stop = StopReason.MAX_PAIRS.name();
        }
        List<String> notes = new ArrayList<>();
        if (v.reason() != null) {
            notes.add(v.reason());
        }
        notes.addAll(v.warnings());
        for (ExcludedIteration e : v.excluded()) {
            notes.add("excluded " + e.side() + " iteration " + (e.index() + 1) + " (" + String.join(", ", e.flags())
                    + "): " + v.exclusionRule());
        }
        if (v.mde() != null && v.mde().warning() != null && !notes.contains(v.mde().warning())) {
            notes.add(v.mde().warning()); // once, though the verdict's own warnings may carry it already
        }
        return new VerdictRecord(verdict(v), v.classic() == null ? null : v.classic().outcome().name(), v.parentTps(),
                v.patchTps(), v.ratio(), v.ciLow(), v.ciHigh(), v.confidence(), v.pValue(), v.pAdjusted(),
                v.pairsUsed(), stop,
                v.mde() == null ? null : v.mde().pct(), null, null, notes);
    }

    private static Verdict verdict(CellVerdict v) {
        return switch (v.verdict()) {
            case IMPROVED -> Verdict.IMPROVED;
            case REGRESSED -> Verdict.REGRESSED;
            case SAME -> Verdict.NO_CHANGE;
            case UNKNOWN -> Verdict.INCONCLUSIVE;
            case NOT_COMPARABLE -> Verdict.NOT_COMPARABLE;
            case FAILED -> "parent".equals(v.failedSide()) ? Verdict.FIXED
                    : "patch".equals(v.failedSide()) ? Verdict.NEWLY_FAILING : Verdict.NOT_COMPARABLE;
        };
    }
}

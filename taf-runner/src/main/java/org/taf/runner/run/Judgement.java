package org.taf.runner.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.taf.runner.config.MeasureMode;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.CountersRecord;
import org.taf.runner.results.IterationRecord;
import org.taf.runner.results.JudgementRecord;
import org.taf.runner.results.ResultsStore;
import org.taf.runner.results.RunRecord;
import org.taf.runner.results.SampleRecord;
import org.taf.runner.results.VerdictRecord;
import org.taf.runner.stats.AdaptiveProgress;
import org.taf.runner.stats.CellSamples;
import org.taf.runner.stats.CellVerdict;
import org.taf.runner.stats.CounterSample;
import org.taf.runner.stats.IterationSample;
import org.taf.runner.stats.RunStatistics;
import org.taf.runner.stats.Statistics;
import org.taf.runner.stats.StatsOptions;

/**
 * Between the run and the stats stage, both ways and in one place: the recorded iterations become the
 * statistics' samples ({@link #samples}), and the statistics' verdicts become the record's
 * ({@link #record}). Each comparison is one call of {@link Statistics} (so Benjamini-Hochberg spans its
 * metrics and cells).
 */
final class Judgement {
    private Judgement() {}

    /** The run with the verdicts of a look already made (the adaptive loop's last), one per comparison. */
    static RunRecord apply(RunRecord run, List<RunStatistics> looks, StatsOptions o) {
        if (looks.size() != run.comparisons().size()) {
            throw new IllegalArgumentException(looks.size() + " looks for " + run.comparisons().size() + " comparisons");
        }
        List<ComparisonRecord> judged = new ArrayList<>();
        for (int i = 0; i < looks.size(); i++) {
            ComparisonRecord c = run.comparisons().get(i);
            List<CellRecord> cells = new ArrayList<>();
            for (CellRecord cell : c.cells()) {
                CellVerdict v = looks.get(i).cells().stream().filter(x -> x.cell().equals(cell.key())).findFirst()
                        .orElseThrow(() -> new IllegalStateException("no verdict for " + cell.key()));
                cells.add(cell.withVerdict(VerdictRecord.of(v, cell.startSeconds())));
            }
            judged.add(new ComparisonRecord(c.name(), c.label(), c.parent(), c.patch(), cells));
        }
        return run.judged(judged, rules(o));
    }

    /**
     * A run judged by one look now: an interrupted or failed run, or stored results. The look uses the
     * adaptive loop's last progress when a loop ran, so its level and stops agree with what the loop did.
     */
    static RunRecord judge(RunRecord run, StatsOptions o) {
        AdaptiveProgress progress = AdaptiveLoop.progressOf(run.adaptive());
        List<RunStatistics> looks = run.comparisons().stream()
                .map(c -> Statistics.evaluate(samples(c), o, progress)).toList();
        return apply(run, looks, o);
    }

    /** The rules the verdicts are judged by, as stored with the run. */
    static JudgementRecord rules(StatsOptions o) {
        return new JudgementRecord(ResultsStore.ANALYSIS, o.warningPct(), o.failPct(), o.gainPct(), o.metrics(),
                o.confidence(), o.fdr(), o.power(), o.firstLook(), o.maxPairs(), o.budget().toSeconds(),
                o.counterMarginPct());
    }

    /** The stats stage's input for one comparison: every cell's measured iterations and failures. */
    static List<CellSamples> samples(ComparisonRecord c) {
        List<CellSamples> cells = new ArrayList<>();
        for (CellRecord cell : c.cells()) {
            List<IterationSample> parent = new ArrayList<>();
            List<IterationSample> patch = new ArrayList<>();
            List<String> parentFailures = new ArrayList<>();
            List<String> patchFailures = new ArrayList<>();
            collect(cell.parent(), parent, parentFailures);
            collect(cell.patch(), patch, patchFailures);
            cells.add(new CellSamples(cell.key(), parent, patch, parentFailures, patchFailures, patchFirst(cell),
                    cell.mode() == MeasureMode.ALTERNATE));
        }
        return cells;
    }

    /** The pairs whose patch start ran before the parent's (pair i: iteration i of each side). */
    static java.util.Set<Integer> patchFirst(CellRecord cell) {
        java.util.Set<Integer> out = new java.util.HashSet<>();
        for (IterationRecord p : cell.patch()) {
            cell.parent().stream().filter(a -> a.index() == p.index()).findFirst()
                    .filter(a -> p.sequence() < a.sequence()).ifPresent(a -> out.add(p.index()));
        }
        return out;
    }

    private static void collect(List<IterationRecord> its, List<IterationSample> samples, List<String> failures) {
        for (IterationRecord it : its) {
            if (it.failure() != null || it.samples().isEmpty()) {
                failures.add("iteration " + (it.index() + 1) + ": "
                        + (it.failure() != null ? it.failure() : "no samples measured"));
                continue;
            }
            double[] tps = it.samples().stream().mapToDouble(SampleRecord::tps).toArray();
            samples.add(new IterationSample(it.index(), tps, cpuUsPerTx(it), csPerTx(it), counters(it),
                    it.flags().stream().map(Enum::name).toList()));
        }
    }

    /** The engine's CPU microseconds per transaction of a measured iteration, or null without a reading. */
    static Double cpuUsPerTx(IterationRecord it) {
        return it.cpuUsPerTx();
    }

    /** The engine's context switches per transaction of a measured iteration, or null without counters. */
    static Double csPerTx(IterationRecord it) {
        CountersRecord c = it.counters();
        return c == null || c.transactions() <= 0 || c.contextSwitches() == null ? null
                : (double) c.contextSwitches() / c.transactions();
    }

    /** Every counter of an iteration, engine and process alike, for the comparison per transaction. */
    static CounterSample counters(IterationRecord it) {
        CountersRecord c = it.counters();
        if (c == null || c.transactions() <= 0) {
            return null;
        }
        Map<String, Long> all = new TreeMap<>(c.engine());
        all.putAll(c.process());
        return new CounterSample(c.transactions(), all);
    }
}

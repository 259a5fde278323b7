package org.taf.runner.run;

import java.util.ArrayList;
import java.util.List;
import org.taf.runner.results.AdaptiveRecord;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.JudgementRecord;
import org.taf.runner.results.NoiseThresholds;
import org.taf.runner.results.ResultsStore;
import org.taf.runner.results.RunRecord;
import org.taf.runner.stats.AdaptiveProgress;
import org.taf.runner.stats.CellSamples;
import org.taf.runner.stats.CellVerdict;
import org.taf.runner.stats.RunStatistics;
import org.taf.runner.stats.Statistics;
import org.taf.runner.stats.StatsOptions;

/**
 * A run's verdicts put into its record, once, at its end: the adaptive loop's last look ({@link #apply}), or
 * one look made now for a run that stopped early or was stored ({@link #judge}). Each comparison is one call
 * of {@link Statistics} (so Benjamini-Hochberg spans its metrics and cells). The rules they are judged by are
 * in the record from the run's start ({@link #rules}).
 */
final class Judgement {
    private Judgement() {}

    /** The run with the verdicts of a look already made (the adaptive loop's last), one per comparison. */
    static RunRecord apply(RunRecord run, List<RunStatistics> looks) {
        if (looks.size() != run.comparisons().size()) {
            throw new IllegalArgumentException(looks.size() + " looks for " + run.comparisons().size()
                    + " comparisons");
        }
        List<ComparisonRecord> judged = new ArrayList<>();
        for (int i = 0; i < looks.size(); i++) {
            ComparisonRecord c = run.comparisons().get(i);
            List<CellRecord> cells = new ArrayList<>();
            for (CellRecord cell : c.cells()) {
                CellVerdict v = looks.get(i).cells().stream().filter(x -> x.cell().equals(cell.key())).findFirst()
                        .orElseThrow(() -> new IllegalStateException("no verdict for " + cell.key()));
                cells.add(cell.withVerdict(v));
            }
            judged.add(new ComparisonRecord(c.name(), c.label(), c.parent(), c.patch(), cells));
        }
        return run.withComparisons(judged);
    }

    /**
     * A run judged by one look now: an interrupted or failed run, or stored results. The look uses the
     * adaptive loop's last progress when a loop ran, so its level and stops agree with what the loop did.
     *
     * @param o the options the run's rules were made from
     */
    static RunRecord judge(RunRecord run, StatsOptions o) {
        AdaptiveRecord loop = run.adaptive();
        AdaptiveProgress progress = loop == null ? null : loop.progress();
        List<RunStatistics> looks = run.comparisons().stream()
                .map(c -> Statistics.evaluate(samples(c), o, progress)).toList();
        return apply(run, looks);
    }

    /** The rules a run is judged by, as stored with it: the statistics' and the host-noise limits. */
    static JudgementRecord rules(StatsOptions o, NoiseThresholds hostNoise) {
        return new JudgementRecord(ResultsStore.ANALYSIS, o.warningPct(), o.failPct(), o.gainPct(), o.metrics(),
                o.confidence(), o.fdr(), o.power(), o.firstLook(), o.maxPairs(), o.budget().toSeconds(),
                o.counterMarginPct(), hostNoise, o.questions());
    }

    /** The stats stage's input for one stored comparison: every cell's measured iterations and failures. */
    static List<CellSamples> samples(ComparisonRecord c) {
        return c.cells().stream().map(cell -> LiveSamples.of(cell).samples()).toList();
    }
}

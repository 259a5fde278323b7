package org.taf.runner.stats;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Entry point of the statistics: from the measured cells of one comparison to a verdict per cell and
 * the adaptive loop's next step. A pure function of its inputs and {@code options.seed()}.
 *
 * <p>Every metric of every cell is compared over the cell's A/B pairs ({@link PairedTest}); their
 * p-values are adjusted together (Benjamini-Hochberg: one false-discovery rate over metrics and cells);
 * each metric's change and the cell's verdict follow ({@link VerdictRule}); the adaptive policy says
 * which cells get another pair. The runner calls it at every look and keeps the last look as the run's
 * verdicts:
 * <pre>{@code
 * RunStatistics s = Statistics.evaluate(cells, options, progress);
 * while (s.next().addPair()) {
 *     for (CellKey k : s.next().addPairTo()) { measure one more A/B pair of k }
 *     s = Statistics.evaluate(cells, options, new AdaptiveProgress(extraTimeSpent, meanPairCost));
 * }
 * // s.cells() are the final verdicts, with pairs used and stop reasons
 * }</pre>
 */
public final class Statistics {
    private Statistics() {}

    /**
     * Verdicts and next step.
     *
     * @param cells    every cell of the comparison (unique workload x threads), all iterations so far
     * @param options  thresholds, FDR and loop options
     * @param progress the loop's progress; null when no adaptive loop runs (then undecided cells stop
     *                 with PLANNED_ONLY and the plain FDR is the level)
     */
    public static RunStatistics evaluate(List<CellSamples> cells, StatsOptions options, AdaptiveProgress progress) {
        Objects.requireNonNull(options, "options");
        Set<CellKey> seen = new HashSet<>();
        for (CellSamples c : cells) {
            if (!seen.add(c.cell())) {
                throw new IllegalArgumentException("cell " + c.cell() + " appears twice in the run");
            }
        }
        boolean adaptive = progress != null;
        double level = options.level(adaptive);
        List<CellAnalyzer.Analysis> analyses = cells.stream().sorted(Comparator.comparing(CellSamples::cell))
                .map(c -> CellAnalyzer.analyze(c, options, adaptive)).toList();
        List<List<MetricVerdict>> judged = adjust(analyses, level, options);
        Double[] notWorse = notWorse(analyses, judged, options.nonInferiorityLevel(adaptive));
        List<List<CounterChange>> counters = counters(analyses, level, options);
        List<CellVerdict> verdicts = new ArrayList<>();
        for (int i = 0; i < analyses.size(); i++) {
            CellAnalyzer.Analysis a = analyses.get(i);
            VerdictRule.Outcome out = VerdictRule.decide(a, judged.get(i), level, options,
                    new VerdictRule.NotWorse(notWorse[i], options.nonInferiorityLevel(adaptive)));
            verdicts.add(new CellVerdict(a.cell(), out.verdict(), out.reason(), judged.get(i), a.classic(),
                    a.measuredPairs(), level, StopReason.PENDING, a.mde(), a.components(), a.excluded(),
                    a.rule().describe(), a.warnings(), Disagreement.notes(judged.get(i), options),
                    counters.get(i), a.question()));
        }
        AdaptiveDecision next = AdaptivePolicy.next(verdicts, progress, options);
        // A cell stopped for the host's noise says so first: that, not the interval alone, is why it is undecided.
        List<CellVerdict> stamped = verdicts.stream().map(v -> {
            Futility.Reach noisy = next.tooNoisy().get(v.cell());
            CellVerdict s = v.withStopReason(next.stopOf(v.cell()));
            return noisy == null ? s : s.withReason(noisy.sentence() + "; " + s.reason());
        }).toList();
        return new RunStatistics(stamped, next);
    }

    /** Final verdicts of stored results, without an adaptive loop (undecided cells: PLANNED_ONLY). */
    public static RunStatistics evaluate(List<CellSamples> cells, StatsOptions options) {
        return evaluate(cells, options, null);
    }

    /**
     * Below this many counts per transaction on both sides a counter is not listed as moved: an event
     * rarer than one transaction in a thousand is no cost of the transaction, and such counts follow the
     * clock more than the load: the pool's background work, a few events a start, "moved" in an A/A run
     * (docs/benchmarks/rules-evidence.md).
     */
    static final double COUNTER_FLOOR_PER_TX = 0.001;

    /**
     * Benjamini-Hochberg over every counter of every cell (their own family), then which moved: adjusted p
     * below the level, interval excluding 1, at least the margin from 1, and at least
     * {@link #COUNTER_FLOOR_PER_TX} per transaction on one side. Moved ones first.
     */
    private static List<List<CounterChange>> counters(List<CellAnalyzer.Analysis> analyses, double level,
            StatsOptions o) {
        List<CounterChange> all = new ArrayList<>();
        analyses.forEach(a -> all.addAll(a.counters()));
        double[] adj = BenjaminiHochberg.adjust(all.stream().mapToDouble(CounterChange::pValue).toArray());
        double margin = o.counterMarginPct() / 100;
        List<List<CounterChange>> out = new ArrayList<>();
        int k = 0;
        for (CellAnalyzer.Analysis a : analyses) {
            List<CounterChange> cell = new ArrayList<>();
            for (CounterChange c : a.counters()) {
                double p = adj[k++];
                boolean excludes1 = c.ciLow() > 1 || c.ciHigh() < 1;
                boolean far = Math.abs(c.ratio() - 1) >= margin - 1e-12;
                boolean counted = Math.max(c.parent(), c.patch()) >= COUNTER_FLOOR_PER_TX;
                cell.add(c.judged(p, p < level && excludes1 && far && counted));
            }
            cell.sort(Comparator.comparing((CounterChange c) -> !c.moved())
                    .thenComparing(c -> -Math.abs(Math.log(c.ratio()))).thenComparing(CounterChange::name));
            out.add(cell);
        }
        return out;
    }

    /**
     * The non-inferiority test of every cell that asks it of some gating metric: per cell, the largest one-sided p
     * of its gating metrics that ask non-inferiority (an intersection-union test: the cell is not worse only if each
     * of them is not; one without an interval makes it 1; a metric that asks equivalence answers by its own two
     * one-sided tests, SAME), then Benjamini-Hochberg over those cells, the family of "not worse" claims, as the
     * changes are over theirs. A cell whose adjusted p is below {@code level} has each gating metric that asks
     * non-inferiority and is not yet called BETTER, WORSE or SAME turned NOT_WORSE in {@code judged}. Returns the
     * adjusted p per cell, null for a cell that asks equivalence of every gating metric, or failed.
     */
    private static Double[] notWorse(List<CellAnalyzer.Analysis> analyses, List<List<MetricVerdict>> judged,
            double level) {
        Double[] out = new Double[analyses.size()];
        List<Integer> asking = new ArrayList<>();
        List<Double> raw = new ArrayList<>();
        for (int c = 0; c < analyses.size(); c++) {
            CellAnalyzer.Analysis a = analyses.get(c);
            if (a.question() != Question.NON_INFERIORITY || a.failure() != null) {
                continue;
            }
            double p = judged.get(c).stream().filter(Statistics::asksNotWorse).mapToDouble(m -> a.notWorseP()
                    .getOrDefault(m.metric(), 1.0)).max().orElse(1.0);
            asking.add(c);
            raw.add(p);
        }
        double[] adj = BenjaminiHochberg.adjust(raw.stream().mapToDouble(Double::doubleValue).toArray());
        for (int k = 0; k < asking.size(); k++) {
            int c = asking.get(k);
            out[c] = adj[k];
            if (adj[k] < level) {
                judged.get(c).replaceAll(m -> asksNotWorse(m) && m.change() == Change.UNKNOWN
                        ? m.judged(m.pAdjusted(), Change.NOT_WORSE) : m);
            }
        }
        return out;
    }

    private static boolean asksNotWorse(MetricVerdict m) {
        return m.gates() && m.question() == Question.NON_INFERIORITY;
    }

    /** Benjamini-Hochberg over every metric with a p-value, then each metric's change. */
    private static List<List<MetricVerdict>> adjust(List<CellAnalyzer.Analysis> analyses, double level,
            StatsOptions o) {
        List<int[]> tested = new ArrayList<>();
        for (int c = 0; c < analyses.size(); c++) {
            List<MetricVerdict> ms = analyses.get(c).metrics();
            for (int m = 0; m < ms.size(); m++) {
                if (ms.get(m).pValue() != null) {
                    tested.add(new int[] {c, m});
                }
            }
        }
        double[] raw = tested.stream().mapToDouble(ix -> analyses.get(ix[0]).metrics().get(ix[1]).pValue()).toArray();
        double[] adj = BenjaminiHochberg.adjust(raw);
        List<List<MetricVerdict>> out = new ArrayList<>();
        for (CellAnalyzer.Analysis a : analyses) {
            out.add(new ArrayList<>(a.metrics()));
        }
        for (int k = 0; k < tested.size(); k++) {
            int[] ix = tested.get(k);
            out.get(ix[0]).set(ix[1], out.get(ix[0]).get(ix[1]).judged(adj[k], Change.UNKNOWN));
        }
        for (List<MetricVerdict> ms : out) {
            ms.replaceAll(m -> m.judged(m.pAdjusted(), VerdictRule.change(m, m.pAdjusted(), level, o)));
        }
        return out;
    }
}

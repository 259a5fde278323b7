package org.taf.runner.run;

import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.taf.runner.results.AdaptiveRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.stats.AdaptiveDecision;
import org.taf.runner.stats.AdaptiveProgress;
import org.taf.runner.stats.CellKey;
import org.taf.runner.stats.CellVerdict;
import org.taf.runner.stats.RunStatistics;
import org.taf.runner.stats.Statistics;
import org.taf.runner.stats.StatsOptions;
import org.taf.runner.stats.StopReason;

/**
 * The adaptive loop, run after the planned A/B pairs: while the stats stage
 * ({@link org.taf.runner.stats.AdaptivePolicy}) asks for more pairs of undecided cells, measure them,
 * one A/B pair at a time, most urgent cell first. It stops when every cell is decided, lies between
 * thresholds or reached {@code stats.max_pairs}, or when {@code stats.budget} cannot pay for another
 * pair: a pair is never started when the estimated cost of one (the mean of every pair measured so
 * far, planned ones included) would end it past the budget.
 *
 * <p>Every look uses {@code Statistics.evaluate} with an {@link AdaptiveProgress}, so the
 * adjusted p-values are compared with the per-look level that keeps the false-alarm rate over all
 * looks at {@code stats.fdr}; {@link Judgement} makes the final look with the same progress.
 * Time is measured with the injected clock, so tests drive the loop with a fake one.
 */
final class AdaptiveLoop {
    /** Where the loop reads the cells and measures pairs: the runner, or a fake in tests. */
    interface Measurements {
        /** Every comparison's cells as measured so far, in definition order. */
        List<ComparisonRecord> comparisons();

        /** Measures one more A/B pair (parent and patch iteration) of {@code cell} in comparison {@code index}. */
        void measurePair(int index, CellKey cell);
    }

    private final StatsOptions options;
    private final int plannedPairs;
    private final Clock clock;
    private final PrintStream out;

    /**
     * @param options      thresholds, {@code maxPairs} and {@code budget}
     * @param plannedPairs {@code measure.iterations}: the pairs of every cell before the loop
     * @param clock        wall clock the budget is spent on
     * @param out          one line per decision and per added pair
     */
    AdaptiveLoop(StatsOptions options, int plannedPairs, Clock clock, PrintStream out) {
        this.options = options;
        this.plannedPairs = plannedPairs;
        this.clock = clock;
        this.out = out;
    }

    /** True when the loop may add pairs: {@code stats.max_pairs} is above the planned pairs. */
    boolean enabled() {
        return options.maxPairs() > plannedPairs;
    }

    /**
     * Runs the loop; {@code account} receives the record after every pair (so an interrupted run
     * keeps it) and the final one is returned.
     *
     * @param m            the cells and how to measure a pair
     * @param measuredCost wall time of the planned measurements
     * @param measuredPairs A/B pairs (of one cell) that took {@code measuredCost}; 0 if none
     * @param account      receives the record as it stands
     */
    AdaptiveRecord run(Measurements m, Duration measuredCost, int measuredPairs,
                       java.util.function.Consumer<AdaptiveRecord> account) {
        if (!enabled()) {
            // No look will follow: the verdicts are made at the plain FDR, and say why they stopped.
            List<AdaptiveDecision> decisions = m.comparisons().stream()
                    .map(c -> Statistics.evaluate(Judgement.samples(c), options).next()).toList();
            AdaptiveRecord r = new AdaptiveRecord(false, options.maxPairs(), options.budget().toSeconds(), 0, null, 0,
                    options.fdr(), runStop(decisions).name(), String.format(Locale.ROOT,
                    "no adaptive loop: stats.max_pairs (%d) is not above measure.iterations (%d)",
                    options.maxPairs(), plannedPairs));
            account.accept(r);
            return r;
        }
        PairCost cost = new PairCost(measuredCost, measuredPairs);
        Duration spent = Duration.ZERO;
        int extra = 0;
        AdaptiveRecord record;
        while (true) {
            boolean added = false;
            List<AdaptiveDecision> decisions = new ArrayList<>();
            double level = options.fdr();
            List<ComparisonRecord> comparisons = m.comparisons();
            for (int c = 0; c < comparisons.size(); c++) {
                AdaptiveProgress progress = new AdaptiveProgress(spent, cost.perPair());
                RunStatistics s = Statistics.evaluate(Judgement.samples(comparisons.get(c)), options, progress);
                level = s.cells().stream().mapToDouble(CellVerdict::level).findFirst().orElse(level);
                decisions.add(s.next());
                if (s.next().addPair()) {
                    out.printf("taf: adaptive (%s): %s%n", comparisons.get(c).name(), s.next().why());
                }
                for (CellKey k : s.next().addPairTo()) {
                    if (spent.plus(cost.perPair()).compareTo(options.budget()) > 0) {
                        break; // the pair could not finish inside the budget
                    }
                    if (measuredPairs(comparisons.get(c), k) >= options.maxPairs()) {
                        // The stats stage counts included pairs; failed or excluded iterations do not
                        // count there, but a cell never gets more than stats.max_pairs measured pairs.
                        continue;
                    }
                    Instant t0 = clock.instant();
                    account.accept(record(spent, cost, extra, level, StopReason.PENDING,
                            "measuring an extra pair of " + k));
                    m.measurePair(c, k);
                    Duration took = Duration.ofMillis(Duration.between(t0, clock.instant()).toMillis());
                    spent = spent.plus(took);
                    cost.add(took);
                    extra++;
                    added = true;
                }
            }
            if (!added) {
                record = record(spent, cost, extra, level, runStop(decisions), why(decisions));
                break;
            }
        }
        out.printf("taf: adaptive loop: %d extra pair(s) in %ds; %s%n", extra, Math.round(spent.toMillis() / 1000.0),
                record.why());
        account.accept(record);
        return record;
    }

    private static int measuredPairs(ComparisonRecord c, CellKey k) {
        return c.cells().stream().filter(x -> x.workload().equals(k.workload()) && x.threads() == k.threads())
                .mapToInt(x -> Math.min(x.parent().size(), x.patch().size())).findFirst().orElse(0);
    }

    private AdaptiveRecord record(Duration spent, PairCost cost, int extra, double level, StopReason stop,
                                  String why) {
        return new AdaptiveRecord(true, options.maxPairs(), options.budget().toSeconds(), spent.toMillis() / 1000.0,
                cost.perPair().toMillis() / 1000.0, extra, level, stop.name(), why);
    }

    /**
     * The run's stop reason: the most limiting of the comparisons' (as the stats stage orders them). A
     * comparison still PENDING when no pair was added has a cell at {@code stats.max_pairs} measured
     * pairs that the stats stage counts fewer of (failed or excluded iterations): MAX_PAIRS.
     */
    private static StopReason runStop(List<AdaptiveDecision> decisions) {
        if (decisions.stream().anyMatch(d -> d.runStop() == StopReason.PENDING)) {
            return decisions.stream().anyMatch(d -> d.runStop() == StopReason.BUDGET_SPENT)
                    ? StopReason.BUDGET_SPENT : StopReason.MAX_PAIRS;
        }
        for (StopReason r : List.of(StopReason.BUDGET_SPENT, StopReason.PLANNED_ONLY, StopReason.MAX_PAIRS,
                StopReason.BETWEEN_THRESHOLDS)) {
            if (decisions.stream().anyMatch(d -> d.runStop() == r)) {
                return r;
            }
        }
        return StopReason.DECIDED;
    }

    private static String why(List<AdaptiveDecision> decisions) {
        return String.join("; ", decisions.stream().map(AdaptiveDecision::why).toList());
    }

    /**
     * The progress the final look of a judged run must use: the one the loop ended with, or null when
     * no loop ran (stored results of older runs, or a loop that was disabled).
     */
    static AdaptiveProgress progressOf(AdaptiveRecord r) {
        if (r == null || !r.enabled() || r.pairCostSeconds() == null) {
            return null;
        }
        return new AdaptiveProgress(Duration.ofMillis(Math.round(r.spentSeconds() * 1000)),
                Duration.ofMillis(Math.max(1, Math.round(r.pairCostSeconds() * 1000))));
    }

    /** The running mean wall time of one A/B pair, in whole milliseconds (so a stored record gives it back). */
    private static final class PairCost {
        private Duration total;
        private int pairs;

        PairCost(Duration measured, int measuredPairs) {
            this.total = measured;
            this.pairs = measuredPairs;
        }

        void add(Duration pair) {
            total = total.plus(pair);
            pairs++;
        }

        Duration perPair() {
            // Before anything was measured there is no estimate; one millisecond lets the first pair start.
            long ms = pairs == 0 ? 1 : total.toMillis() / pairs;
            return Duration.ofMillis(Math.max(1, ms));
        }
    }
}

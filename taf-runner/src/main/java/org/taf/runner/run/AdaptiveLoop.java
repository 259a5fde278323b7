package org.taf.runner.run;

import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.taf.runner.results.AdaptiveRecord;
import org.taf.runner.stats.AdaptiveProgress;
import org.taf.runner.stats.CellKey;
import org.taf.runner.stats.CellSamples;
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
 * looks at {@code stats.fdr}; the last look is the run's verdicts.
 * Time is measured with the injected clock, so tests drive the loop with a fake one.
 */
final class AdaptiveLoop {
    /** Where the loop reads the cells and measures pairs: the runner, or a fake in tests. */
    interface Measurements {
        /** Every comparison's name, in definition order. */
        List<String> names();

        /** Comparison {@code index}'s cells as measured so far: the stats stage's input, kept live. */
        List<CellSamples> samples(int index);

        /** Measures one more A/B pair (parent and patch iteration) of {@code cell} in comparison {@code index}. */
        void measurePair(int index, CellKey cell);

        /**
         * Time spent so far waiting for the host to quieten before pairs ({@code host.quiet_wait}): not measuring,
         * so a pair's cost against {@code stats.budget} leaves it out.
         */
        default Duration waited() {
            return Duration.ZERO;
        }
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
     * Runs the loop and returns its last look, one {@link RunStatistics} per comparison: the run's
     * verdicts. {@code account} receives the loop's record after every pair (so an interrupted run
     * keeps it) and at the end.
     *
     * @param m             the cells and how to measure a pair
     * @param allowed       false for a run that measures its planned pairs only ({@code taf calibrate})
     * @param measuredCost  wall time of the planned measurements
     * @param measuredPairs A/B pairs (of one cell) that took {@code measuredCost}; 0 if none
     * @param account       receives the record as it stands
     */
    List<RunStatistics> run(Measurements m, boolean allowed, Duration measuredCost, int measuredPairs,
                            java.util.function.Consumer<AdaptiveRecord> account) {
        if (!allowed || !enabled()) {
            // No look will follow: the verdicts are made at the plain FDR, and say why they stopped.
            List<RunStatistics> looks = new ArrayList<>();
            for (int c = 0; c < m.names().size(); c++) {
                looks.add(Statistics.evaluate(m.samples(c), options));
            }
            AdaptiveRecord r = new AdaptiveRecord(false, options.maxPairs(), options.budget().toSeconds(), 0, null, 0,
                    options.fdr(), runStop(looks), !allowed ? "no adaptive loop: planned pairs only"
                    : String.format(Locale.ROOT, "no adaptive loop: stats.max_pairs (%d) is not above"
                            + " measure.iterations (%d)", options.maxPairs(), plannedPairs));
            account.accept(r);
            return looks;
        }
        PairCost cost = new PairCost(measuredCost, measuredPairs);
        Duration spent = Duration.ZERO;
        int extra = 0;
        while (true) {
            boolean added = false;
            List<RunStatistics> looks = new ArrayList<>();
            double level = options.level(true);
            List<String> names = m.names();
            for (int c = 0; c < names.size(); c++) {
                AdaptiveProgress progress = new AdaptiveProgress(spent, cost.perPair());
                RunStatistics s = Statistics.evaluate(m.samples(c), options, progress);
                looks.add(s);
                if (s.next().addPair()) {
                    out.printf("taf: adaptive (%s): %s%n", names.get(c), s.next().why());
                }
                for (CellKey k : s.next().addPairTo()) {
                    if (spent.plus(cost.perPair()).compareTo(options.budget()) > 0) {
                        break; // the pair could not finish inside the budget
                    }
                    Instant t0 = clock.instant();
                    Duration waitedBefore = m.waited();
                    account.accept(record(spent, cost, extra, level, StopReason.PENDING,
                            "measuring an extra pair of " + k));
                    m.measurePair(c, k);
                    Duration took = Duration.ofMillis(Duration.between(t0, clock.instant())
                            .minus(m.waited().minus(waitedBefore)).toMillis());
                    spent = spent.plus(took);
                    cost.add(took);
                    extra++;
                    added = true;
                }
            }
            if (!added) {
                AdaptiveRecord record = record(spent, cost, extra, level, runStop(looks), why(looks));
                out.printf("taf: adaptive loop: %d extra pair(s) in %ds; %s%n", extra,
                        Math.round(spent.toMillis() / 1000.0), record.why());
                account.accept(record);
                return looks;
            }
        }
    }

    private AdaptiveRecord record(Duration spent, PairCost cost, int extra, double level, StopReason stop,
                                  String why) {
        return new AdaptiveRecord(true, options.maxPairs(), options.budget().toSeconds(), spent.toMillis() / 1000.0,
                cost.perPair().toMillis() / 1000.0, extra, level, stop, why);
    }

    /**
     * The run's stop reason: the most limiting of the comparisons' (as the stats stage orders them). A
     * comparison still PENDING when no pair was added could not pay for its next pair: BUDGET_SPENT.
     */
    private static StopReason runStop(List<RunStatistics> looks) {
        List<StopReason> stops = looks.stream().map(s -> s.next().runStop()).toList();
        if (stops.contains(StopReason.PENDING)) {
            return StopReason.BUDGET_SPENT;
        }
        for (StopReason r : List.of(StopReason.TOO_NOISY, StopReason.BUDGET_SPENT, StopReason.PLANNED_ONLY,
                StopReason.MAX_PAIRS, StopReason.BETWEEN_THRESHOLDS)) {
            if (stops.contains(r)) {
                return r;
            }
        }
        return StopReason.DECIDED;
    }

    private static String why(List<RunStatistics> looks) {
        return String.join("; ", looks.stream().map(s -> s.next().why()).toList());
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

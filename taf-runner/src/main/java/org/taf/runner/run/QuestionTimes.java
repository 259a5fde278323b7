package org.taf.runner.run;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.taf.runner.config.TestDefinition;
import org.taf.runner.results.DesignNoise;
import org.taf.runner.results.HostFingerprint;
import org.taf.runner.results.NoiseFile;
import org.taf.runner.results.NoiseRecord;
import org.taf.runner.stats.CellKey;
import org.taf.runner.stats.DetectableEffect;
import org.taf.runner.stats.Metric;
import org.taf.runner.stats.Question;
import org.taf.runner.stats.StatsOptions;
import org.taf.runner.workload.ProgressBar;

/**
 * How long each question takes to answer an unchanged commit in a cell, per gating metric, at {@code stats.power},
 * from this host's stored noise ({@code taf plan}, {@code taf validate}): the pairs that equivalence (NO_CHANGE
 * within +-{@code verdict.warning_pct}, {@link DetectableEffect#pairsForSame}) and non-inferiority (NOT_WORSE by
 * {@code verdict.fail_pct}, {@link DetectableEffect#pairsForNotWorse}) need at the metric's planned pair spread,
 * times one pair's cost on this host. A cell is answered when each gating metric answers the question it asks, so
 * the cell's time is the longest of theirs. It sizes the gate: a question whose time exceeds the budget will not be
 * answered.
 *
 * @param workload     TAF's test name
 * @param threads      client threads
 * @param asked        the question of the cell as a whole ({@link org.taf.runner.stats.Questions#ofCell})
 * @param pairSeconds  one pair's cost on this host, in the cell's design
 * @param plannedPairs {@code measure.iterations}: measured whatever the answer
 * @param maxPairs     the most pairs the adaptive loop and its budget can reach in the cell when every cell stays
 *                     open (the budget shared evenly)
 * @param reach        the most it can reach when the other cells stop once answered, at their planned pairs (the
 *                     loop stops an answered cell and spends the time saved on the cells still open)
 * @param metrics      each gating metric, in {@code verdict.metrics} order
 */
public record QuestionTimes(String workload, int threads, Question asked, double pairSeconds, int plannedPairs,
                            int maxPairs, int reach, List<MetricTimes> metrics) {

    /**
     * One gating metric of the cell.
     *
     * @param metric         the metric
     * @param asked          the question it asks here ({@code verdict.question} and its keys)
     * @param pairSd         its pairs' planned log-ratio SD; null when none is stored for this host and design
     * @param equivalence    pairs for SAME, -1 beyond {@link PlannedMde#SAME_SEARCH_LIMIT} or without a spread
     * @param nonInferiority pairs for NOT_WORSE, the same
     */
    public record MetricTimes(Metric metric, Question asked, Double pairSd, int equivalence, int nonInferiority) {
        /** The pairs its own question needs, -1 when unknown or beyond the search. */
        public int answer() {
            return asked == Question.EQUIVALENCE ? equivalence : nonInferiority;
        }
    }

    public QuestionTimes {
        metrics = List.copyOf(metrics);
    }

    /** The cells with stored noise, in plan order; a cell without says so in {@link PlannedMde}'s lines. */
    static List<QuestionTimes> of(TestDefinition def, StatsOptions o, NoiseFile noise, HostFingerprint host,
                                  Design design) {
        Map<CellKey, Double> sds = new HashMap<>();
        var planned = PlannedMde.of(def, o, noise, host, design, true, sds);
        boolean loop = o.maxPairs() > def.measure().iterations();
        List<QuestionTimes> out = new ArrayList<>();
        for (var p : planned) {
            CellKey key = new CellKey(p.workload(), p.threads());
            Optional<NoiseRecord> n = noise.find(host.id(), p.workload(), p.threads());
            Double tpsSd = sds.get(key);
            if (n.isEmpty() || tpsSd == null) {
                continue;
            }
            Design.Cell cell = design.of(0, key);
            // The other metrics' spreads are stored per design as measured: none is predicted for another one.
            Optional<DesignNoise> measured = n.get().design(cell.mode(), cell.windows(), PlannedMde.windowSeconds(def));
            List<MetricTimes> metrics = new ArrayList<>();
            for (Metric m : o.metrics()) {
                Double sd = m == Metric.TPS ? tpsSd : measured.flatMap(d -> d.sdOf(m)).orElse(null);
                int same = sd == null ? -1 : DetectableEffect.pairsForSame(sd, PlannedMde.SAME_SEARCH_LIMIT,
                        o.equivalenceLevel(loop), o);
                int notWorse = sd == null ? -1 : DetectableEffect.pairsForNotWorse(sd, PlannedMde.SAME_SEARCH_LIMIT,
                        o.nonInferiorityLevel(loop), o);
                metrics.add(new MetricTimes(m, o.questions().of(p.workload(), m), sd, same, notWorse));
            }
            out.add(new QuestionTimes(p.workload(), p.threads(), o.questions().ofCell(p.workload(), o.metrics()),
                    PlannedMde.pairSeconds(def, n.get(), cell), p.pairs(), p.maxPairs(), p.maxPairs(), metrics));
        }
        if (!loop || out.size() < planned.size()) {
            return out; // a cell without stored noise has no known cost: the even share is all a plan can say
        }
        List<QuestionTimes> reached = new ArrayList<>();
        for (int i = 0; i < out.size(); i++) {
            QuestionTimes q = out.get(i);
            reached.add(new QuestionTimes(q.workload, q.threads, q.asked, q.pairSeconds, q.plannedPairs, q.maxPairs,
                    Math.max(q.maxPairs, reach(out, i, def.comparisons().size(), o)), q.metrics));
        }
        return reached;
    }

    /**
     * The pairs cell {@code focus} reaches when it stays open and every other cell (of every comparison) stops once
     * answered ({@link #answer()}, at least its planned pairs; an unknown answer stays open up to
     * {@code stats.max_pairs}): the loop's rounds, each adding a pair to every open cell while {@code stats.budget}
     * pays for it.
     */
    static int reach(List<QuestionTimes> cells, int focus, int comparisons, StatsOptions o) {
        List<QuestionTimes> all = new ArrayList<>();
        for (int c = 0; c < comparisons; c++) {
            all.addAll(cells);
        }
        int[] pairs = all.stream().mapToInt(QuestionTimes::plannedPairs).toArray();
        double remaining = o.budget().toMillis() / 1000.0;
        boolean added = true;
        while (added) {
            added = false;
            for (int j = 0; j < all.size(); j++) {
                QuestionTimes q = all.get(j);
                int stop = j == focus || q.answer() < 0 ? o.maxPairs() : Math.min(o.maxPairs(), q.answer());
                if (pairs[j] < stop && remaining >= q.pairSeconds) {
                    pairs[j]++;
                    remaining -= q.pairSeconds;
                    added = true;
                }
            }
        }
        return pairs[focus];
    }

    /**
     * The pairs that answer the cell: the most its gating metrics' questions need; -1 when a metric's is unknown (no
     * stored spread) or beyond the search.
     */
    public int answer() {
        int most = 0;
        for (MetricTimes m : metrics) {
            if (m.answer() < 0) {
                return -1;
            }
            most = Math.max(most, m.answer());
        }
        return most;
    }

    /**
     * The cell's line, then one per gating metric: "POINT_SELECT@2 asks equivalence of tps, non_inferiority of
     * cpu_per_tx; an unchanged commit is answered at 80% power after about 9 pairs, 4m 30s; this run may reach 14
     * pairs (30s a pair)", "POINT_SELECT@2 tps asks equivalence: by non_inferiority (NOT_WORSE by 5%) after about 5
     * pairs, 2m 30s, by equivalence (NO_CHANGE within +-3%) after about 9 pairs, 4m 30s (pairs spreading 2.2%)".
     */
    List<String> lines(StatsOptions o) {
        List<String> out = new ArrayList<>();
        String cell = workload + "@" + threads;
        String asks = metrics.stream().collect(Collectors.groupingBy(MetricTimes::asked, java.util.TreeMap::new,
                Collectors.mapping(m -> m.metric().label(), Collectors.joining(" and ")))).entrySet().stream()
                .map(e -> e.getKey().label() + " of " + e.getValue()).collect(Collectors.joining(", "));
        int answer = answer();
        String when = answer >= 0 ? "after about " + pairsAndTime(answer)
                : metrics.stream().anyMatch(m -> m.pairSd() == null) ? "at a time not known yet (a metric has no stored"
                + " spread)" : "only after more than " + PlannedMde.SAME_SEARCH_LIMIT + " pairs";
        String shared = reach > maxPairs ? " once the other cells are answered (" + maxPairs + " if none is)" : "";
        out.add(String.format(Locale.ROOT, "%s asks %s; an unchanged commit is answered at %s power %s; this run may"
                + " reach %d pairs%s (%s a pair)", cell, asks, DetectableEffect.trim(100 * o.power()) + "%", when,
                reach, shared, ProgressBar.duration(Math.round(pairSeconds))));
        for (MetricTimes m : metrics) {
            if (m.pairSd() == null) {
                out.add(String.format(Locale.ROOT, "%s %s asks %s: no spread of it is stored for this host and design"
                        + " (the next run of this design stores it)", cell, m.metric().label(), m.asked().label()));
                continue;
            }
            out.add(String.format(Locale.ROOT, "%s %s asks %s: by non_inferiority (NOT_WORSE by %s%%) %s, by"
                    + " equivalence (NO_CHANGE within +-%s%%) %s (pairs spreading %.1f%%)", cell, m.metric().label(),
                    m.asked().label(), DetectableEffect.trim(o.failPct()), after(m.nonInferiority()),
                    DetectableEffect.trim(o.warningPct()), after(m.equivalence()), 100 * m.pairSd()));
        }
        return out;
    }

    /** The time to answer with {@code pairs} pairs (the planned ones are measured anyway); -1 without an answer. */
    long seconds(int pairs) {
        return pairs < 0 ? -1 : Math.round(Math.max(pairs, plannedPairs) * pairSeconds);
    }

    /** Whether the question's pairs are within the cell's reach (the other cells answered as planned). */
    boolean reached(int pairs) {
        return pairs >= 0 && pairs <= reach;
    }

    private String after(int pairs) {
        if (pairs < 0) {
            return "only after more than " + PlannedMde.SAME_SEARCH_LIMIT + " pairs";
        }
        return "after about " + pairsAndTime(pairs);
    }

    private String pairsAndTime(int pairs) {
        return String.format(Locale.ROOT, "%d pairs, %s%s", Math.max(pairs, plannedPairs),
                ProgressBar.duration(seconds(pairs)), reached(pairs) ? "" : " (beyond this run's reach)");
    }
}

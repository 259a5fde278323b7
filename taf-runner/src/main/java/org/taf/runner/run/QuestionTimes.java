package org.taf.runner.run;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.taf.runner.config.TestDefinition;
import org.taf.runner.results.HostFingerprint;
import org.taf.runner.results.NoiseFile;
import org.taf.runner.results.NoiseRecord;
import org.taf.runner.stats.CellKey;
import org.taf.runner.stats.DetectableEffect;
import org.taf.runner.stats.Question;
import org.taf.runner.stats.StatsOptions;
import org.taf.runner.workload.ProgressBar;

/**
 * How long each question takes to answer an unchanged commit in a cell, at {@code stats.power}, from this host's
 * stored noise ({@code taf plan}, {@code taf validate}): the pairs that equivalence (NO_CHANGE within
 * +-{@code verdict.warning_pct}, {@link DetectableEffect#pairsForSame}) and non-inferiority (NOT_WORSE by
 * {@code verdict.fail_pct}, {@link DetectableEffect#pairsForNotWorse}) need at the planned pair spread, times one
 * pair's cost on this host. It sizes the gate: a question whose time exceeds the budget will not be answered.
 *
 * @param workload        TAF's test name
 * @param threads         client threads
 * @param asked           the question the definition asks of this cell
 * @param pairSd          one pair's planned log-ratio SD
 * @param pairSeconds     one pair's cost on this host, in the cell's design
 * @param plannedPairs    {@code measure.iterations}: measured whatever the answer
 * @param maxPairs        the most pairs the adaptive loop and its budget can reach in the cell
 * @param equivalence     pairs for NO_CHANGE, -1 beyond {@link PlannedMde#SAME_SEARCH_LIMIT}
 * @param nonInferiority  pairs for NOT_WORSE, -1 beyond the same limit
 */
public record QuestionTimes(String workload, int threads, Question asked, double pairSd, double pairSeconds,
                            int plannedPairs, int maxPairs, int equivalence, int nonInferiority) {

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
            Double sd = sds.get(key);
            if (n.isEmpty() || sd == null) {
                continue;
            }
            double pair = PlannedMde.pairSeconds(def, n.get(), design.of(0, key));
            int same = DetectableEffect.pairsForSame(sd, PlannedMde.SAME_SEARCH_LIMIT, o.equivalenceLevel(loop), o);
            int notWorse = DetectableEffect.pairsForNotWorse(sd, PlannedMde.SAME_SEARCH_LIMIT,
                    o.nonInferiorityLevel(loop), o);
            out.add(new QuestionTimes(p.workload(), p.threads(), o.questions().of(p.workload()), sd, pair,
                    p.pairs(), p.maxPairs(), same, notWorse));
        }
        return out;
    }

    /**
     * One line: "OLTP_RW@2 asks non_inferiority; an unchanged commit is answered at 80% power by non_inferiority
     * (NOT_WORSE by 5%) after about 9 pairs, 4m 30s, by equivalence (NO_CHANGE within +-3%) after about 78
     * pairs, 39m; this run may reach 14 pairs (pairs spreading 7.0%, 30s a pair)".
     */
    String line(StatsOptions o) {
        String power = DetectableEffect.trim(100 * o.power()) + "%";
        return String.format(Locale.ROOT, "%s@%d asks %s; an unchanged commit is answered at %s power by"
                + " non_inferiority (NOT_WORSE by %s%%) %s, by equivalence (NO_CHANGE within +-%s%%) %s; this run may"
                + " reach %d pairs (pairs spreading %.1f%%, %s a pair)", workload, threads, asked.label(), power,
                DetectableEffect.trim(o.failPct()), after(nonInferiority), DetectableEffect.trim(o.warningPct()),
                after(equivalence), maxPairs, 100 * pairSd, ProgressBar.duration(Math.round(pairSeconds)));
    }

    /** The time to answer with {@code pairs} pairs (the planned ones are measured anyway); -1 without an answer. */
    long seconds(int pairs) {
        return pairs < 0 ? -1 : Math.round(Math.max(pairs, plannedPairs) * pairSeconds);
    }

    /** Whether the question's pairs are within the cell's reach. */
    boolean reached(int pairs) {
        return pairs >= 0 && pairs <= maxPairs;
    }

    private String after(int pairs) {
        if (pairs < 0) {
            return "only after more than " + PlannedMde.SAME_SEARCH_LIMIT + " pairs";
        }
        return String.format(Locale.ROOT, "after about %d pairs, %s%s", Math.max(pairs, plannedPairs),
                ProgressBar.duration(seconds(pairs)), reached(pairs) ? "" : " (beyond this run's reach)");
    }
}

package org.taf.runner.report;

import java.util.List;
import java.util.stream.Collectors;
import org.taf.runner.results.RunRecord;
import org.taf.runner.stats.CellVerdict;
import org.taf.runner.stats.Metric;
import org.taf.runner.stats.MetricVerdict;
import org.taf.runner.stats.Question;
import org.taf.runner.stats.Verdict;

/**
 * What a cell that asked non-inferiority of some gating metric ({@code verdict.question} and its keys) left open,
 * in the summaries' words: a NOT_WORSE cell did not resolve a change of those metrics smaller than the fail
 * threshold, either way, and an undecided one did not even show that. A reader who sees "pass" must not read it as
 * "no change" (docs/statistics.md, 4a).
 */
public final class Unresolved {
    private Unresolved() {}

    /** The sentence, or null for a cell that asked equivalence of every gating metric or was decided otherwise. */
    public static String of(RunRecord run, CellVerdict v, Messages m, Formats f) {
        if (v == null || v.question() != Question.NON_INFERIORITY
                || v.verdict() != Verdict.NOT_WORSE && v.verdict() != Verdict.INCONCLUSIVE) {
            return null;
        }
        return m.get("unresolved." + v.verdict().name(), failPct(run, f), asking(run, v).stream()
                .map(Metric::label).collect(Collectors.joining(" and ")));
    }

    /**
     * The gating metrics that asked non-inferiority in the cell: as its verdict recorded them, or, for a cell that
     * compared none (a side without readings), as the run's judgement says they ask.
     */
    static List<Metric> asking(RunRecord run, CellVerdict v) {
        List<Metric> recorded = v.metrics().stream().filter(MetricVerdict::gates)
                .filter(x -> x.question() == Question.NON_INFERIORITY).map(MetricVerdict::metric).toList();
        if (!recorded.isEmpty()) {
            return recorded;
        }
        return run.judgement().metrics().stream()
                .filter(x -> run.judgement().questions().of(v.cell().workload(), x) == Question.NON_INFERIORITY)
                .toList();
    }

    /** The fail threshold as the sentences say it: "5%", "2.5%". */
    public static String failPct(RunRecord run, Formats f) {
        double p = run.judgement().failPct();
        return f.percent(p, p == Math.rint(p) ? 0 : 1);
    }
}

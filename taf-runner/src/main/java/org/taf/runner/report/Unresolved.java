package org.taf.runner.report;

import org.taf.runner.results.RunRecord;
import org.taf.runner.stats.CellVerdict;
import org.taf.runner.stats.Question;
import org.taf.runner.stats.Verdict;

/**
 * What a cell that asked non-inferiority ({@code verdict.question}) left open, in the summaries' words: a
 * NOT_WORSE cell did not resolve a change smaller than the fail threshold, either way, and an undecided one did
 * not even show that. A reader who sees "pass" must not read it as "no change" (docs/statistics.md, 4a).
 */
final class Unresolved {
    private Unresolved() {}

    /** The sentence, or null for a cell that asked equivalence or was decided otherwise. */
    static String of(RunRecord run, CellVerdict v, Messages m, Formats f) {
        if (v == null || v.question() != Question.NON_INFERIORITY
                || v.verdict() != Verdict.NOT_WORSE && v.verdict() != Verdict.INCONCLUSIVE) {
            return null;
        }
        return m.get("unresolved." + v.verdict().name(), failPct(run, f));
    }

    /** The fail threshold as the sentences say it: "5%", "2.5%". */
    static String failPct(RunRecord run, Formats f) {
        double p = run.judgement().failPct();
        return f.percent(p, p == Math.rint(p) ? 0 : 1);
    }
}

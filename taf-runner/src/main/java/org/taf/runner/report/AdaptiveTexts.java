package org.taf.runner.report;

import java.util.Locale;
import org.taf.runner.results.AdaptiveRecord;
import org.taf.runner.results.PlannedMdeRecord;
import org.taf.runner.results.RunRecord;
import org.taf.runner.stats.StopReason;

/**
 * The words for the adaptive loop and the MDE planned before measuring, shared by the text summary,
 * the JUnit XML and the post, so all say the same thing. Numbers come from the results; nothing is
 * computed here.
 */
public final class AdaptiveTexts {
    private AdaptiveTexts() {}

    /** The planned MDE of a cell, or null when the run has none for it (older results). */
    public static PlannedMdeRecord plannedOf(RunRecord run, String workload, int threads) {
        return run.plannedMde().stream().filter(p -> p.workload().equals(workload) && p.threads() == threads)
                .findFirst().orElse(null);
    }

    /** E.g. "10.7% with 5 pairs (4.5% with 20 pairs if needed)", or why there is none. */
    public static String planned(PlannedMdeRecord p, Messages m, Formats f) {
        if (p == null) {
            return Formats.NONE;
        }
        if (p.mdePct() == null) {
            return p.warning() != null ? m.get("mde.none_detectable", p.pairs()) : m.get("mde.no_noise");
        }
        String planned = m.get("mde.planned", f.percent(p.mdePct(), 1), p.pairs());
        return p.maxPairs() > p.pairs() && p.maxPairsMdePct() != null
                ? m.get("mde.planned_more", planned, f.percent(p.maxPairsMdePct(), 1), p.maxPairs()) : planned;
    }

    /** One sentence on the adaptive loop, or null when the run has no account of it. */
    public static String loop(RunRecord run, Messages m) {
        AdaptiveRecord a = run.adaptive();
        if (a == null) {
            return null;
        }
        if (!a.enabled()) {
            return m.get("adaptive.off", a.maxPairs());
        }
        return m.get("adaptive.on", a.extraPairs(), Math.round(a.spentSeconds()), a.budgetSeconds(),
                stop(a.stopReason()), String.format(Locale.ROOT, "%.4f", a.level()));
    }

    /** A stop reason as words: BUDGET_SPENT -> "budget spent". */
    public static String stop(StopReason reason) {
        return reason == null ? Formats.NONE : reason.name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }
}

package org.taf.runner.stats;

import java.util.Locale;

/**
 * The three-way rule. With r the ratio, [lo, hi] its interval, p* the BH-adjusted p, w / f / g the
 * warning, fail and gain thresholds as fractions, and level the FDR (or, in the adaptive loop, its
 * per-look share from {@link SequentialLevel}):
 * <ul>
 * <li>REGRESSED: hi &lt; 1 and r &lt;= 1 - f and p* &lt; level;</li>
 * <li>IMPROVED: lo &gt; 1 and r &gt;= 1 + g and p* &lt; level;</li>
 * <li>SAME: 1 - w &lt;= lo and hi &lt;= 1 + w;</li>
 * <li>UNKNOWN otherwise (and always without an interval).</li>
 * </ul>
 */
final class VerdictRule {
    /** The verdict and one sentence of why. */
    record Outcome(Verdict verdict, String reason) {}

    private VerdictRule() {}

    static Outcome decide(CellAnalysis a, Double pAdjusted, double level, StatsOptions o) {
        if (a.failure() != null) {
            return new Outcome(a.failure(), a.failureReason());
        }
        if (a.ciLow() == null) {
            return new Outcome(Verdict.UNKNOWN, String.format(Locale.ROOT, "too few iterations: %d parent and %d"
                    + " patch in the verdict, at least %d per side are needed", a.includedParent(), a.includedPatch(),
                    StatsOptions.MIN_ITERATIONS));
        }
        double r = a.ratio();
        double lo = a.ciLow();
        double hi = a.ciHigh();
        double change = (r - 1) * 100;
        String interval = String.format(Locale.ROOT, "%s%% interval [%.4f, %.4f]", pct(o.confidence() * 100), lo, hi);
        boolean significant = pAdjusted != null && pAdjusted < level;
        String p = pAdjusted == null ? "no p-value" : String.format(Locale.ROOT, "BH-adjusted p %.3g", pAdjusted);
        boolean below = hi < 1 && -change >= o.failPct();
        boolean above = lo > 1 && change >= o.gainPct();
        if ((below || above) && significant) {
            return new Outcome(below ? Verdict.REGRESSED : Verdict.IMPROVED, String.format(Locale.ROOT,
                    "%s lies %s 1, the change %+.2f%% is beyond the %s threshold %s%s%%, and %s < %s", interval,
                    below ? "below" : "above", change, below ? "fail" : "gain", below ? "-" : "+",
                    pct(below ? o.failPct() : o.gainPct()), p, levelText(level, o)));
        }
        if (lo >= 1 - o.warningPct() / 100 && hi <= 1 + o.warningPct() / 100) {
            return new Outcome(Verdict.SAME, String.format(Locale.ROOT, "%s lies within +-%s%%: no change",
                    interval, pct(o.warningPct())));
        }
        if (below || above) {
            return new Outcome(Verdict.UNKNOWN, String.format(Locale.ROOT, "%s lies %s 1 and the change %+.2f%% is"
                    + " beyond the threshold, but %s is not below %s", interval, below ? "below" : "above",
                    change, p, levelText(level, o)));
        }
        if (betweenThresholds(lo, hi, o)) {
            return new Outcome(Verdict.UNKNOWN, String.format(Locale.ROOT, "%s lies between the warning and the %s"
                    + " threshold: a change of about %+.2f%%, too small to call", interval, r < 1 ? "fail" : "gain",
                    change));
        }
        return new Outcome(Verdict.UNKNOWN, String.format(Locale.ROOT, "%s cannot decide: no change needs it within"
                + " +-%s%%, a change needs it beyond 1 with the estimate past -%s%% / +%s%% (estimate %+.2f%%)",
                interval, pct(o.warningPct()), pct(o.failPct()), pct(o.gainPct()), change));
    }

    /**
     * True when the whole interval lies between the warning and the fail threshold, or between the
     * warning and the gain threshold: more pairs narrow it there and cannot decide.
     */
    static boolean betweenThresholds(double lo, double hi, StatsOptions o) {
        double warnLow = 1 - o.warningPct() / 100;
        double warnHigh = 1 + o.warningPct() / 100;
        return (lo > 1 - o.failPct() / 100 && hi < warnLow) || (lo > warnHigh && hi < 1 + o.gainPct() / 100);
    }

    private static String levelText(double level, StatsOptions o) {
        return level == o.fdr() ? "FDR " + pct(o.fdr())
                : String.format(Locale.ROOT, "the per-look level %.3g (FDR %s over up to %d pairs)", level,
                        pct(o.fdr()), o.maxPairs());
    }

    static String pct(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }
}

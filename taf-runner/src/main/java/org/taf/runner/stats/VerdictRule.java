package org.taf.runner.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The decision rule. For one metric with ratio r (patch / parent), its interval [lo, hi] at the look's
 * confidence, p* its BH-adjusted p-value, w the warning threshold as a fraction and level the FDR (or,
 * in the adaptive loop, its per-look share from {@link PairedLevel}):
 * <ul>
 * <li>WORSE: the interval lies on the metric's worse side of 1, |r - 1| &gt;= w and p* &lt; level;</li>
 * <li>BETTER: the same on the better side;</li>
 * <li>SAME: the equivalence interval [lo', hi'] lies within [1 - w, 1 + w]: two one-sided tests
 *     ({@link StatsOptions#equivalenceLevel}) reject both "at least w worse" and "at least w better";</li>
 * <li>UNKNOWN otherwise (and always without an interval).</li>
 * </ul>
 * A cell is REGRESSED when a gating metric is WORSE, else IMPROVED when one is BETTER, else NO_CHANGE
 * when every gating metric it could compare is SAME, else, in a cell where some gating metric asks non-inferiority
 * ({@link Question#NON_INFERIORITY}), NOT_WORSE when every gating metric answers its own question (SAME for one
 * that asks equivalence; SAME or NOT_WORSE, the one-sided test of "worse by the fail threshold or more" rejected,
 * {@link Statistics}, for one that asks non-inferiority), else INCONCLUSIVE. The fail
 * threshold is the drop the design is sized to catch ({@link DetectableEffect}), not the call's boundary: a 5%
 * drop measured with a 1% standard error is called REGRESSED about 98% of the time, where requiring the
 * estimate itself past -5% would call it half the time.
 */
final class VerdictRule {
    /** The verdict and one sentence of why. */
    record Outcome(Verdict verdict, String reason) {}

    /**
     * A cell's non-inferiority test.
     *
     * @param adjustedP its BH-adjusted one-sided p over the cells that ask it; null when the cell does not
     * @param level     the one-sided per-look level it is compared with
     */
    record NotWorse(Double adjustedP, double level) {}

    private VerdictRule() {}

    /** How one metric moved, from its interval, its adjusted p and the threshold. */
    static Change change(MetricVerdict m, Double pAdjusted, double level, StatsOptions o) {
        if (m.ciLow() == null) {
            return Change.UNKNOWN;
        }
        double w = o.warningPct() / 100;
        boolean significant = pAdjusted != null && pAdjusted < level;
        boolean big = Math.abs(m.ratio() - 1) >= w;
        boolean below = m.ciHigh() < 1;
        boolean above = m.ciLow() > 1;
        if (significant && big && (below || above)) {
            return (below == m.metric().higherIsBetter()) ? Change.WORSE : Change.BETTER;
        }
        PairedTest.Interval e = m.equivalence();
        if (e != null && e.low() >= 1 - w && e.high() <= 1 + w) {
            return Change.SAME;
        }
        return Change.UNKNOWN;
    }

    /** The cell's verdict from its judged metrics (or its failure) and, when it asks it, its non-inferiority test. */
    static Outcome decide(CellAnalyzer.Analysis a, List<MetricVerdict> judged, double level, StatsOptions o,
            NotWorse notWorse) {
        if (a.failure() != null) {
            return new Outcome(a.failure(), a.failureReason());
        }
        List<MetricVerdict> gating = judged.stream().filter(MetricVerdict::gates).toList();
        if (gating.isEmpty()) {
            return new Outcome(Verdict.INCONCLUSIVE, "no metric of verdict.metrics ("
                    + o.metrics().stream().map(Metric::label).collect(Collectors.joining(", "))
                    + ") could be compared: the iterations have no readings of them");
        }
        List<MetricVerdict> worse = of(gating, Change.WORSE);
        if (!worse.isEmpty()) {
            return new Outcome(Verdict.REGRESSED, called(worse, level, o));
        }
        List<MetricVerdict> better = of(gating, Change.BETTER);
        if (!better.isEmpty()) {
            return new Outcome(Verdict.IMPROVED, called(better, level, o));
        }
        if (gating.stream().allMatch(m -> m.change() == Change.SAME)) {
            return new Outcome(Verdict.NO_CHANGE, gating.stream().map(VerdictRule::equivalence)
                    .collect(Collectors.joining(", ")) + ": within +-" + DetectableEffect.trim(o.warningPct())
                    + "% by two one-sided tests, no change");
        }
        boolean asksNotWorse = notWorse.adjustedP() != null;
        if (asksNotWorse && gating.stream().allMatch(MetricVerdict::answered)) {
            return new Outcome(Verdict.NOT_WORSE, notWorseReason(gating, notWorse, o));
        }
        List<String> why = new ArrayList<>();
        for (MetricVerdict m : gating) {
            if (m.answered()) {
                continue;
            }
            if (m.question() == Question.NON_INFERIORITY) {
                why.add(notShownNotWorse(m, notWorse, o));
            } else {
                why.add(undecided(m, level, o));
            }
        }
        return new Outcome(Verdict.INCONCLUSIVE, String.join("; ", why));
    }

    /**
     * Why a NOT_WORSE cell passed, per gating metric by what it answered: "tps ..., equivalence interval [..]: within
     * +-3% by two one-sided tests; cpu_per_tx ..., one-sided bound 1.0310 (98.9%), 12 pairs: not worse by 5% or more
     * (one-sided, BH-adjusted p ...); changes of cpu_per_tx smaller than 5% are not resolved here".
     */
    private static String notWorseReason(List<MetricVerdict> gating, NotWorse notWorse, StatsOptions o) {
        List<MetricVerdict> same = of(gating, Change.SAME);
        List<MetricVerdict> notWorseOnes = of(gating, Change.NOT_WORSE);
        String fail = DetectableEffect.trim(o.failPct());
        StringBuilder b = new StringBuilder();
        if (!same.isEmpty()) {
            b.append(same.stream().map(VerdictRule::equivalence).collect(Collectors.joining(", ")))
                    .append(": within +-").append(DetectableEffect.trim(o.warningPct()))
                    .append("% by two one-sided tests; ");
        }
        b.append(notWorseOnes.stream().map(VerdictRule::oneSided).collect(Collectors.joining(", ")))
                .append(String.format(Locale.ROOT, ": not worse by %s%% or more (one-sided, BH-adjusted p %.3g <"
                        + " %.3g); changes %ssmaller than %s%% are not resolved here", fail, notWorse.adjustedP(),
                        notWorse.level(), same.isEmpty() ? "" : "of " + notWorseOnes.stream()
                                .map(m -> m.metric().label()).collect(Collectors.joining(" and ")) + " ", fail));
        return b.toString();
    }

    /**
     * Why a metric that asks non-inferiority does not pass: its one-sided bound reaches the fail threshold, or, with
     * the bound short of it, the cells' claims together are not shown (Benjamini-Hochberg over them).
     */
    private static String notShownNotWorse(MetricVerdict m, NotWorse notWorse, StatsOptions o) {
        if (m.ciLow() == null) {
            return String.format(Locale.ROOT, "%s: too few pairs (%d) for an interval; at least %d are needed",
                    m.metric().label(), m.pairs(), StatsOptions.MIN_ITERATIONS);
        }
        PairedTest.Interval e = m.equivalence();
        double bound = e == null ? Double.NaN : m.metric().higherIsBetter() ? e.low() : e.high();
        boolean clears = m.metric().higherIsBetter() ? bound > margin(m.metric(), o) : bound < margin(m.metric(), o);
        if (clears && notWorse.adjustedP() != null) {
            return String.format(Locale.ROOT, "%s: not worse by %s%% or more alone, but not over the cells:"
                    + " BH-adjusted p %.3g is not below %.3g", oneSided(m), DetectableEffect.trim(o.failPct()),
                    notWorse.adjustedP(), notWorse.level());
        }
        return String.format(Locale.ROOT, "%s: not shown not worse by %s%% or more (the bound must lie %s %.4f;"
                + " estimate %+.2f%%)", oneSided(m), DetectableEffect.trim(o.failPct()),
                m.metric().higherIsBetter() ? "above" : "below", margin(m.metric(), o), m.changePct());
    }

    /** The ratio a metric must be shown better than to be not worse: 1 - f for TPS, 1 + f for a cost. */
    private static double margin(Metric metric, StatsOptions o) {
        return metric.higherIsBetter() ? 1 - o.failPct() / 100 : 1 + o.failPct() / 100;
    }

    /** "tps 0.9912, one-sided bound 0.9621 (98.9%), 12 pairs": the equivalence interval's worse end. */
    private static String oneSided(MetricVerdict m) {
        PairedTest.Interval e = m.equivalence();
        if (e == null) {
            return String.format(Locale.ROOT, "%s %.4f, %d pairs", m.metric().label(), m.ratio(), m.pairs());
        }
        return String.format(Locale.ROOT, "%s %.4f, one-sided bound %.4f (%s%%), %d pairs", m.metric().label(),
                m.ratio(), m.metric().higherIsBetter() ? e.low() : e.high(),
                DetectableEffect.trim(Math.round((1 - e.level() / 2) * 1000) / 10.0), m.pairs());
    }

    private static List<MetricVerdict> of(List<MetricVerdict> ms, Change c) {
        return ms.stream().filter(m -> m.change() == c).toList();
    }

    private static String called(List<MetricVerdict> ms, double level, StatsOptions o) {
        return ms.stream().map(m -> String.format(Locale.ROOT, "%s %s lies %s 1, %+.2f%% is at least the warning"
                        + " threshold %s%%, and BH-adjusted p %.3g < %s", m.metric().label(), interval(m),
                m.ciHigh() < 1 ? "below" : "above", m.changePct(), DetectableEffect.trim(o.warningPct()), m.pAdjusted(),
                levelText(level, o))).collect(Collectors.joining("; "));
    }

    private static String undecided(MetricVerdict m, double level, StatsOptions o) {
        if (m.ciLow() == null) {
            return String.format(Locale.ROOT, "%s: too few pairs (%d) for an interval; at least %d are needed",
                    m.metric().label(), m.pairs(), StatsOptions.MIN_ITERATIONS);
        }
        boolean excludes = m.ciHigh() < 1 || m.ciLow() > 1;
        if (excludes && Math.abs(m.ratio() - 1) < o.warningPct() / 100) {
            return String.format(Locale.ROOT, "%s %s: a change of about %+.2f%%, smaller than the warning threshold"
                    + " %s%% but not yet shown to lie within it%s", m.metric().label(), interval(m), m.changePct(),
                    DetectableEffect.trim(o.warningPct()), equivalenceBounds(m));
        }
        if (excludes) {
            return String.format(Locale.ROOT, "%s %s lies %s 1 and %+.2f%% is past the threshold, but BH-adjusted p"
                    + " %.3g is not below %s", m.metric().label(), interval(m), m.ciHigh() < 1 ? "below" : "above",
                    m.changePct(), m.pAdjusted(), levelText(level, o));
        }
        return String.format(Locale.ROOT, "%s %s cannot decide: no change needs its equivalence interval%s within"
                + " +-%s%%, a change needs it to exclude 1 (estimate %+.2f%%)", m.metric().label(), interval(m),
                equivalenceBounds(m), DetectableEffect.trim(o.warningPct()), m.changePct());
    }

    /** " [0.9712, 1.0335] (97.0%)", or "" without one. */
    private static String equivalenceBounds(MetricVerdict m) {
        PairedTest.Interval e = m.equivalence();
        return e == null ? "" : String.format(Locale.ROOT, " [%.4f, %.4f] (%s%%)", e.low(), e.high(),
                DetectableEffect.trim(Math.round((1 - e.level()) * 1000) / 10.0));
    }

    /** "TPS 1.0012, equivalence interval [0.9801, 1.0226] (97.0%), 10 pairs". */
    private static String equivalence(MetricVerdict m) {
        return String.format(Locale.ROOT, "%s %.4f, equivalence interval%s, %d pairs", m.metric().label(), m.ratio(),
                equivalenceBounds(m), m.pairs());
    }

    private static String interval(MetricVerdict m) {
        return String.format(Locale.ROOT, "%.4f [%.4f, %.4f] (%s%% interval, %d pairs)", m.ratio(), m.ciLow(),
                m.ciHigh(), DetectableEffect.trim(Math.round(m.confidence() * 1000) / 10.0), m.pairs());
    }

    private static String levelText(double level, StatsOptions o) {
        return level == o.fdr() ? "FDR " + DetectableEffect.trim(o.fdr())
                : String.format(Locale.ROOT, "the per-look level %.3g (FDR %s over looks from %d to %d pairs)", level,
                        DetectableEffect.trim(o.fdr()), o.firstLook(), o.maxPairs());
    }
}

package org.taf.runner.report.post;

import java.util.ArrayList;
import java.util.List;
import org.taf.runner.report.CounterTexts;
import org.taf.runner.report.RateWords;
import org.taf.runner.report.Unresolved;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.RateUnit;
import org.taf.runner.stats.CellVerdict;
import org.taf.runner.stats.Metric;
import org.taf.runner.stats.MetricVerdict;
import org.taf.runner.stats.StopReason;

/**
 * What the results table says under a verdict's "how", in plain words: each deciding metric's change with its
 * interval and what it answered ("TPS +8.0% [+5.8%, +10.2%] over 5 pairs: beyond the 3% threshold, the whole
 * interval on the better side"), the verdict's notes, and the counters that moved most. The test in full (p-values
 * adjusted over the cells, each look's level, the equivalence interval) stays in the cell's details, a link away:
 * those levels differ from run to run, the intervals a reader compares are all at the run's one stated level.
 */
final class HowTexts {
    /** Compared counters shown beside a cell's number: the two that moved most. */
    private static final int CAUSES = 2;

    private HowTexts() {}

    static List<String> of(PostContext x, CellRecord cell) {
        CellVerdict v = cell.verdict();
        if (v == null) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        v.metrics().stream().filter(MetricVerdict::gates).forEach(m -> out.add(metric(x, cell, m)));
        if (v.stopReason() == StopReason.TOO_NOISY) {
            out.add(x.m().get("how.too_noisy"));
        }
        out.addAll(PostContext.notesOf(v)); // with the reason of a cell that compared nothing: plain already
        v.moved().stream().limit(CAUSES).forEach(c -> out.add(x.m().get("glance.changed",
                CounterTexts.label(c.name()), CounterTexts.level(x.f(), cell, c, false),
                CounterTexts.level(x.f(), cell, c, true), CounterTexts.change(x.f(), x.m(), cell, c))));
        // a counter only one side has is a change the stats stage cannot compare: the first of
        // them too (a patch that adds its own counters would flood the line with all of them)
        OneSidedCounters.of(cell).stream().limit(1).forEach(c -> out.add(x.m().get("glance.one_side",
                x.m().get(c.inPatch() ? "counter.new" : "counter.gone"), CounterTexts.label(c.name()),
                x.f().perTx(c.perTx()))));
        return out;
    }

    /**
     * The test in full, for the cell's details: per deciding metric its ratio and interval, its p-value and the
     * p-value adjusted over the comparison's cells and metrics, the level each look held it to, and the interval no
     * change was judged by ("TPS: ratio 1.080 [1.058, 1.102], p 0.000312, adjusted 0.000619, held to 0.0145 at each
     * look"). The level is a p-value's, so no interval other than the post's one level is shown.
     */
    static String full(PostContext x, CellRecord cell) {
        CellVerdict v = cell.verdict();
        List<String> out = new ArrayList<>();
        for (MetricVerdict m : v == null ? List.<MetricVerdict>of() : v.metrics()) {
            if (!m.gates() || m.ciLow() == null) {
                continue;
            }
            String test = x.m().get("how.test", name(x, cell, m), x.f().ratio(m.ratio()),
                    x.f().interval(m.ciLow(), m.ciHigh()), x.f().digits3(m.pValue()), x.f().digits3(m.pAdjusted()),
                    x.f().digits3(v.level()));
            out.add(m.equivalence() == null ? test : test + x.m().get("how.test_same",
                    x.f().interval(m.equivalence().low(), m.equivalence().high())));
        }
        return out.isEmpty() ? "" : String.join("; ", out);
    }

    private static String name(PostContext x, CellRecord cell, MetricVerdict m) {
        return m.metric() == Metric.TPS ? RateWords.word(x.m(), RateUnit.of(cell))
                : CounterTexts.human(m.metric().label());
    }

    /** "TPS -0.8% [-2.5%, +1.0%] over 6 pairs: within ±3% by two one-sided tests". */
    private static String metric(PostContext x, CellRecord cell, MetricVerdict m) {
        String name = name(x, cell, m);
        if (m.ciLow() == null) {
            return x.m().get("how.too_few", name, m.pairs());
        }
        return x.m().get("how." + m.change().name(), name, x.f().change(m.ratio()),
                x.f().changeInterval(m.ciLow(), m.ciHigh()), m.pairs(), x.f().percent(x.warningPct(), 0),
                Unresolved.failPct(x.run(), x.f()));
    }
}

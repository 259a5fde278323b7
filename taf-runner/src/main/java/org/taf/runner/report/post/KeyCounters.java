package org.taf.runner.report.post;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.taf.runner.report.CounterTexts;
import org.taf.runner.report.Formats;
import org.taf.runner.report.post.PostView.KeyCounter;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.RateUnit;
import org.taf.runner.stats.CellVerdict;
import org.taf.runner.stats.Change;
import org.taf.runner.stats.CounterChange;
import org.taf.runner.stats.Metric;
import org.taf.runner.stats.MetricVerdict;

/**
 * The few numbers that show why a cell changed, in a reader's terms: "pool-mutex acquisitions 80 → 45
 * per transaction, −44%", "×3.54", "new in patch", "gone in patch". They are the definition's
 * {@code post.key_counters} when it names them (a story knows its mechanism), else CPU per transaction
 * when it moved, then the counters that moved most. A counter that moved against the verdict (more work
 * per transaction in a cell that got faster) is marked as surprising: the narrative must say why.
 */
final class KeyCounters {
    /** Rows shown when the definition names none: enough for a mechanism, few enough to read. */
    static final int AUTO = 3;

    private KeyCounters() {}

    /**
     * The key counters of {@code cell}.
     *
     * @param named  the definition's {@code post.key_counters}, or empty to choose
     * @param better whether the cell's verdict is an improvement (true), a regression (false), or neither
     *               (null): decides what counts as surprising
     */
    static List<KeyCounter> of(PostContext x, CellRecord cell, List<String> named, Boolean better) {
        CellVerdict v = cell.verdict();
        if (v == null) {
            return List.of();
        }
        List<KeyCounter> out = new ArrayList<>();
        if (!named.isEmpty()) {
            for (String name : named) {
                out.add(named(x, cell, v, name, better));
            }
            return out;
        }
        MetricVerdict cpu = v.metric(Metric.CPU_PER_TX);
        if (cpu != null && (cpu.change() == Change.BETTER || cpu.change() == Change.WORSE)) {
            out.add(metric(x, cell, cpu, better));
        }
        v.moved().stream().filter(c -> c.ratio() > 0)
                .sorted(Comparator.comparingDouble((CounterChange c) -> Math.abs(Math.log(c.ratio()))).reversed())
                .limit(AUTO - out.size()).forEach(c -> out.add(counter(x, cell, c, better)));
        OneSidedCounters.of(cell).stream().limit(1).forEach(c -> out.add(oneSided(x, c, better)));
        return out;
    }

    private static KeyCounter named(PostContext x, CellRecord cell, CellVerdict v, String name, Boolean better) {
        Optional<Metric> metric = java.util.Arrays.stream(Metric.values())
                .filter(m -> m.label().equals(name.toLowerCase(Locale.ROOT))).findFirst();
        if (metric.isPresent()) {
            MetricVerdict m = v.metric(metric.get());
            return m == null ? missing(x, name) : metric(x, cell, m, better);
        }
        Optional<CounterChange> c = v.counters().stream().filter(k -> k.name().equals(name)).findFirst();
        if (c.isPresent()) {
            return counter(x, cell, c.get(), better);
        }
        return OneSidedCounters.of(cell).stream().filter(k -> k.name().equals(name)).findFirst()
                .map(k -> oneSided(x, k, better)).orElseGet(() -> missing(x, name));
    }

    private static KeyCounter metric(PostContext x, CellRecord cell, MetricVerdict m, Boolean better) {
        boolean decided = m.change() == Change.BETTER || m.change() == Change.WORSE;
        // CPU and switches per transaction are costs, like the counters: more of them in a faster cell is odd
        boolean surprising = decided && better != null && m.metric() != Metric.TPS
                && (better ? m.ratio() > 1 : m.ratio() < 1);
        String unit = m.metric() == Metric.CPU_PER_TX ? x.m().get("key.unit.us") : "";
        // the "tps" metric holds the cell's rate: a TPROC-C cell's is new orders per minute
        String label = m.metric() == Metric.TPS && RateUnit.of(cell) == RateUnit.NOPM
                ? x.m().get("chart.axis.nopm") : CounterTexts.human(m.metric().label());
        return new KeyCounter(label, m.metric().label(),
                values(x, m.metric(), m.parent()), values(x, m.metric(), m.patch()), unit,
                x.f().change(m.ratio()), x.f().changeInterval(m.ciLow(), m.ciHigh()), decided, surprising);
    }

    private static String values(PostContext x, Metric m, double v) {
        return m == Metric.TPS ? x.f().tps(v) : x.f().perTx(v);
    }

    private static KeyCounter counter(PostContext x, CellRecord cell, CounterChange c, Boolean better) {
        boolean surprising = c.moved() && better != null && (better ? c.ratio() > 1 : c.ratio() < 1);
        return new KeyCounter(CounterTexts.human(c.name()), c.name(), CounterTexts.level(x.f(), cell, c, false),
                CounterTexts.level(x.f(), cell, c, true), x.m().get("key.unit.tx"),
                CounterTexts.change(x.f(), x.m(), cell, c),
                CounterTexts.oneSide(cell, c) == null ? x.f().changeInterval(c.ciLow(), c.ciHigh()) : "",
                c.moved(), surprising);
    }

    /**
     * A counter one side's engine has and the other's lacks: every measured start of that side counts it, so it is
     * decided (nothing is left to test), and new in a faster patch it is more work against the verdict.
     */
    private static KeyCounter oneSided(PostContext x, OneSidedCounters.Counter c, Boolean better) {
        String level = x.f().perTx(c.perTx());
        return new KeyCounter(CounterTexts.human(c.name()), c.name(), c.inPatch() ? Formats.NONE : level,
                c.inPatch() ? level : Formats.NONE, x.m().get("key.unit.tx"),
                x.m().get(c.inPatch() ? "counter.new" : "counter.gone"), "", true,
                better != null && better == c.inPatch());
    }

    private static KeyCounter missing(PostContext x, String name) {
        return new KeyCounter(CounterTexts.human(name), name, Formats.NONE, Formats.NONE, "",
                x.m().get("key.not_measured"), "", false, false);
    }
}

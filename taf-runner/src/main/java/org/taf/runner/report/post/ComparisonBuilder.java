package org.taf.runner.report.post;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.stream.Stream;
import org.taf.runner.report.AdaptiveTexts;
import org.taf.runner.report.CounterTexts;
import org.taf.runner.report.CpuTexts;
import org.taf.runner.report.Formats;
import org.taf.runner.report.IterationNumbers;
import org.taf.runner.report.PageView;
import org.taf.runner.report.PageView.Fact;
import org.taf.runner.report.SummaryRow;
import org.taf.runner.report.Unresolved;
import org.taf.runner.report.post.PostView.Cell;
import org.taf.runner.report.post.PostView.Comparison;
import org.taf.runner.report.post.PostView.Iteration;
import org.taf.runner.report.post.PostView.Side;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.IterationRecord;
import org.taf.runner.results.RateUnit;
import org.taf.runner.results.SideRecord;
import org.taf.runner.results.WarmupMode;
import org.taf.runner.stats.CellVerdict;
import org.taf.runner.stats.Metric;
import org.taf.runner.stats.MetricVerdict;
import org.taf.runner.stats.Question;
import org.taf.runner.stats.VarianceComponents;

/** A comparison's section: its two sides (commit, build, settings) and its cells in detail. */
final class ComparisonBuilder {
    private ComparisonBuilder() {}

    static List<Comparison> build(PostContext x) {
        List<Comparison> out = new ArrayList<>();
        for (ComparisonRecord c : x.run().comparisons()) {
            List<Side> sides = new ArrayList<>();
            for (SideRecord s : new SideRecord[] {c.parent(), c.patch()}) {
                if (s != null) {
                    sides.add(side(x, c, s));
                }
            }
            List<Cell> cells = c.cells().stream().map(cell -> cell(x, c, cell)).toList();
            out.add(new Comparison(PostContext.comparisonAnchor(c), SummaryRow.labelOf(c), c.name(), sides, cells));
        }
        return out;
    }

    private static Side side(PostContext x, ComparisonRecord c, SideRecord s) {
        String build = "unknown";
        String seconds = "";
        String failure = "";
        if (s.build() != null) {
            if (s.build().failure() != null) {
                build = "failed";
                failure = s.build().failure();
            } else if (s.build().cached()) {
                build = "cached";
            } else {
                build = "built";
                seconds = x.f().seconds(s.build().seconds());
            }
        }
        List<String> settings = new ArrayList<>();
        s.engineSettings().forEach((k, v) -> settings.add(k + " = " + v));
        var commit = s.commit();
        return new Side(s.role().label(), nz(s.revision()), commit == null ? "" : nz(commit.sha()),
                SummaryRow.shortSha(s),
                x.commitHref(s), commit == null ? "" : nz(commit.subject()), commit == null ? "" : nz(commit.author()),
                commit == null ? "" : x.f().minute(commit.date()), build, seconds, failure, settings,
                nz(s.patchDiff()));
    }

    private static Cell cell(PostContext x, ComparisonRecord c, CellRecord cell) {
        String anchor = PostContext.cellAnchor(c, cell);
        List<Iteration> its = Stream.concat(cell.parent().stream().map(it -> iteration(x, "parent", it)),
                cell.patch().stream().map(it -> iteration(x, "patch", it)))
                .sorted(Comparator.comparingInt(Iteration::sequence)).toList();
        boolean anyData = Stream.concat(cell.parent().stream(), cell.patch().stream())
                .anyMatch(it -> !it.samples().isEmpty() || (it.warmup() != null && !it.warmup().samples().isEmpty()));
        return new Cell(anchor, cell.workload(), cell.threads(), PostContext.verdictName(cell), facts(x, cell),
                margin(x),
                PostContext.notesOf(cell.verdict()),
                anyData ? PostFiles.picture(anchor + "-tps", x.m().get("chart.tps.title", cell.workload(),
                        cell.threads()), IterationCharts.tps(x, anchor + "-tps", cell), true) : null,
                anyData ? PostFiles.picture(anchor + "-cpu", x.m().get("chart.cpu.title", cell.workload(),
                        cell.threads()), IterationCharts.cpu(x, anchor + "-cpu", cell), true) : null, its,
                counters(x, cell, true), x.cellDetails() ? counters(x, cell, false) : List.of(),
                x.cellDetails() ? FlameViews.of(x, anchor, cell) : List.of());
    }

    /** The margin counters were listed from, as the run stored it ("10%"), or a dash for older files. */
    private static String margin(PostContext x) {
        var j = x.run().judgement();
        return j.counterMarginPct() == null ? Formats.NONE : x.f().percent(j.counterMarginPct(), 0);
    }

    /** The cell's counters per transaction: the moved ones, or all. */
    private static List<PostView.CounterRow> counters(PostContext x, CellRecord cell, boolean movedOnly) {
        CellVerdict v = cell.verdict();
        if (v == null) {
            return List.of();
        }
        Formats f = x.f();
        List<PostView.CounterRow> out = new ArrayList<>(oneSided(x, cell));
        (movedOnly ? v.moved() : v.counters()).stream().map(c -> new PostView.CounterRow(c.name(),
                CounterTexts.label(c.name()), CounterTexts.level(f, cell, c, false),
                CounterTexts.level(f, cell, c, true), CounterTexts.change(f, x.m(), cell, c),
                CounterTexts.interval(f, cell, c), c.moved())).forEach(out::add);
        return out;
    }

    /**
     * The counters only one side's engine has, first: "new in patch" (or "gone in patch") in place of
     * a change, and listed as changed, since a counter that appears is a change the stats stage cannot
     * compare.
     */
    static List<PostView.CounterRow> oneSided(PostContext x, CellRecord cell) {
        Formats f = x.f();
        String absent = x.m().get("counters.not_counted");
        return OneSidedCounters.of(cell).stream().map(c -> new PostView.CounterRow(c.name(),
                CounterTexts.label(c.name()), c.inPatch() ? absent : f.perTx(c.perTx()),
                c.inPatch() ? f.perTx(c.perTx()) : absent, x.m().get(c.inPatch() ? "counter.new" : "counter.gone"),
                Formats.NONE, true))
                .toList();
    }

    private static List<Fact> facts(PostContext x, CellRecord cell) {
        CellVerdict v = cell.verdict();
        if (v == null) {
            return List.of();
        }
        Formats f = x.f();
        List<Fact> facts = new ArrayList<>();
        if (v.tps() == null) {
            facts.add(new Fact("cell.pairs", Integer.toString(v.measuredPairs())));
            return facts; // nothing was compared: the notes say why
        }
        String rate = RateUnit.of(cell).key(); // the verdict's levels: TPS, or a TPROC-C cell's NOPM
        facts.add(new Fact("cell.parent_" + rate, f.tps(v.parentTps())));
        facts.add(new Fact("cell.patch_" + rate, f.tps(v.patchTps())));
        facts.add(new Fact("cell.ratio", f.ratio(v.ratio()) + " " + f.interval(v.ciLow(), v.ciHigh()) + " ("
                + x.m().get("cell.ci", x.level()) + ")"));
        facts.add(new Fact("cell.change", f.change(v.ratio()) + " " + f.changeInterval(v.ciLow(), v.ciHigh())));
        facts.add(new Fact("cell.classic", v.classic() == null ? "" : v.classic().outcome().name()));
        String test = HowTexts.full(x, cell);
        if (!test.isEmpty()) {
            facts.add(new Fact("cell.test", test));
        }
        facts.add(new Fact("cell.pairs", Integer.toString(v.pairsUsed())));
        facts.add(new Fact("cell.stop", AdaptiveTexts.stop(v.stopReason())));
        if (v.question() == Question.NON_INFERIORITY) { // which metric a pass left open: the rest were shown the same
            String warn = "\u00b1" + f.percent(x.warningPct(), 0);
            String fail = Unresolved.failPct(x.run(), f);
            facts.add(new Fact("cell.questions", v.metrics().stream().filter(MetricVerdict::gates)
                    .map(mv -> x.m().get("question." + mv.question().name(), mv.metric().label(), warn, fail))
                    .collect(java.util.stream.Collectors.joining("; "))));
        }
        facts.add(new Fact("cell.mde", f.percent(v.mdePct(), 1)));
        facts.add(new Fact("cell.mde_planned", AdaptiveTexts.planned(
                AdaptiveTexts.plannedOf(x.run(), cell.workload(), cell.threads()), x.m(), f)));
        facts.add(new Fact("cell.cpu_per_tx", CpuTexts.perTx(f, v).replace(" -> ", " / ")));
        MetricVerdict cpu = v.metric(Metric.CPU_PER_TX);
        if (cpu != null) {
            facts.add(new Fact("cell.cpu_ratio", CpuTexts.ratio(f, v) + (cpu.ciLow() == null ? "" : " ("
                    + x.m().get("cell.ci", x.level()) + ")")));
            facts.add(new Fact("cell.cpu_change", x.m().get("cpu.change." + cpu.change()) + ", p "
                    + f.pValue(cpu.pValue()) + " / " + f.pValue(cpu.pAdjusted())));
            java.util.stream.Stream.concat(cell.parent().stream(), cell.patch().stream())
                    .filter(it -> it.engineCpu() != null).findFirst()
                    .ifPresent(it -> facts.add(new Fact("cell.cpu_source", it.engineCpu().source())));
        }
        MetricVerdict cs = v.metric(Metric.CS_PER_TX);
        if (cs != null) {
            facts.add(new Fact("cell.cs_per_tx", f.perTx(cs.parent()) + " / " + f.perTx(cs.patch()) + ", "
                    + f.ratio(cs.ratio()) + (cs.ciLow() == null ? "" : " " + f.interval(cs.ciLow(), cs.ciHigh()))
                    + " (" + x.m().get("metric.change." + cs.change()) + (cs.gates() ? ", " + x.m().get("cell.gating")
                    : "") + ")"));
        }
        VarianceComponents c = v.components();
        if (c != null) {
            facts.add(new Fact("cell.variance", x.m().get("cell.variance_value", f.percent(100 * c.betweenSd(), 2),
                    f.percent(100 * c.withinSd(), 2), c.starts(),
                    cell.startSeconds() == null ? Formats.NONE : f.seconds(cell.startSeconds()))));
        }
        return facts;
    }

    private static Iteration iteration(PostContext x, String role, IterationRecord it) {
        Formats f = x.f();
        OptionalDouble median = IterationNumbers.medianTps(it);
        OptionalDouble cv = IterationNumbers.cvPct(it);
        OptionalDouble p95 = IterationNumbers.medianP95(it);
        String rest = it.rest() == null || !it.rest().enabled() ? x.m().get("iteration.rest_off")
                : it.rest().rested() ? f.seconds(it.rest().seconds())
                : x.m().get("iteration.not_rested", f.seconds(it.rest().seconds()));
        boolean settled = it.warmup() == null || it.warmup().settled() || it.warmup().mode() == WarmupMode.NONE;
        String warmup = it.warmup() == null ? Formats.NONE
                : x.m().get("iteration.cut", f.seconds(it.warmup().cutAtSeconds()), nz(it.warmup().reason()));
        return new Iteration(role, it.index() + 1, it.sequence() + 1, f.minute(it.startedAt()),
                median.isPresent() ? f.tps(median.getAsDouble()) : Formats.NONE,
                cv.isPresent() ? f.percent(cv.getAsDouble(), 1) : Formats.NONE,
                p95.isPresent() ? f.number(p95.getAsDouble(), 2) : Formats.NONE, cpuPerTx(f, it), rest, warmup, settled,
                it.flags().stream().map(Enum::name).toList(), nz(it.failure()));
    }

    /** The iteration's CPU us per transaction, by the stats stage's one definition; a dash without a reading. */
    private static String cpuPerTx(Formats f, IterationRecord it) {
        long tx = it.transactions();
        if (it.engineCpu() == null || tx <= 0) {
            return Formats.NONE;
        }
        return f.micros(it.engineCpu().cpuSeconds() * 1e6 / tx);
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }
}

package org.taf.runner.report;

import java.util.ArrayList;
import java.util.List;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.IterationRecord;
import org.taf.runner.results.RunRecord;
import org.taf.runner.results.SampleRecord;
import org.taf.runner.stats.CellKey;
import org.taf.runner.stats.CellVerdict;
import org.taf.runner.stats.Metric;
import org.taf.runner.stats.MetricVerdict;

/**
 * The report fixtures as if TPROC-C had measured them: the same numbers, each cell named TPROC-C and its
 * samples counting new orders (45% of its events), so its rate is NOPM ({@link org.taf.runner.results.RateUnit}).
 */
public final class TproccRuns {
    static final String WORKLOAD = "TPROC-C";
    /** 45% of the events are new orders, counted per minute. */
    public static final double NOPM_PER_TPS = 0.45 * 60;

    private TproccRuns() {}

    /** {@code run} with every cell TPROC-C's. */
    public static RunRecord of(RunRecord run) {
        return run.withComparisons(run.comparisons().stream().map(c -> new ComparisonRecord(c.name(), c.label(),
                c.parent(), c.patch(), c.cells().stream().map(TproccRuns::cell).toList())).toList());
    }

    /** {@code run} with a TPROC-C copy of each cell after it: a run of sysbench and TPROC-C. */
    public static RunRecord mixed(RunRecord run) {
        return run.withComparisons(run.comparisons().stream().map(c -> {
            List<CellRecord> cells = new ArrayList<>(c.cells());
            c.cells().forEach(k -> cells.add(cell(k)));
            return new ComparisonRecord(c.name(), c.label(), c.parent(), c.patch(), cells);
        }).toList());
    }

    /** The same cell, as TPROC-C measured it. */
    static CellRecord cell(CellRecord k) {
        CellVerdict v = k.verdict();
        CellVerdict renamed = v == null ? null : new CellVerdict(new CellKey(WORKLOAD, k.threads()), v.verdict(),
                v.reason(), v.metrics().stream().map(TproccRuns::perMinute).toList(), v.classic(), v.measuredPairs(),
                v.level(), v.stopReason(), v.mde(),
                v.components(), v.excluded(), v.exclusionRule(), v.warnings(), v.findings(), v.counters());
        return new CellRecord(WORKLOAD, k.threads(), newOrders(k.parent()), newOrders(k.patch()), k.mode(),
                k.windows(), renamed, k.flames());
    }

    /** The rate's levels as new orders per minute: 45% of the transactions, times 60; the ratio stays. */
    private static MetricVerdict perMinute(MetricVerdict m) {
        return m.metric() != Metric.TPS ? m : new MetricVerdict(m.metric(), m.parent() * NOPM_PER_TPS,
                m.patch() * NOPM_PER_TPS, m.ratio(), m.ciLow(), m.ciHigh(), m.confidence(), m.pValue(), m.pAdjusted(),
                m.pairs(), m.sdLog(), m.change(), m.gates(), m.equivalence());
    }

    private static List<IterationRecord> newOrders(List<IterationRecord> its) {
        return its.stream().map(it -> new IterationRecord(it.index(), it.sequence(), it.startedAt(),
                it.serverVersion(), it.rest(), it.warmup(), it.samples().stream().map(s -> new SampleRecord(
                        s.second(), s.intervalSeconds(), s.events(), s.reads(), s.writes(), s.other(), s.errors(),
                        s.reconnects(), s.p50Ms(), s.p95Ms(), s.p99Ms(), s.maxMs(), s.events() * 45 / 100)).toList(),
                it.cpu(), it.flags(), it.failure(), it.engineLog(), it.engineCpu(), it.launchSeconds(), it.windows(),
                it.counters(), it.jfr())).toList();
    }
}

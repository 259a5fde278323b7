package org.taf.runner.run;

import java.util.ArrayList;
import java.util.List;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.CpuVerdictRecord;
import org.taf.runner.results.IterationRecord;
import org.taf.runner.results.VerdictRecord;
import org.taf.runner.stats.CellKey;
import org.taf.runner.stats.CpuComparison;
import org.taf.runner.stats.CpuPerTransaction;
import org.taf.runner.stats.StatsOptions;
import org.taf.runner.stats.Verdict;

/**
 * Adds the second metric to a cell's verdict: the engine's CPU time per transaction of each side
 * (from the iterations' {@link org.taf.runner.results.EngineCpuRecord}s), compared by
 * {@link CpuPerTransaction}, and a note when it disagrees with the TPS verdict. A cell whose sides
 * lack CPU readings (older results, failed iterations) keeps its verdict unchanged.
 */
final class CpuJudgement {
    private CpuJudgement() {}

    static VerdictRecord add(VerdictRecord v, CellRecord cell, Verdict tps, StatsOptions options) {
        double[] parent = usPerTx(cell.parent());
        double[] patch = usPerTx(cell.patch());
        if (parent.length == 0 || patch.length == 0) {
            return v;
        }
        CpuComparison c = CpuPerTransaction.compare(new CellKey(cell.workload(), cell.threads()), parent, patch,
                options);
        String disagreement = c.disagreement(tps, options);
        CpuVerdictRecord cpu = new CpuVerdictRecord(source(cell), c.parentUsPerTx(), c.patchUsPerTx(), c.ratio(),
                c.ciLow(), c.ciHigh(), c.pValue(), c.parentIterations(), c.patchIterations(), c.change().name(),
                disagreement);
        List<String> notes = new ArrayList<>(v.notes());
        if (disagreement != null) {
            notes.add(disagreement);
        }
        return new VerdictRecord(v.verdict(), v.classic(), v.parentTps(), v.patchTps(), v.ratio(), v.ciLow(),
                v.ciHigh(), v.confidence(), v.pValue(), v.pAdjusted(), v.pairsUsed(), v.stopReason(), v.mdePct(),
                c.parentUsPerTx() / 1000, c.patchUsPerTx() / 1000, notes, cpu);
    }

    /** One value per successful iteration with a CPU reading and at least one transaction. */
    static double[] usPerTx(List<IterationRecord> iterations) {
        return iterations.stream()
                .filter(it -> it.succeeded() && it.engineCpu() != null && it.transactions() > 0
                        && it.engineCpu().cpuSeconds() > 0)
                .mapToDouble(it -> CpuPerTransaction.microsPerTransaction(it.engineCpu().cpuSeconds(),
                        it.transactions()))
                .toArray();
    }

    private static String source(CellRecord cell) {
        for (List<IterationRecord> side : List.of(cell.patch(), cell.parent())) {
            for (IterationRecord it : side) {
                if (it.engineCpu() != null) {
                    return it.engineCpu().source();
                }
            }
        }
        throw new IllegalStateException("no CPU reading in " + cell.workload() + " x " + cell.threads());
    }
}

package org.taf.runner.report.post;

import java.util.ArrayList;
import java.util.List;
import org.taf.runner.report.Formats;
import org.taf.runner.report.Messages;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.IterationRecord;
import org.taf.runner.results.RunRecord;
import org.taf.runner.stats.CellVerdict;
import org.taf.runner.stats.Verdict;

/**
 * Whether a post can be read as a finding. Not when most of its engine starts were flagged (not settled,
 * errors, host noise) or failed: the numbers then say more about the host than the commits. Not when a
 * cell is called changed by less than the smallest change it could see (its MDE): a decided call
 * below the MDE is the lucky tail of a noisy cell. Such a post is published, marked "not reliable",
 * and no story leads with it as a finding. A NOT_WORSE cell (non-inferiority) is not held to its MDE: it
 * claims no change of any size, only that its one-sided bound excludes the fail threshold, which its own
 * interval shows whatever the noise; what it leaves open the headline and the summaries say.
 */
public final class Reliability {
    private Reliability() {}

    /** Why the run is not reliable, in a sentence per reason; empty when it is. */
    public static List<String> problem(RunRecord run, Messages m) {
        Formats f = new Formats(m.numberLocale());
        List<String> out = new ArrayList<>();
        int starts = 0;
        int flagged = 0;
        List<String> belowMde = new ArrayList<>();
        for (ComparisonRecord c : run.comparisons()) {
            for (CellRecord cell : c.cells()) {
                for (List<IterationRecord> side : List.of(cell.parent(), cell.patch())) {
                    for (IterationRecord it : side) {
                        starts++;
                        if (!it.succeeded() || !it.flags().isEmpty()) {
                            flagged++;
                        }
                    }
                }
                CellVerdict v = cell.verdict();
                if (v != null && (v.verdict() == Verdict.IMPROVED || v.verdict() == Verdict.REGRESSED)
                        && v.mdePct() != null && v.ratio() != null && decidedOnTps(v)
                        && v.mdePct() > Math.abs(v.ratio() - 1) * 100) {
                    belowMde.add(m.get("reliability.cell", cell.workload(), cell.threads(),
                            f.change(v.ratio()), f.percent(v.mdePct(), 1)));
                }
            }
        }
        if (starts > 0 && flagged * 2 > starts) {
            out.add(m.get("reliability.flagged", flagged, starts));
        }
        if (!belowMde.isEmpty()) {
            out.add(m.get("reliability.mde", String.join(", ", belowMde)));
        }
        return out;
    }

    /** Whether TPS decided the cell: the MDE is a TPS figure, so a call on CPU per transaction is not held to it. */
    private static boolean decidedOnTps(CellVerdict v) {
        var tps = v.tps();
        return tps != null && (tps.change() == org.taf.runner.stats.Change.BETTER
                || tps.change() == org.taf.runner.stats.Change.WORSE);
    }
}

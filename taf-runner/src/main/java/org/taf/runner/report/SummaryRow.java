package org.taf.runner.report;

import java.util.ArrayList;
import java.util.List;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.RateUnit;
import org.taf.runner.results.RunRecord;
import org.taf.runner.results.SideRecord;
import org.taf.runner.stats.CellVerdict;
import org.taf.runner.stats.Verdict;

/**
 * One line of every summary (the post's table, the text summary, JUnit XML): a comparison's cell
 * with the numbers of its verdict, exactly as the stats stage computed them.
 *
 * @param comparison the comparison's name
 * @param label      how it is shown: its label, else its name
 * @param cell       the cell
 * @param parent     the parent side
 * @param patch      the patch side
 * @param verdict    the verdict, or null when the cell was never decided (an interrupted run)
 */
record SummaryRow(String comparison, String label, CellRecord cell, SideRecord parent, SideRecord patch,
                  CellVerdict verdict) {

    /** Every cell of a run, comparisons in definition order, cells in plan order. */
    static List<SummaryRow> of(RunRecord run) {
        List<SummaryRow> rows = new ArrayList<>();
        for (ComparisonRecord c : run.comparisons()) {
            for (CellRecord cell : c.cells()) {
                rows.add(new SummaryRow(c.name(), labelOf(c), cell, c.parent(), c.patch(), cell.verdict()));
            }
        }
        return rows;
    }

    static String labelOf(ComparisonRecord c) {
        return c.label() == null || c.label().isBlank() ? c.name() : c.label();
    }

    String workload() {
        return cell.workload();
    }

    int threads() {
        return cell.threads();
    }

    /** The unit of the cell's rate, which {@link #parentTps} and {@link #patchTps} are in. */
    RateUnit unit() {
        return RateUnit.of(cell);
    }

    /** The verdict, or null when there is none. */
    Verdict verdictOrNull() {
        return verdict == null ? null : verdict.verdict();
    }

    Double parentTps() {
        return verdict == null ? null : verdict.parentTps();
    }

    Double patchTps() {
        return verdict == null ? null : verdict.patchTps();
    }

    Double ratio() {
        return verdict == null ? null : verdict.ratio();
    }

    Double ciLow() {
        return verdict == null ? null : verdict.ciLow();
    }

    Double ciHigh() {
        return verdict == null ? null : verdict.ciHigh();
    }

    static String shortSha(SideRecord side) {
        if (side == null || side.commit() == null) {
            return Formats.NONE;
        }
        String s = side.commit().shortSha();
        return s == null || s.isBlank() ? side.commit().sha() : s;
    }

    static boolean buildFailed(SideRecord side) {
        return side != null && side.build() != null && side.build().failure() != null;
    }
}

package org.taf.runner.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
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
public record SummaryRow(String comparison, String label, CellRecord cell, SideRecord parent, SideRecord patch,
                  CellVerdict verdict) {

    /** Every cell of a run, comparisons in definition order, cells in plan order. */
    public static List<SummaryRow> of(RunRecord run) {
        List<SummaryRow> rows = new ArrayList<>();
        for (ComparisonRecord c : run.comparisons()) {
            for (CellRecord cell : c.cells()) {
                rows.add(new SummaryRow(c.name(), labelOf(c), cell, c.parent(), c.patch(), cell.verdict()));
            }
        }
        return rows;
    }

    public static String labelOf(ComparisonRecord c) {
        return c.label() == null || c.label().isBlank() ? c.name() : c.label();
    }

    public String workload() {
        return cell.workload();
    }

    public int threads() {
        return cell.threads();
    }

    /** The unit of the cell's rate, which {@link #parentTps} and {@link #patchTps} are in. */
    public RateUnit unit() {
        return RateUnit.of(cell);
    }

    /** The verdict, or null when there is none. */
    public Verdict verdictOrNull() {
        return verdict == null ? null : verdict.verdict();
    }

    public Double parentTps() {
        return verdict == null ? null : verdict.parentTps();
    }

    public Double patchTps() {
        return verdict == null ? null : verdict.patchTps();
    }

    public Double ratio() {
        return verdict == null ? null : verdict.ratio();
    }

    public Double ciLow() {
        return verdict == null ? null : verdict.ciLow();
    }

    public Double ciHigh() {
        return verdict == null ? null : verdict.ciHigh();
    }

    public static String shortSha(SideRecord side) {
        if (side == null || side.commit() == null) {
            return Formats.NONE;
        }
        String s = side.commit().shortSha();
        return s == null || s.isBlank() ? side.commit().sha() : s;
    }

    public static boolean buildFailed(SideRecord side) {
        return side != null && side.build() != null && side.build().failure() != null;
    }

    /** Engine settings where this side differs from the other side of its comparison ("k=v, ..."). */
    public static String differingSettings(ComparisonRecord c, SideRecord side) {
        SideRecord other = side == c.parent() ? c.patch() : c.parent();
        List<String> diff = new ArrayList<>();
        side.engineSettings().forEach((k, v) -> {
            if (other == null || !Objects.equals(other.engineSettings().get(k), v)) {
                diff.add(k + "=" + v);
            }
        });
        return String.join(", ", diff);
    }
}

package org.taf.runner.report.post;

import java.util.List;
import org.taf.runner.report.Formats;
import org.taf.runner.report.Messages;
import org.taf.runner.report.SitePaths;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.PostRecord;
import org.taf.runner.results.RunRecord;
import org.taf.runner.results.SideRecord;

/**
 * What the builders of one post share: the run, the edition's words and number formats, and the ids
 * that link the summary table to the sections. Everything comes from the run's record: the post's own
 * settings from its {@link PostRecord}, the thresholds from the rules it was judged by.
 *
 * @param run the run
 * @param m   the edition's words
 * @param f   number formats of the edition
 * @param cellDetails whether the cells' flame graphs and their every counter are shown (not in a superseded post)
 */
public record PostContext(RunRecord run, Messages m, Formats f, boolean cellDetails) {
    public static PostContext of(RunRecord run, Messages m) {
        return new PostContext(run, m, new Formats(m.numberLocale()), true);
    }

    /**
     * This context without the cells' flame graphs and full counter tables: a superseded post keeps its answer, its
     * results and the counters that moved, and points to the newer one; the rest (most of a post's weight: a
     * superseded post of 18 cells was 450 KB with them) stays in its record.
     */
    PostContext withoutCellDetails() {
        return new PostContext(run, m, f, false);
    }

    /** What the post says besides the numbers. */
    PostRecord post() {
        return run.definition() == null ? PostRecord.NONE : run.definition().post();
    }

    /** Whether the definition set {@code key} (to a value that is not blank). */
    boolean isSet(String key) {
        return run.definition() != null && run.definition().setting(key).isPresent();
    }

    /** The warning threshold the run was judged by, in percent: the band of "no change". */
    double warningPct() {
        return run.judgement().warningPct();
    }

    static String comparisonAnchor(ComparisonRecord c) {
        return comparisonAnchor(c.name());
    }

    private static String comparisonAnchor(String comparison) {
        return "c-" + SitePaths.slug(comparison);
    }

    static String cellAnchor(ComparisonRecord c, CellRecord cell) {
        return cellAnchor(c.name(), cell.workload(), cell.threads());
    }

    /** The anchor of the cell {@code workload@threads} of the comparison named {@code comparison}. */
    public static String cellAnchor(String comparison, String workload, int threads) {
        return comparisonAnchor(comparison) + "-" + SitePaths.slug(workload) + "-" + threads;
    }

    static String workloadAnchor(String workload) {
        return "w-" + SitePaths.slug(workload);
    }

    /** The commit link of a side, or "". */
    public String commitHref(SideRecord side) {
        if (side == null || side.commit() == null) {
            return "";
        }
        return post().commitLink(side.commit().sha()).orElse("");
    }

    /** What the post says under a verdict: why (the stats stage's reason), then its notes. */
    static List<String> notesOf(org.taf.runner.stats.CellVerdict v) {
        if (v == null) {
            return List.of();
        }
        List<String> out = new java.util.ArrayList<>();
        if (v.reason() != null && !v.reason().isBlank()) {
            out.add(v.reason());
        }
        out.addAll(v.notes());
        return out;
    }

    /** Verdict name for the templates' message keys and CSS classes; NOT_MEASURED when undecided. */
    public static String verdictName(CellRecord cell) {
        return cell.verdict() == null ? "NOT_MEASURED" : cell.verdict().verdict().name();
    }
}

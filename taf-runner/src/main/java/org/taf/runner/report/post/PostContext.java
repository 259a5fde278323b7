package org.taf.runner.report.post;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
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
 * @param narrative  the story's Markdown ({@code post.narrative}), "" for none: the post shows it, and a headline
 *                   takes its "Why no change" line from it ({@link Narratives#whyNoChange})
 */
public record PostContext(RunRecord run, Messages m, Formats f, boolean cellDetails, String narrative) {
    /** The context of {@code run} with the narrative text it recorded. */
    public static PostContext of(RunRecord run, Messages m) {
        PostRecord post = run.definition() == null ? PostRecord.NONE : run.definition().post();
        return new PostContext(run, m, new Formats(m.numberLocale()), true,
                post.narrative() == null ? "" : post.narrative());
    }

    /**
     * The context of {@code run} with its narrative read from its file when {@code files} can ({@link Narratives#of}),
     * so that a story's text edited after its run is the one its post and its headlines say.
     */
    public static PostContext of(RunRecord run, Messages m, Function<Path, Optional<String>> files) {
        return new PostContext(run, m, new Formats(m.numberLocale()), true, Narratives.of(run, files).orElse(""));
    }

    /**
     * This context without the cells' flame graphs and full counter tables: a superseded post keeps its answer, its
     * results and the counters that moved, and points to the newer one; the rest (most of a post's weight: a
     * superseded post of 18 cells was 450 KB with them) stays in its record.
     */
    PostContext withoutCellDetails() {
        return new PostContext(run, m, f, false, narrative);
    }

    /** What the post says besides the numbers. */
    PostRecord post() {
        return run.definition() == null ? PostRecord.NONE : run.definition().post();
    }

    /** Whether the definition set {@code key} (to a value that is not blank). */
    boolean isSet(String key) {
        return run.definition() != null && run.definition().setting(key).isPresent();
    }

    /**
     * The level every interval of the post is stated at, "95%": {@code stats.confidence}. In the adaptive loop each
     * look's interval is wider (98-99% on its own) so that all the looks together hold at this level (a repeated
     * confidence interval, docs/statistics.md section 5); so one level holds for every run of the site.
     */
    String level() {
        return f.confidence(run.judgement().confidence());
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

    /**
     * The verdict's notes (flags, exclusions, the MDE's warning), after its reason when no metric could decide (a side
     * failed, nothing to compare): the reason of a compared cell names each look's level, which the post tells apart
     * from its one stated level ({@link HowTexts}).
     */
    static List<String> notesOf(org.taf.runner.stats.CellVerdict v) {
        if (v == null) {
            return List.of();
        }
        List<String> out = new java.util.ArrayList<>();
        boolean compared = v.metrics().stream().anyMatch(org.taf.runner.stats.MetricVerdict::gates);
        if (!compared && v.reason() != null && !v.reason().isBlank()) {
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

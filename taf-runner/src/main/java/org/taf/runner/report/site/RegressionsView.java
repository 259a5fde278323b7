package org.taf.runner.report.site;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.taf.runner.report.Formats;
import org.taf.runner.report.Messages;
import org.taf.runner.report.PageView;
import org.taf.runner.report.SitePaths;

/**
 * The Regressions page: the posts whose runs called a cell REGRESSED or NEWLY_FAILING (a regression is
 * found by a run first), then the change points of every history series, newest first (improvements too,
 * marked as such: a step up can hide a bug as well as a fix).
 *
 * @param page    the page frame
 * @param posts   posts with a regressed cell, newest first; a superseded story post is left out
 * @param changes newest first, then by series
 * @param series  how many history series were searched, for the sentence that says why the table is empty
 */
public record RegressionsView(PageView page, List<RegressedPost> posts, List<ChangeView> changes, int series) {
    /**
     * A post that found a regression.
     *
     * @param title its title
     * @param href  link to it, relative to the page
     * @param date  when the run started
     * @param dateIso the same, machine-readable
     * @param cells "12.3 POINTS-COVERED-PK@1 (0.903 [0.885, 0.921])", the regressed cells
     */
    public record RegressedPost(String title, String href, String date, String dateIso, String cells) {
    }

    /** The page made from {@code series}, without posts. */
    static RegressionsView of(List<HistorySeries> series, Messages m) {
        return of(List.of(), series, m);
    }

    /** The page made from {@code runs}' regressed cells and {@code series}' change points. */
    static RegressionsView of(List<RunDigest> runs, List<HistorySeries> series, Messages m) {
        Formats f = new Formats(m.numberLocale());
        Map<String, RunDigest> superseded = SiteViews.superseded(runs);
        List<RegressedPost> posts = new ArrayList<>();
        for (RunDigest run : RunDigest.newestFirst(runs)) {
            if (superseded.containsKey(run.runId())) {
                continue; // a newer run of the story says what holds now
            }
            if (!run.regressed().isEmpty()) {
                posts.add(new RegressedPost(run.title(), run.post(), f.minute(run.startedAt()),
                        run.startedAt() == null ? "" : Formats.iso(run.startedAt()),
                        String.join("; ", run.regressed())));
            }
        }
        return new RegressionsView(PageView.of(m, m.get("regressions.title"), SitePaths.REGRESSIONS), posts,
                views(newestFirst(series), SitePaths.REGRESSIONS, m, f), series.size());
    }

    /**
     * A change point with its series.
     *
     * @param series the series
     * @param change its change point
     */
    record Found(HistorySeries series, SeriesChange change) {
        HistorySeries.Point after() {
            return series.points().get(change.after());
        }
    }

    /** Every change point, newest first: by the start of its first run after, then run id, then series. */
    static List<Found> newestFirst(List<HistorySeries> series) {
        List<Found> all = new ArrayList<>();
        series.forEach(s -> s.changes().forEach(c -> all.add(new Found(s, c))));
        all.sort(Comparator.comparing((Found x) -> x.after().at()).thenComparing(x -> x.after().run().runId())
                .reversed().thenComparing(x -> x.series().key()));
        return all;
    }

    static List<ChangeView> views(List<Found> found, String fromPath, Messages m, Formats f) {
        return found.stream().map(x -> ChangeView.of(x.series(), x.change(), fromPath, m, f)).toList();
    }
}

package org.taf.runner.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The Regressions page: the change points of every history series, newest first (improvements too,
 * marked as such: a step up can hide a bug as well as a fix).
 *
 * @param page    the page frame
 * @param changes newest first, then by series
 */
public record RegressionsView(PageView page, List<ChangeView> changes) {
    /** The page made from {@code series}. */
    static RegressionsView of(List<HistorySeries> series, Messages m) {
        Formats f = new Formats(m.numberLocale());
        return new RegressionsView(PageView.of(m, m.get("regressions.title"), SitePaths.REGRESSIONS),
                views(newestFirst(series), SitePaths.REGRESSIONS, m, f));
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

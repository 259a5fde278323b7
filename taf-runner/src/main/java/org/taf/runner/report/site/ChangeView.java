package org.taf.runner.report.site;

import java.nio.charset.StandardCharsets;
import java.util.UUID;
import org.taf.runner.report.Formats;
import org.taf.runner.report.Messages;
import org.taf.runner.report.SitePaths;
import org.taf.runner.results.SeriesKey;
import org.taf.runner.stats.Metric;

/**
 * A change point as the history pages, the Regressions page and the feed show it (see {@link SeriesChange}).
 *
 * @param id          stable anchor and feed id part: the series' id, the first run after the change, and the
 *                    metric unless TPS
 * @param date        start of the first run after the change
 * @param dateIso     the same, machine-readable
 * @param series      the series, in words: workload, threads, comparison
 * @param machine     the series' machine
 * @param historyHref the series on its history page, relative to the page showing this
 * @param fromSha     short sha of the patch of the last run before the change
 * @param fromHref    its commit link or ""
 * @param toSha       short sha of the patch of the first run after it
 * @param toHref      its commit link or ""
 * @param toSubject   the subject of that commit
 * @param size        the step: the ratio of the stretches' mean TPS as a signed change, e.g. "-6.1%", or of CPU
 *                    per transaction with its name, "+3.2% CPU per transaction"
 * @param kind        "regression" or "improvement"
 * @param verdict     the badge class it shares with the verdicts: REGRESSED or IMPROVED
 * @param pValue      the permutation test's p-value, formatted
 * @param note        "" or why to be careful (a step at an environment change, segments joined)
 */
public record ChangeView(String id, String date, String dateIso, String series, String machine, String historyHref,
                         String fromSha, String fromHref, String toSha, String toHref, String toSubject, String size,
                         String kind, String verdict, String pValue, String note) {
    /** {@code change} of {@code series} as seen from the page at {@code fromPath}. */
    static ChangeView of(HistorySeries series, SeriesChange change, String fromPath, Messages m, Formats f) {
        HistorySeries.Point before = series.points().get(change.before());
        HistorySeries.Point after = series.points().get(change.after());
        RunDigest.Side from = before.comparison().patch();
        RunDigest.Side to = after.comparison().patch();
        String kind = change.regression() ? "regression" : "improvement";
        boolean tps = change.metric() == Metric.TPS;
        return new ChangeView(seriesId(series.key()) + "-" + after.run().runId()
                        + (tps ? "" : "-" + change.metric().label()), f.minute(after.at()),
                Formats.iso(after.at()), title(series.key(), m), series.key().machine(),
                SitePaths.root(fromPath) + SitePaths.history(series.key().workload()) + "#" + seriesId(series.key()),
                from == null ? Formats.NONE : from.shortSha(), from == null ? "" : from.href(),
                to == null ? Formats.NONE : to.shortSha(), to == null ? "" : to.href(), to == null ? "" : to.subject(),
                f.change(change.ratio()) + (tps ? "" : " " + m.get("change.metric." + change.metric().label())),
                kind, change.regression() ? "REGRESSED" : "IMPROVED",
                f.pValue(change.pValue()), change.atDrift() ? m.get("change.at_drift") : "");
    }

    /** The series in words: {@code POINT_SELECT, 8 threads, 11.8}. */
    static String title(SeriesKey key, Messages m) {
        return m.get("series.title", key.workload(), String.valueOf(key.threads()), key.comparison());
    }

    /** A stable anchor for the series, from its whole key (the same series keeps it when others appear). */
    static String seriesId(SeriesKey key) {
        return "s-" + UUID.nameUUIDFromBytes(key.toString().getBytes(StandardCharsets.UTF_8)).toString()
                .substring(0, 8);
    }
}

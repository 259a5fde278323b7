package org.taf.runner.report.site;

import java.util.List;
import org.taf.runner.report.PageView;

/**
 * A workload's history across runs: one chart per series ({@link org.taf.runner.results.SeriesKey}),
 * its segments and change points, and the table of every measurement behind them, newest first.
 *
 * @param page     the page frame
 * @param workload the workload
 * @param rate     what its levels are, in words: "TPS", or "NOPM" for TPROC-C
 * @param series   one per series of the workload, in key order
 * @param rows     the measurements
 */
public record HistoryView(PageView page, String workload, String rate, List<SeriesView> series, List<Row> rows) {
    /**
     * One series: what it measures, its chart, where its environment changed and where its rate stepped.
     *
     * @param id        the anchor of the series on the page
     * @param title     workload, threads and comparison
     * @param facts     machine, data shape and settings (label keys and values)
     * @param chart     the SVG, or "" when no cell of the series was measured
     * @param segments  the environment changes that started a segment, oldest first
     * @param searched  whether a segment had enough runs to be searched for change points
     * @param changes   the change points, newest first
     */
    public record SeriesView(String id, String title, List<PageView.Fact> facts, String chart, List<String> segments,
                             boolean searched, List<ChangeView> changes) {
    }

    /**
     * One side of one cell of one run.
     *
     * @param date      when the run started
     * @param dateIso   the same, machine-readable
     * @param postTitle the run's post
     * @param postHref  link to the cell in the post
     * @param label     comparison
     * @param threads   threads
     * @param role      parent or patch
     * @param sha       short sha
     * @param shaHref   commit link or ""
     * @param subject   commit subject
     * @param tps       the verdict's TPS of this side
     * @param verdict   the cell's verdict name
     */
    public record Row(String date, String dateIso, String postTitle, String postHref, String label, int threads,
                      String role, String sha, String shaHref, String subject, String tps, String verdict) {
    }
}

package org.taf.runner.report;

import java.util.List;

/**
 * A workload's history across runs: TPS per commit over time, one chart per thread count, and the
 * table of every measurement behind them, newest first.
 *
 * @param page     the page frame
 * @param workload the workload
 * @param charts   one SVG per thread count
 * @param rows     the measurements
 */
public record HistoryView(PageView page, String workload, List<String> charts, List<Row> rows) {
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

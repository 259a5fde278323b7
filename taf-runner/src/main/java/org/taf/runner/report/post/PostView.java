package org.taf.runner.report.post;

import java.util.List;
import org.taf.runner.report.PageView;

/**
 * Everything a post shows, formatted: the template lays it out and translates labels, nothing more.
 * Strings are never null ("" when absent); SVG fields hold markup made by the chart package.
 *
 * @param page          the page frame
 * @param runId         the run's id
 * @param date          when it started, to the minute (UTC)
 * @param dateIso       the same, machine-readable
 * @param status        run status (COMPLETED, INTERRUPTED...)
 * @param headlines     per comparison, the answer over all its cells and the mechanism: what the post leads with
 * @param why           the headlines with key counters, for the section that shows them
 * @param chain         the sides of several comparisons drawn once ("6cf9f02 → 7f8f212 (regression) → ..."), or ""
 * @param readFirst     what a reader must know before the numbers, from the narrative's "Read first" line, or ""
 * @param tpsCharts     TPS by thread count, parent against patch, per comparison and workload: the first chart
 * @param unreliable    why the post cannot be read as a finding (most starts flagged, a call below the MDE), or empty
 * @param superseded    the newer post of the same story that replaces this one, or null
 * @param earlier       the earlier runs of its story, newest first, each with what it did otherwise; empty for none
 * @param summary       the summary paragraph (post.summary, or generated)
 * @param highlights    one line per comparison, its headline cell, as the seed posts list them
 * @param warnings      warnings computed from the data, in the edition's words
 * @param narrativeHtml the narrative rendered from Markdown ("" if none)
 * @param comments      the definition's comments (why the run was made)
 * @param glance        the summary table and the ratio chart
 * @param sweeps        one per workload: sweep charts and sheets
 * @param comparisons   per comparison: sides and cells with their iterations
 * @param environment   the host and the CPU state achieved
 * @param engine        engine settings of the definition
 * @param workload      workload settings
 * @param measurement   measure/warm-up/rest/verdict/stats settings
 * @param allSettings   every effective setting with its origin
 * @param propertiesFile the definition file as named
 * @param propertiesText its text, verbatim
 * @param reproduce     commands that reproduce the run
 * @param histories     links to the workloads' history pages
 * @param stylesheet    the post's own stylesheet, which draws its flame graphs ({@link PostFiles}), or "" without
 */
public record PostView(
        PageView page,
        String runId,
        String date,
        String dateIso,
        String status,
        List<Headline> headlines,
        List<Headline> why,
        String chain,
        String readFirst,
        List<Figure> tpsCharts,
        List<String> unreliable,
        PageView.Link superseded,
        List<EarlierRun> earlier,
        String summary,
        List<String> highlights,
        List<String> warnings,
        String narrativeHtml,
        String comments,
        Glance glance,
        List<Sweep> sweeps,
        List<Comparison> comparisons,
        List<PageView.Fact> environment,
        List<Setting> engine,
        List<Setting> workload,
        List<Setting> measurement,
        List<Setting> allSettings,
        String propertiesFile,
        String propertiesText,
        List<String> reproduce,
        List<PageView.Link> histories,
        String stylesheet) {

    /**
     * A comparison's answer, first on the post and on the index: one sentence over all its cells, a badge
     * that counts them, and the mechanism from the key counters of its clearest cell.
     *
     * @param label     the comparison's short label ("" with one comparison)
     * @param verdict   the leading finding's verdict (the badge's colour), e.g. IMPROVED
     * @param badge     the badge's text: "improved 4 of 5"
     * @param sentence  direction, size and confidence across the cells
     * @param href      link to the clearest cell's details
     * @param mechanism "Why: ..." from the key counters that moved the verdict's way, "Why no change: ...", or ""
     * @param where     the clearest cell, e.g. "16 threads on POINTS-COVERED-PK": where the key counters are from
     * @param counters  the key counters of that cell
     * @param flame     its differential CPU flame graph cropped to where the change is, or null
     * @param name      the comparison as a reader names it, above its answer ("an I/O latch per page read
     *                  (regression)"); "" when the sentence names it (one comparison, a sweep's setting)
     * @param story     where the story says why the mechanism did not go the verdict's way (after the mechanism
     *                  line), or ""
     */
    public record Headline(String label, String verdict, String badge, String sentence, String href,
                           String mechanism, String where, List<KeyCounter> counters, Flame flame, String name,
                           String story) {
    }

    /**
     * One key counter in a reader's terms.
     *
     * @param label      what it counts, e.g. "pool-mutex acquisitions"
     * @param name       its SHOW STATUS (or metric) name
     * @param parent     the parent's level (per transaction, or microseconds for CPU), or a dash
     * @param patch      the patch's level, or a dash
     * @param unit       what the levels are in, e.g. "per transaction"
     * @param change     "−44.2%", "×3.54", "new in patch", "gone in patch", "not measured"
     * @param interval   the change's interval in the same terms ("[−44.9%, −43.5%]"), or ""
     * @param decided    whether the change is decided (significant beyond the margin, or one side only)
     * @param surprising whether it moved against the verdict: more work in a faster cell, or less in a slower one
     */
    public record KeyCounter(String label, String name, String parent, String patch, String unit, String change,
                             String interval, boolean decided, boolean surprising) {
    }

    /**
     * A chart with its caption.
     *
     * @param svg     inline SVG
     * @param caption what it shows and how to read it
     */
    public record Figure(String svg, String caption) {
    }

    /**
     * The summary table, a group of rows per comparison, and the forest plot of ratios.
     *
     * @param confidence the interval's level as a percentage, e.g. "95%"
     * @param caption    the table's caption: what its levels are (TPS, NOPM or both) and the interval's level
     * @param groups     one per comparison
     * @param cells      how many rows in all
     * @param forestSvg  the ratio chart
     */
    public record Glance(String confidence, String caption, List<GlanceGroup> groups, int cells, String forestSvg) {
    }

    /**
     * A comparison's rows in the summary table, under a heading with its two commits.
     *
     * @param anchor      id of the comparison's section
     * @param label       the comparison
     * @param parentSha   short sha
     * @param parentHref  link to the commit ("" without post.commit_url)
     * @param parentExtra the parent's own engine settings where they differ from the patch's
     * @param patchSha    short sha
     * @param patchHref   link
     * @param patchExtra  the patch's own engine settings where they differ
     * @param rows        its cells
     */
    public record GlanceGroup(String anchor, String label, String parentSha, String parentHref, String parentExtra,
                              String patchSha, String patchHref, String patchExtra, List<GlanceRow> rows) {
    }

    /**
     * One row of the summary table. Its levels are the verdict's (median of iteration medians), in the cell's rate
     * unit: TPS, or NOPM for TPROC-C.
     *
     * @param cellAnchor  id of the cell's section
     * @param label       the comparison
     * @param workload    the workload
     * @param threads     client threads
     * @param parentSha   short sha
     * @param parentHref  link to the commit ("" without post.commit_url)
     * @param parentTps   formatted level, or a dash
     * @param patchSha    short sha
     * @param patchHref   link
     * @param patchTps    formatted level
     * @param unit        the unit its workload's heading shows: "" for TPS (the caption's), "NOPM" for TPROC-C
     * @param ratio       patch / parent
     * @param interval    its confidence interval
     * @param change      the ratio as a signed percentage
     * @param verdict     verdict name (message key suffix), or NOT_MEASURED
     * @param notes       the verdict's notes
     */
    public record GlanceRow(String cellAnchor, String label, int threads, String workload, String parentSha,
                            String parentHref, String parentTps, String patchSha, String patchHref, String patchTps,
                            String unit, String ratio, String interval, String change, String verdict,
                            List<String> notes) {
    }

    /**
     * A workload's thread sweep across comparisons, as MariaDB's benchmark sheets show it.
     *
     * @param workload    the workload
     * @param anchor      id of its section
     * @param historyHref its history page
     * @param tpsSvg      TPS vs threads ("" with a single thread count)
     * @param perCoreSvg  TPS per used core vs threads ("" with a single thread count)
     * @param rate        what its levels are, in words: "TPS", or "NOPM" for TPROC-C
     * @param columns     the sides shown, parents and patches
     * @param rows        one per thread count
     */
    public record Sweep(String workload, String anchor, String historyHref, String tpsSvg, String perCoreSvg,
                        String rate, List<SheetColumn> columns, List<SheetRow> rows) {
    }

    /**
     * A column of a sheet: one side.
     *
     * @param label comparison label
     * @param role  parent or patch
     * @param sha   short sha
     * @param extra engine settings of the side, if any
     */
    public record SheetColumn(String label, String role, String sha, String extra) {
    }

    /**
     * One thread count of a sheet.
     *
     * @param threads   client threads
     * @param usedCores min(threads, CPUs)
     * @param cells     one per column
     */
    public record SheetRow(int threads, int usedCores, List<SheetCell> cells) {
    }

    /**
     * One side at one thread count.
     *
     * @param tps     formatted TPS ("" when not measured)
     * @param perCore formatted TPS per used core
     * @param delta   change of a patch against its parent ("" for parents)
     * @param mark    "faster" or "slower" beyond 1%, else ""
     */
    public record SheetCell(String tps, String perCore, String delta, String mark) {
    }

    /**
     * A comparison's section.
     *
     * @param anchor id
     * @param label  label or name
     * @param name   name in the definition
     * @param sides  parent and patch
     * @param cells  its cells
     */
    public record Comparison(String anchor, String label, String name, List<Side> sides, List<Cell> cells) {
    }

    /**
     * One side: its commit, build and engine settings.
     *
     * @param role         parent or patch
     * @param revision     as written in the definition
     * @param sha          full sha
     * @param shortSha     short sha
     * @param href         commit link, or ""
     * @param subject      commit subject
     * @param author       author name
     * @param date         author date
     * @param build        cached, built or failed (message key suffix)
     * @param buildSeconds build time when built
     * @param buildFailure the failure text when failed
     * @param settings     engine settings of the side ("key = value")
     * @param patchDiff    the diff applied on the commit, or ""
     */
    public record Side(String role, String revision, String sha, String shortSha, String href, String subject,
                       String author, String date, String build, String buildSeconds, String buildFailure,
                       List<String> settings, String patchDiff) {
    }

    /**
     * One cell: the verdict's details, the time-series charts and the iterations.
     *
     * @param anchor   id
     * @param workload workload
     * @param threads  threads
     * @param verdict  verdict name, or NOT_MEASURED
     * @param facts    the verdict's numbers (labels are message keys)
     * @param counterMargin the margin counters are listed from, e.g. "10%"
     * @param notes    the verdict's notes
     * @param tps      TPS per second of every iteration, warm-up cut marked; null without samples
     * @param cpu      engine CPU from rest through warm-up and measurement; null without samples
     * @param iterations the iterations in measurement order
     * @param changed  what else changed: the counters that moved beyond the margin
     * @param counters every counter compared, for the full table; empty in a superseded post
     * @param flames   the cell's flame graphs (per side and differential), empty without JFR recordings
     */
    public record Cell(
            String anchor,
            String workload,
            int threads,
            String verdict,
            List<PageView.Fact> facts,
            String counterMargin,
            List<String> notes,
            Picture tps,
            Picture cpu,
            List<Iteration> iterations,
            List<CounterRow> changed,
            List<CounterRow> counters,
            List<Flame> flames) {}

    /**
     * One engine counter per transaction.
     *
     * @param name     its SHOW STATUS (or process) name
     * @param label    what it is, for process counters; else the name
     * @param parent   the parent's count per transaction
     * @param patch    the patch's
     * @param change   signed percent, a factor from twice up, or "new in patch", "gone in patch"
     * @param interval the change's interval in the same terms ([-44.1%, -42.9%]), or a dash
     * @param moved    whether it is listed as changed
     */
    public record CounterRow(String name, String label, String parent, String patch, String change, String interval,
                             boolean moved) {
    }

    /**
     * One flame graph: a file beside the post, shown when the reader opens it; on a phone, where its labels would be
     * too small to read, the frames that matter most as a table, with a link to the file.
     *
     * @param title   what it shows
     * @param svg     the graph drawn inline in the page: the headline's small cropped one; "" for a cell's, which is
     *                drawn from its file only
     * @param note    how it was made (recordings, samples, normalisation)
     * @param picture the graph's file
     * @param caption what the table lists, and in what unit
     * @param changed whether the table is of a differential graph: the frames whose own time per transaction
     *                changed most (parent, patch, change); else those of one side with the most (own, share)
     * @param top     the table's rows
     */
    public record Flame(String title, String svg, String note, Picture picture, String caption, boolean changed,
                        List<TopFrame> top) {
    }

    /**
     * A frame of a flame graph's table.
     *
     * @param frame  its short name, {@code Class.method}
     * @param name   its full name
     * @param values the row's numbers, formatted: parent, patch and change; or own and share
     */
    public record TopFrame(String frame, String name, List<String> values) {
    }

    /**
     * An earlier run of the same story, and what it did otherwise.
     *
     * @param href     its post, relative to the page that links it
     * @param date     when it ran
     * @param dateIso  the same, machine-readable
     * @param counts   its verdict counts, e.g. "4 improved, 1 inconclusive"
     * @param differed what it did otherwise than the run it is listed under, in plain words: "on AMD EPYC instead
     *                 of Intel Xeon; at 1, 2, 4, 8 and 16 threads instead of 1, 4 and 16"
     */
    public record EarlierRun(String href, String date, String dateIso, String counts, String differed) {
    }

    /**
     * One iteration's row.
     *
     * @param role      parent or patch
     * @param number    1-based number within the side
     * @param sequence  1-based position in the run's order
     * @param started   when its engine started
     * @param medianTps median TPS of its measured samples
     * @param cv        coefficient of variation of its per-second TPS
     * @param p95       median of its per-second p95 latencies, ms
     * @param cpuPerTx  the engine's CPU microseconds per transaction over its measured window, or a dash
     * @param rest      how long rest took, or that it did not rest
     * @param warmup    warm-up cut and whether it settled
     * @param settled   whether the CPU load settled
     * @param flags     flag names (message key suffixes)
     * @param failure   its failure, or ""
     */
    public record Iteration(
            String role,
            int number,
            int sequence,
            String started,
            String medianTps,
            String cv,
            String p95,
            String cpuPerTx,
            String rest,
            String warmup,
            boolean settled,
            List<String> flags,
            String failure) {}

    /**
     * One effective setting.
     *
     * @param key    key
     * @param value  value
     * @param origin where it came from
     */
    public record Setting(String key, String value, String origin) {
    }
}

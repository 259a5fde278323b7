package org.taf.runner.bisect;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.taf.runner.bisect.BisectRecord.CommitRef;
import org.taf.runner.bisect.BisectRecord.Step;

/**
 * The evidence for people: a table on stdout, and a Markdown page of the site (published as
 * {@code pages/<bisect-id>.html} through the site's kept pages, so no template of its own). Both are
 * made from the record alone.
 */
public final class BisectReport {
    private BisectReport() {}

    /** The evidence table and the conclusion, as printed at the end of a bisect. */
    public static String table(BisectRecord r) {
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"step", "commit", "verdict", "ratio", "interval", "evidence", "subject"});
        rows.add(new String[] {"good", r.good().shortSha(), "-", "-", "-", "the baseline", r.good().subject()});
        for (Step s : r.steps()) {
            rows.add(new String[] {String.valueOf(s.number()), s.commit().shortSha(), verdict(s),
                s.ratio() == null ? "-" : Bisection.fmt(s.ratio()), interval(s), evidence(s, false),
                s.commit().subject()});
        }
        int[] width = new int[rows.get(0).length];
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                width[i] = Math.max(width[i], row[i].length());
            }
        }
        StringBuilder b = new StringBuilder();
        b.append("taf bisect ").append(r.good().shortSha()).append("..").append(r.bad().shortSha()).append(": ")
                .append(r.candidates()).append(" first-parent commits; cells that count: ")
                .append(r.countedCells().isEmpty() ? "all" : String.join(", ", r.countedCells())).append('\n');
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.length; i++) {
                line.append(i == row.length - 1 ? row[i] : pad(row[i], width[i] + 2));
            }
            b.append(line.toString().stripTrailing()).append('\n');
        }
        b.append(r.conclusion()).append('\n');
        return b.toString();
    }

    /**
     * The site page: title, conclusion, how the search went, the evidence table with links to each
     * step's post (when {@code posted} holds its run id), and how to reproduce it.
     */
    public static String page(BisectRecord r, Set<String> posted) {
        StringBuilder b = new StringBuilder();
        b.append("# Bisect ").append(r.good().shortSha()).append("..").append(r.bad().shortSha()).append(": ")
                .append(headline(r)).append("\n\n");
        b.append("**").append(md(r.conclusion())).append("**\n\n");
        b.append("Searched the ").append(r.candidates()).append(" first-parent commits after good `")
                .append(r.good().shortSha()).append("` (").append(md(r.good().subject())).append(") up to bad `")
                .append(r.bad().shortSha()).append("` (").append(md(r.bad().subject())).append(") with `")
                .append(md(r.definition())).append("`, each commit measured against good with TAF's verdict. ")
                .append("The first step asks whether bad is slower at all (any cell slower). The search counts the")
                .append(" cells that were slower there: ")
                .append(r.countedCells().isEmpty() ? "none, as it did not search" : md(String.join(", ",
                        r.countedCells())))
                .append(". A commit whose engine tree (the content of `")
                .append(md(String.join(", ", r.buildInputs())))
                .append("`) is that of good or of a judged commit takes its verdict without being built or measured.")
                .append("\n\n");
        b.append("| step | commit | subject | verdict | ratio | interval | evidence |\n");
        b.append("|--:|---|---|---|--:|---|---|\n");
        b.append("| good | `").append(r.good().shortSha()).append("` | ").append(md(r.good().subject()))
                .append(" | | | | the baseline |\n");
        for (Step s : r.steps()) {
            b.append("| ").append(s.number()).append(" | `").append(s.commit().shortSha()).append("` | ")
                    .append(md(s.commit().subject())).append(" | ").append(verdict(s)).append(" | ")
                    .append(s.ratio() == null ? "" : Bisection.fmt(s.ratio())).append(" | ")
                    .append(s.ratio() == null ? "" : interval(s)).append(" | ");
            if (s.runId() != null && posted.contains(s.runId())) {
                b.append("[run ").append(s.runId()).append("](../posts/").append(s.runId()).append("/index.html)");
            } else {
                b.append(md(evidence(s, true)));
            }
            b.append(" |\n");
        }
        b.append('\n');
        b.append("Ratios are TPS of the commit over good's, with the interval of TAF's verdict, of the counted")
                .append(" cell that speaks for the step (the slowest). Every cell of every run is in `")
                .append(BisectStore.FILE_NAME).append("` of `bisect-").append(r.bisectId())
                .append("` in the results directory.\n\n");
        if (r.finishedAt() != null && r.startedAt() != null) {
            Duration took = Duration.between(r.startedAt(), r.finishedAt());
            b.append("Started ").append(r.startedAt()).append(", took ").append(took.toMinutes()).append(" min ")
                    .append(took.toSecondsPart()).append(" s.\n\n");
        }
        b.append("```\n").append(r.command()).append("\n```\n");
        return b.toString();
    }

    private static String headline(BisectRecord r) {
        return switch (r.outcome()) {
            case CULPRIT -> "culprit " + md(r.rangeUpTo().label());
            case NO_SLOWDOWN -> "no slowdown";
            case INCONCLUSIVE ->
                "inconclusive between " + r.rangeAfter().shortSha() + " and "
                        + r.rangeUpTo().shortSha();
            case FAILED ->
                "stopped by a failure between " + r.rangeAfter().shortSha() + " and "
                        + r.rangeUpTo().shortSha();
            case UNFINISHED -> "unfinished";
        };
    }

    private static String verdict(Step s) {
        return s.failure() != null ? "FAILED" : String.valueOf(s.verdict());
    }

    private static String interval(Step s) {
        if (s.ratio() == null) {
            return "-";
        }
        return "[" + (s.ciLow() == null ? "?" : Bisection.fmt(s.ciLow())) + ", "
                + (s.ciHigh() == null ? "?" : Bisection.fmt(s.ciHigh())) + "]";
    }

    private static String evidence(Step s, boolean forPage) {
        if (s.failure() != null) {
            return (s.runId() == null ? "" : "run " + s.runId() + ": ") + s.failure().lines().findFirst().orElse("");
        }
        if (s.sameTreeAs() != null) {
            CommitRef t = s.sameTreeAs();
            return "same engine tree as " + t.shortSha() + ", not measured";
        }
        return forPage ? "run " + s.runId() : s.runId();
    }

    private static String pad(String s, int width) {
        return s.length() >= width ? s : s + " ".repeat(width - s.length());
    }

    /** Text safe inside the page's Markdown: a table cell cannot hold '|', and markup characters stay text. */
    private static String md(String s) {
        return s.replace("|", "/").replace("`", "'").replace("*", "\u2217").replace("](", "] (");
    }
}

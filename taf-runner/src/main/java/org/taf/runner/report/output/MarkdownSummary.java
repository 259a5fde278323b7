package org.taf.runner.report.output;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.taf.runner.ExitCode;
import org.taf.runner.report.AdaptiveTexts;
import org.taf.runner.report.CounterTexts;
import org.taf.runner.report.CpuTexts;
import org.taf.runner.report.Formats;
import org.taf.runner.report.HostTexts;
import org.taf.runner.report.Messages;
import org.taf.runner.report.RateWords;
import org.taf.runner.report.SummaryRow;
import org.taf.runner.report.Unresolved;
import org.taf.runner.report.VerdictTexts;
import org.taf.runner.report.Warnings;
import org.taf.runner.report.post.PostTexts;
import org.taf.runner.results.PlannedMdeRecord;
import org.taf.runner.results.RunRecord;
import org.taf.runner.stats.Metric;
import org.taf.runner.sys.AtomicWrite;

/**
 * {@code summary.md}: the run as GitHub-flavoured Markdown for a pull request's comment. The answer first
 * (the exit code and the cells per verdict, then one sentence per comparison, {@link VerdictTexts}), then
 * one table row per cell with the numbers of {@code summary.txt}, then a collapsed {@code <details>} block
 * with the warnings, the verdicts' notes, the counters that moved, the run's identity and the command that
 * reproduces it. Same words and numbers as the text summary; every value from the record is escaped
 * ({@link #escape}), so a commit subject or a failure cannot break the table or inject markup.
 */
public final class MarkdownSummary {
    private MarkdownSummary() {}

    /** The Markdown summary of {@code run}, lines ending in {@code \n}. */
    public static String render(RunRecord run) {
        Formats f = Formats.english();
        Messages m = Messages.english();
        List<SummaryRow> rows = SummaryRow.of(run);
        ExitCode code = run.exitCode();
        StringBuilder out = new StringBuilder();
        out.append("### ").append(escape(run.name())).append(": exit ").append(code.code()).append(" (")
                .append(code.name().toLowerCase(Locale.ROOT)).append("), ")
                .append(escape(PostTexts.counts(m, run))).append("\n\n");
        VerdictTexts.sentences(run, m, f).forEach(s -> out.append("- ").append(escape(s)).append('\n'));
        for (SummaryRow r : rows) { // beside the answer, not in the details: a pass that leaves a change open
            String open = Unresolved.of(run, r.verdict(), m, f);
            if (open != null) {
                out.append("- ").append(escape("not resolved, " + m.get("ref.cell", r.label(), r.workload(),
                        r.threads()) + ": " + open)).append('\n');
            }
        }
        if (!rows.isEmpty()) {
            out.append('\n');
            table(rows, m, f, out);
        }
        details(run, rows, m, f, out);
        return out.toString();
    }

    /** Writes the summary to {@code file} atomically. */
    public static void write(RunRecord run, Path file) {
        AtomicWrite.writeString(file, render(run));
    }

    /**
     * {@code value} as literal Markdown text on one line: every character CommonMark or GFM may read as
     * markup inside a line (emphasis, code, links, HTML, table cells, strikethrough, entities) is
     * backslash-escaped, and so is '#' (GitHub links {@code #2} to issue 2); line breaks become spaces (a
     * table cell or a list item is one line); a leading '-' or '+' is escaped too (it would start a list
     * inside a list item). Digits, letters, '.', ',', '%', '!' and parentheses stay as they are, so numbers
     * read the same in the source ('(' and '!' are markup only around '[', which is escaped).
     */
    static String escape(String value) {
        if (value == null) {
            return Formats.NONE;
        }
        StringBuilder out = new StringBuilder(value.length() + 8);
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '\r' || c == '\n') {
                if (c == '\r' && i + 1 < value.length() && value.charAt(i + 1) == '\n') {
                    i++;
                }
                out.append(' ');
            } else if ("\\`*_[]<>|~&#".indexOf(c) >= 0 || (c == '-' || c == '+') && out.isEmpty()) {
                out.append('\\').append(c);
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    private static void table(List<SummaryRow> rows, Messages m, Formats f, StringBuilder out) {
        boolean cpu = rows.stream().anyMatch(r -> r.verdict() != null && r.verdict().metric(Metric.CPU_PER_TX) != null);
        String rate = RateWords.word(m, RateWords.cells(rows));
        List<String> header = new ArrayList<>(List.of("comparison", "workload", "threads", "parent " + rate,
                "patch " + rate, SummaryWriter.ciHeader(rows), "verdict"));
        List<String> align = new ArrayList<>(List.of("---", "---", "--:", "--:", "--:", "---", "---"));
        if (cpu) {
            header.addAll(List.of("CPU us/tx", "CPU " + SummaryWriter.ciHeader(rows)));
            align.addAll(List.of("--:", "---"));
        }
        line(header.stream().map(MarkdownSummary::escape).toList(), out);
        line(align, out);
        for (SummaryRow r : rows) {
            List<String> cells = new ArrayList<>(List.of(r.label(), r.workload(), Integer.toString(r.threads()),
                    SummaryWriter.level(m, f, rows, r, false), SummaryWriter.level(m, f, rows, r, true),
                    r.ratio() == null ? Formats.NONE : f.ratio(r.ratio()) + " " + f.interval(r.ciLow(), r.ciHigh()),
                    VerdictTexts.name(r)));
            if (cpu) {
                cells.addAll(List.of(CpuTexts.perTx(f, r.verdict()), CpuTexts.ratio(f, r.verdict())));
            }
            line(cells.stream().map(MarkdownSummary::escape).toList(), out);
        }
    }

    private static void line(List<String> cells, StringBuilder out) {
        out.append("| ").append(String.join(" | ", cells)).append(" |\n");
    }

    private static void details(RunRecord run, List<SummaryRow> rows, Messages m, Formats f, StringBuilder out) {
        // A blank line after <summary> and before </details>: GitHub renders the Markdown between them then.
        out.append("\n<details>\n<summary>Warnings, notes, counters and how to reproduce</summary>\n\n");
        List<String> warnings = Warnings.of(run, m);
        section("Warnings (" + warnings.size() + ")", warnings, out);
        List<String> notes = new ArrayList<>();
        List<String> moved = new ArrayList<>();
        for (SummaryRow r : rows) {
            if (r.verdict() != null) {
                String cell = m.get("ref.cell", r.label(), r.workload(), r.threads());
                r.verdict().notes().forEach(n -> notes.add(cell + ": " + n));
                r.verdict().moved().forEach(c -> moved.add(cell + ": " + CounterTexts.line(f, c)));
            }
        }
        section("Notes", notes, out);
        section("Counters that changed", moved, out);
        List<String> facts = new ArrayList<>();
        facts.add("run id: " + run.runId());
        facts.add("runner: " + (run.runnerVersion() == null ? Formats.NONE : run.runnerVersion()));
        if (run.environment() != null) {
            facts.add("host: " + run.environment().host() + ", " + run.environment().cpuModel());
        }
        CpuTexts.sources(run).forEach(s -> facts.add("cpu: engine CPU per transaction from " + s));
        String loop = AdaptiveTexts.loop(run, m);
        if (loop != null) {
            facts.add(loop);
        }
        String host = HostTexts.of(run, m);
        if (host != null) {
            facts.add(m.get("host.line", host));
        }
        for (PlannedMdeRecord p : run.plannedMde()) {
            facts.add("MDE before measuring, " + p.workload() + "@" + p.threads() + ": "
                    + AdaptiveTexts.planned(p, m, f));
        }
        section("Run", facts, out);
        String command = run.definition() == null ? null : run.definition().command();
        if (command != null && !command.isBlank()) {
            String fence = fence(command);
            out.append("To reproduce:\n\n").append(fence).append("sh\n").append(command.strip()).append('\n')
                    .append(fence).append("\n\n");
        }
        out.append("</details>\n");
    }

    private static void section(String title, List<String> items, StringBuilder out) {
        if (items.isEmpty()) {
            return;
        }
        out.append("**").append(escape(title)).append("**\n\n");
        items.forEach(i -> out.append("- ").append(escape(i)).append('\n'));
        out.append('\n');
    }

    /** A code fence longer than any run of backticks in {@code text}, so the text cannot close it. */
    private static String fence(String text) {
        int longest = 0;
        int run = 0;
        for (char c : text.toCharArray()) {
            run = c == '`' ? run + 1 : 0;
            longest = Math.max(longest, run);
        }
        return "`".repeat(Math.max(3, longest + 1));
    }
}

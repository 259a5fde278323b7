package org.taf.runner.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.taf.runner.ExitCode;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.RunRecord;
import org.taf.runner.stats.Verdict;

/**
 * The verdict in one sentence per comparison, for readers who stop after the first lines (a pull
 * request's comment): the comparison's deciding cell, the one whose verdict sets its exit code (among
 * equals the one with the largest change, either way; the first in plan order among those), with the
 * numbers the summary's table prints, and the other cells counted.
 * <pre>
 * REGRESSED (12.3): patch 4083fbef83c6 is 9.7% slower than parent 5981efcecd8 on POINTS-COVERED-PK at 1 thread,
 *     0.903 [0.885, 0.921]; other cells: 2 improved   (one line)
 * </pre>
 */
public final class VerdictTexts {
    private VerdictTexts() {}

    /**
     * A comparison's sentence in parts, for a page that shows the verdict as a badge.
     *
     * @param deciding the cell whose verdict sets the comparison's exit code
     * @param verdict  its verdict's name (NOT MEASURED without one)
     * @param label    the comparison
     * @param text     what was found, with the numbers, and the other cells counted
     */
    public record Sentence(SummaryRow deciding, String verdict, String label, String text) {
    }

    /** One sentence per comparison of {@code run}, in definition order (none for a comparison without cells). */
    public static List<String> sentences(RunRecord run, Messages m, Formats f) {
        return parts(run, m, f).stream().map(s -> m.get("sentence.lead", s.verdict(), s.label(), s.text())).toList();
    }

    /** As {@link #sentences}, in parts. */
    public static List<Sentence> parts(RunRecord run, Messages m, Formats f) {
        List<Sentence> out = new ArrayList<>();
        for (ComparisonRecord c : run.comparisons()) {
            List<SummaryRow> rows = SummaryRow.of(run).stream().filter(r -> r.comparison().equals(c.name())).toList();
            if (!rows.isEmpty()) {
                out.add(sentence(run, c, rows, m, f));
            }
        }
        return out;
    }

    /** The verdict's name as the text summary prints it: the enum's, or NOT MEASURED without one. */
    public static String name(SummaryRow r) {
        return r.verdictOrNull() == null ? "NOT MEASURED" : r.verdictOrNull().name();
    }

    private static Sentence sentence(RunRecord run, ComparisonRecord c, List<SummaryRow> rows, Messages m,
            Formats f) {
        SummaryRow d = rows.get(0);
        for (SummaryRow r : rows) {
            if (ExitCode.worst(code(d), code(r)) != code(d) || code(r) == code(d) && size(r) > size(d)) {
                d = r;
            }
        }
        String threads = d.threads() == 1 ? m.get("sentence.threads.one") : m.get("sentence.threads", d.threads());
        String text;
        if (d.ratio() == null || d.parentTps() == null || d.patchTps() == null) {
            String why = d.verdict() != null && d.verdict().reason() != null && !d.verdict().reason().isBlank()
                    ? d.verdict().reason() : name(d);
            text = m.get("sentence.missing", name(d), d.label(), d.workload(), threads, why);
        } else {
            String numbers = f.ratio(d.ratio()) + (d.ciLow() == null ? "" : " " + f.interval(d.ciLow(), d.ciHigh()));
            String change = f.percent(Math.abs(d.ratio() - 1) * 100, 1);
            List<Object> args = List.of(name(d), d.label(), side(c, d.patch(), d.parent(), true, m), change,
                    d.ratio() < 1 ? m.get("sentence.slower") : m.get("sentence.faster"),
                    side(c, d.parent(), d.patch(), false, m), d.workload(), threads, numbers,
                    Unresolved.failPct(run, f));
            // an undecided cell's estimate is not a finding, nor is a not-worse one's: the sentence must not read
            // as one ("1.2% faster" of a cell that only showed it is not 5% slower)
            text = d.verdictOrNull() == Verdict.INCONCLUSIVE ? m.get("sentence.undecided", args)
                    : d.verdictOrNull() == Verdict.NOT_WORSE ? m.get("sentence.not_worse", args)
                    : change.equals(f.percent(0.0, 1)) ? m.get("sentence.same", args) : m.get("sentence.change", args);
        }
        List<SummaryRow> others = new ArrayList<>(rows);
        others.remove(d);
        String all = others.isEmpty() ? text : text + "; " + m.get("sentence.others", counts(others, m));
        return new Sentence(d, name(d), d.label(), all);
    }

    /**
     * How the sentence names a side: "patch 4083fbef83c6", or, when both sides are one commit under
     * two configurations, the side's own settings ("innodb_buffer_pool_instances=2"): "patch 98be4fb
     * is faster than parent 98be4fb" says nothing.
     */
    private static String side(ComparisonRecord c, org.taf.runner.results.SideRecord side,
            org.taf.runner.results.SideRecord other, boolean patch, Messages m) {
        String sha = SummaryRow.shortSha(side);
        if (c.parent() != null && c.patch() != null && sha.equals(SummaryRow.shortSha(other))) {
            String settings = SummaryRow.differingSettings(c, patch ? c.patch() : c.parent());
            if (!settings.isEmpty()) {
                return settings;
            }
        }
        return patch ? m.get("sentence.patch", sha) : m.get("sentence.parent", sha);
    }

    /** How far a cell's ratio is from 1, either way (x2 as far as /2); -1 without a ratio. */
    private static double size(SummaryRow r) {
        return r.ratio() == null || r.ratio() <= 0 ? -1 : Math.abs(Math.log(r.ratio()));
    }

    /** The exit code a cell calls for: no verdict is an error, as {@link RunRecord#exitCode()} says. */
    private static ExitCode code(SummaryRow r) {
        return r.verdictOrNull() == null ? ExitCode.ERROR : r.verdictOrNull().exitCode();
    }

    /** "2 improved, 1 no change": the cells per verdict in the enum's order, in the words the index uses. */
    private static String counts(List<SummaryRow> rows, Messages m) {
        Map<Verdict, Integer> n = new TreeMap<>();
        int unmeasured = 0;
        for (SummaryRow r : rows) {
            if (r.verdictOrNull() == null) {
                unmeasured++;
            } else {
                n.merge(r.verdictOrNull(), 1, Integer::sum);
            }
        }
        List<String> parts = new ArrayList<>();
        n.forEach((v, k) -> parts.add(m.get("count." + v.name(), k)));
        if (unmeasured > 0) {
            parts.add(m.get("count.NOT_MEASURED", unmeasured));
        }
        return String.join(", ", parts);
    }
}

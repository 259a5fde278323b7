package org.taf.runner.report.post;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.taf.runner.report.AdaptiveTexts;
import org.taf.runner.report.Formats;
import org.taf.runner.report.HostTexts;
import org.taf.runner.report.Messages;
import org.taf.runner.report.RateWords;
import org.taf.runner.report.SummaryRow;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.RateUnit;
import org.taf.runner.results.RunRecord;
import org.taf.runner.stats.Verdict;

/**
 * The prose of a post made from its data when the definition gives none: a title, a summary
 * paragraph, one highlight per comparison (as the foundation's posts list "parent X gave 17,925
 * TPS, patch Y gave 66,653 TPS"), and the verdict counts the index shows.
 */
public final class PostTexts {
    private PostTexts() {}

    public static String title(PostContext x) {
        if (x.post().title() != null) {
            return x.post().title();
        }
        List<SummaryRow> rows = SummaryRow.of(x.run());
        if (rows.size() == 1) {
            SummaryRow r = rows.get(0);
            return x.m().get("title.one", r.label(), r.workload(), r.threads(), x.f().change(r.ratio()),
                    x.m().get("verdict." + PostContext.verdictName(r.cell())));
        }
        return x.m().get("title.many", x.run().name(), counts(x.m(), x.run()));
    }

    public static String summary(PostContext x) {
        if (x.post().summary() != null) {
            return x.post().summary();
        }
        RunRecord run = x.run();
        Set<String> workloads = new LinkedHashSet<>();
        Set<Integer> threads = new TreeSet<>();
        run.comparisons().forEach(c -> c.cells().forEach(cell -> {
            workloads.add(cell.workload());
            threads.add(cell.threads());
        }));
        String labels = String.join(", ", run.comparisons().stream().map(SummaryRow::labelOf).toList());
        String host = run.environment() == null ? Formats.NONE : run.environment().host();
        String cpu = run.environment() == null ? Formats.NONE : run.environment().cpuModel();
        return x.m().get("summary.generated", labels, String.join(", ", workloads),
                String.join(", ", threads.stream().map(String::valueOf).toList()), host, cpu, counts(x.m(), run));
    }

    /** One line per comparison for its headline cell: the most threads of its first workload. */
    public static List<String> highlights(PostContext x) {
        List<String> out = new ArrayList<>();
        for (ComparisonRecord c : x.run().comparisons()) {
            if (c.cells().isEmpty()) {
                continue;
            }
            String first = c.cells().get(0).workload();
            CellRecord cell = c.cells().stream().filter(k -> k.workload().equals(first))
                    .max(Comparator.comparingInt(CellRecord::threads)).orElseThrow();
            var v = cell.verdict();
            if (v == null || v.parentTps() == null || v.patchTps() == null) {
                String why = v != null && v.reason() != null && !v.reason().isBlank() ? v.reason()
                        : x.m().get("verdict." + PostContext.verdictName(cell));
                out.add(x.m().get("highlight.missing", SummaryRow.labelOf(c), cell.workload(), cell.threads(), why));
                continue;
            }
            out.add(x.m().get("highlight", SummaryRow.labelOf(c), SummaryRow.shortSha(c.parent()),
                    x.f().tps(v == null ? null : v.parentTps()), SummaryRow.shortSha(c.patch()),
                    x.f().tps(v == null ? null : v.patchTps()), x.f().change(v == null ? null : v.ratio()),
                    x.m().get("verdict." + PostContext.verdictName(cell)), cell.workload(), cell.threads(),
                    RateWords.word(x.m(), RateUnit.of(cell))));
        }
        String loop = AdaptiveTexts.loop(x.run(), x.m());
        if (loop != null) {
            out.add(loop);
        }
        String host = HostTexts.of(x.run(), x.m());
        if (host != null) {
            out.add(x.m().get("host.line", host));
        }
        return out;
    }

    /** How many cells got each verdict, e.g. "3 improved, 1 regressed", in the enum's order. */
    public static String counts(Messages m, RunRecord run) {
        Map<Verdict, Integer> counts = verdictCounts(run);
        int unmeasured = (int) run.comparisons().stream().flatMap(c -> c.cells().stream())
                .filter(c -> c.verdict() == null).count();
        List<String> parts = new ArrayList<>();
        counts.forEach((v, n) -> parts.add(m.get("count." + v.name(), n)));
        if (unmeasured > 0) {
            parts.add(m.get("count.NOT_MEASURED", unmeasured));
        }
        return parts.isEmpty() ? m.get("count.none") : String.join(", ", parts);
    }

    public static Map<Verdict, Integer> verdictCounts(RunRecord run) {
        Map<Verdict, Integer> counts = new EnumMap<>(Verdict.class);
        run.comparisons().forEach(c -> c.cells().forEach(cell -> {
            if (cell.verdict() != null) {
                counts.merge(cell.verdict().verdict(), 1, Integer::sum);
            }
        }));
        return counts;
    }
}

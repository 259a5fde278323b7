package org.taf.runner.report.post;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import org.taf.runner.report.Formats;
import org.taf.runner.report.SummaryRow;
import org.taf.runner.report.Unresolved;
import org.taf.runner.report.VerdictTexts;
import org.taf.runner.report.post.PostView.Headline;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.RateUnit;
import org.taf.runner.results.RunRecord;
import org.taf.runner.results.SideRecord;
import org.taf.runner.stats.Change;
import org.taf.runner.stats.Metric;
import org.taf.runner.stats.MetricVerdict;
import org.taf.runner.stats.Verdict;

/**
 * What a post leads with: per comparison, one sentence over all its cells with direction, size and
 * confidence ("2443614 is 17–37% faster than 5e8996f at 2–16 threads (16 threads: 1,639 → 2,248 TPS,
 * ×1.37 [1.24, 1.51]); undecided at 1 thread"), a badge that counts the cells ("improved 4 of 5"), and
 * the mechanism in one line from the key counters of its clearest cell. A gate's summary and exit code
 * follow the worst cell ({@link VerdictTexts}); a post's headline answers the whole comparison: which
 * way most decided cells went, and what the rest showed.
 */
public final class Headlines {
    /** The order findings are told after the leading one: what fails a gate first. */
    private static final List<Verdict> ORDER = List.of(Verdict.REGRESSED, Verdict.NEWLY_FAILING, Verdict.IMPROVED,
            Verdict.FIXED, Verdict.NO_CHANGE, Verdict.NOT_WORSE, Verdict.INCONCLUSIVE, Verdict.NOT_COMPARABLE);
    /** Key counters named in the mechanism line; the table under the headline shows them all. */
    private static final int IN_LINE = 2;

    private Headlines() {}

    /** One cell's finding: its verdict and the metric that decided it (TPS unless another metric did). */
    private record Finding(SummaryRow row, Verdict verdict, Metric metric) {
        MetricVerdict record() {
            return row.verdict() == null ? null : row.verdict().metric(metric);
        }

        /** How far the metric moved, either way (×2 as far as ÷2); -1 without a number. */
        double size() {
            MetricVerdict m = record();
            return m == null || m.ratio() <= 0 ? -1 : Math.abs(Math.log(m.ratio()));
        }
    }

    /** Cells alike in verdict and deciding metric, told together. */
    private record Group(Verdict verdict, Metric metric) {
    }

    /** The headline of every comparison of the run, in definition order (none for one without cells). */
    public static List<Headline> of(PostContext x) {
        List<Headline> out = new ArrayList<>();
        RunRecord run = x.run();
        for (ComparisonRecord c : run.comparisons()) {
            List<SummaryRow> rows = SummaryRow.of(run).stream().filter(r -> r.comparison().equals(c.name())).toList();
            if (!rows.isEmpty()) {
                out.add(of(x, c, rows));
            }
        }
        return out;
    }

    private static Headline of(PostContext x, ComparisonRecord c, List<SummaryRow> rows) {
        Map<Group, List<Finding>> groups = new LinkedHashMap<>();
        Map<Verdict, Integer> counts = new EnumMap<>(Verdict.class);
        for (SummaryRow r : rows) {
            Finding f = finding(r);
            groups.computeIfAbsent(new Group(f.verdict(), f.metric()), k -> new ArrayList<>()).add(f);
            if (f.verdict() != null) {
                counts.merge(f.verdict(), 1, Integer::sum);
            }
        }
        Group lead = lead(groups);
        List<Finding> leading = groups.get(lead);
        Finding best = leading.stream().max(Comparator.comparingDouble(Finding::size)
                .thenComparingInt(f -> f.row().threads())).orElseThrow();
        boolean workloads = rows.stream().map(SummaryRow::workload).distinct().count() > 1;
        List<String> parts = new ArrayList<>();
        parts.add(leadPhrase(x, c, lead, leading, best, rows, workloads));
        groups.keySet().stream().filter(g -> !g.equals(lead))
                .sorted(Comparator.comparingInt(Headlines::rank))
                .forEach(g -> parts.add(otherPhrase(x, g, groups.get(g), rows, workloads)));
        String verdict = lead.verdict() == null ? "NOT_MEASURED" : lead.verdict().name();
        int n = lead.verdict() == null ? leading.size() : counts.get(lead.verdict());
        String badge = rows.size() == 1 ? x.m().get("verdict." + verdict)
                : x.m().get("headline.badge", x.m().get("verdict." + verdict), n, rows.size());
        Boolean better = lead.verdict() == Verdict.IMPROVED || lead.verdict() == Verdict.FIXED ? Boolean.TRUE
                : lead.verdict() == Verdict.REGRESSED || lead.verdict() == Verdict.NEWLY_FAILING ? Boolean.FALSE
                : null;
        List<PostView.KeyCounter> keys = KeyCounters.of(x, best.row().cell(), x.post().keyCounters(), better);
        String where = x.m().get("headline.at", threads(x, List.of(best.row()), best.row().workload(), rows),
                best.row().workload());
        Why why = why(x, lead.verdict(), better, keys);
        return new Headline(ComparisonLabels.shortLabel(x.run(), c), verdict, badge, String.join("; ", parts),
                "#" + PostContext.cellAnchor(c, best.row().cell()), why.text(), where, keys,
                FlameViews.cropped(x, PostContext.cellAnchor(c, best.row().cell()), best.row().cell()),
                ComparisonLabels.name(x.run(), c), why.story());
    }

    private static Finding finding(SummaryRow r) {
        Verdict v = r.verdictOrNull();
        if (v == Verdict.IMPROVED || v == Verdict.REGRESSED) {
            Change wanted = v == Verdict.IMPROVED ? Change.BETTER : Change.WORSE;
            MetricVerdict tps = r.verdict().tps();
            if (tps == null || tps.change() != wanted) {
                for (MetricVerdict m : r.verdict().metrics()) {
                    if (m.gates() && m.change() == wanted) {
                        return new Finding(r, v, m.metric());
                    }
                }
            }
        }
        return new Finding(r, v, Metric.TPS);
    }

    /**
     * The finding a post leads with: the largest group of cells that moved (a regression among equals),
     * else the cells shown unchanged, else those shown not worse (non-inferiority), else the undecided ones.
     */
    private static Group lead(Map<Group, List<Finding>> groups) {
        Comparator<Group> byCells = Comparator.comparingInt(g -> groups.get(g).size());
        return groups.keySet().stream().filter(g -> moved(g.verdict()))
                .max(byCells.thenComparing(Comparator.comparingInt(Headlines::rank).reversed()))
                .or(() -> groups.keySet().stream().filter(g -> g.verdict() == Verdict.NO_CHANGE).findFirst())
                .or(() -> groups.keySet().stream().filter(g -> g.verdict() == Verdict.NOT_WORSE).findFirst())
                .or(() -> groups.keySet().stream().min(Comparator.comparingInt(Headlines::rank)))
                .orElseThrow();
    }

    private static boolean moved(Verdict v) {
        return v == Verdict.IMPROVED || v == Verdict.REGRESSED || v == Verdict.FIXED || v == Verdict.NEWLY_FAILING;
    }

    private static int rank(Group g) {
        return g.verdict() == null ? ORDER.size() : ORDER.indexOf(g.verdict());
    }

    private static String leadPhrase(PostContext x, ComparisonRecord c, Group g, List<Finding> cells, Finding best,
                                     List<SummaryRow> all, boolean workloads) {
        String patch = side(x, c, true);
        String parent = side(x, c, false);
        String where = where(x, cells, all, workloads);
        String v = g.verdict() == null ? "NOT_MEASURED" : g.verdict().name();
        if (g.verdict() == Verdict.IMPROVED || g.verdict() == Verdict.REGRESSED) {
            return x.m().get("headline.lead." + key(g, cells), patch, size(x, cells), parent, where, numbers(x, best));
        }
        if (g.verdict() == Verdict.NO_CHANGE || g.verdict() == Verdict.INCONCLUSIVE) {
            return x.m().get("headline.lead." + v, patch, parent, where, numbers(x, best),
                    "\u00b1" + x.f().percent(x.warningPct(), 0));
        }
        if (g.verdict() == Verdict.NOT_WORSE) { // "not worse than X by 5% or more", never "as fast as"
            return x.m().get("headline.lead.NOT_WORSE", patch, parent, where, numbers(x, best),
                    Unresolved.failPct(x.run(), x.f()));
        }
        return x.m().get("headline.lead.other", patch, parent, where, x.m().get("verdict." + v));
    }

    private static String otherPhrase(PostContext x, Group g, List<Finding> cells, List<SummaryRow> all,
                                      boolean workloads) {
        String where = where(x, cells, all, workloads);
        if (g.verdict() == Verdict.IMPROVED || g.verdict() == Verdict.REGRESSED) {
            return x.m().get("headline.other." + key(g, cells), size(x, cells), where);
        }
        String v = g.verdict() == null ? "NOT_MEASURED" : g.verdict().name();
        if (g.verdict() == Verdict.NOT_WORSE) {
            return x.m().get("headline.other.NOT_WORSE", where, Unresolved.failPct(x.run(), x.f()));
        }
        return x.m().has("headline.other." + v) ? x.m().get("headline.other." + v, where)
                : x.m().get("headline.other", x.m().get("verdict." + v), where);
    }

    /**
     * The message key of a moved group: the metric and which way it went, e.g. {@code tps.up}; {@code .times}
     * for an increase of twice or more, told as a factor ("3.6 times as fast", not "+258% faster").
     */
    private static String key(Group g, List<Finding> cells) {
        List<Double> ratios = ratios(cells);
        boolean up = !ratios.isEmpty() && ratios.get(0) > 1;
        return g.metric().label() + (!up ? ".down" : ratios.get(ratios.size() - 1) >= 2 ? ".times" : ".up");
    }

    private static List<Double> ratios(List<Finding> cells) {
        return cells.stream().map(Finding::record).filter(m -> m != null && m.ratio() > 0).map(MetricVerdict::ratio)
                .sorted().toList();
    }

    /**
     * The group's estimates as a range, the smallest change first: "17–37%" (or "17%"), and as factors when
     * one of them is twice or more: "1.35–3.58" (the phrase says "times as fast").
     */
    private static String size(PostContext x, List<Finding> cells) {
        List<Double> ratios = ratios(cells);
        if (ratios.isEmpty()) {
            return Formats.NONE;
        }
        double lo = ratios.get(0);
        double hi = ratios.get(ratios.size() - 1);
        if (hi < 1) { // decreases: the smallest drop first
            double t = lo;
            lo = hi;
            hi = t;
        }
        if (hi >= 2) {
            String a = x.f().times(lo).substring(1);
            String b = x.f().times(hi).substring(1);
            return a.equals(b) ? a : a + "\u2013" + b;
        }
        int decimals = Math.abs(hi - 1) < 0.1 ? 1 : 0; // one precision for both ends: "8-30%", "3.2-4.1%"
        String a = amount(x, lo, decimals);
        String b = amount(x, hi, decimals);
        return a.equals(b) ? a : a.replace("%", "") + "\u2013" + b;
    }

    /** How far from 1, unsigned, in percent: 1.37 is 37%, 0.74 is 26%, 0.97 is 3.0% (1 decimal). */
    private static String amount(PostContext x, double ratio, int decimals) {
        return x.f().percent(Math.abs(ratio - 1) * 100, decimals);
    }

    /**
     * The clearest cell's numbers: "16 threads: 1,639 → 2,248 TPS, ×1.37 [1.24, 1.51]"; "... NOPM ..." for a
     * TPROC-C cell.
     */
    private static String numbers(PostContext x, Finding f) {
        MetricVerdict m = f.record();
        String at = threadsText(x, f.row().threads());
        if (m == null) {
            return at;
        }
        String interval = m.ciLow() == null ? "" : " " + x.f().shortInterval(m.ciLow(), m.ciHigh());
        String values = m.metric() == Metric.TPS ? x.f().tps(m.parent()) + " \u2192 " + x.f().tps(m.patch())
                : x.f().perTx(m.parent()) + " \u2192 " + x.f().perTx(m.patch());
        // the "tps" metric holds the cell's rate: TPS, or a TPROC-C cell's NOPM
        String key = m.metric() == Metric.TPS ? RateUnit.of(f.row().cell()).key() : m.metric().label();
        return x.m().get("headline.numbers." + key, at, values, x.f().factor(m.ratio()) + interval);
    }

    /**
     * "at 2–16 threads", "at 1 thread", "at 2, 8 and 32 threads", or per workload when the comparison
     * has several: "on OLTP_RO at 2 threads and OLTP_RW at 2–16 threads".
     */
    private static String where(PostContext x, List<Finding> cells, List<SummaryRow> all, boolean workloads) {
        Map<String, List<SummaryRow>> byWorkload = new LinkedHashMap<>();
        cells.forEach(f -> byWorkload.computeIfAbsent(f.row().workload(), k -> new ArrayList<>()).add(f.row()));
        List<String> parts = new ArrayList<>();
        byWorkload.forEach((w, rows) -> parts.add(workloads ? x.m().get("headline.on", w, threads(x, rows, w, all))
                : x.m().get("headline.at_only", threads(x, rows, w, all))));
        return list(x, parts);
    }

    /** Thread counts as a range where they are consecutive among the workload's cells: "2–16 threads". */
    private static String threads(PostContext x, List<SummaryRow> rows, String workload, List<SummaryRow> all) {
        List<Integer> measured = new ArrayList<>(new TreeSet<>(all.stream().filter(r -> r.workload().equals(workload))
                .map(SummaryRow::threads).toList()));
        List<Integer> mine = new ArrayList<>(new TreeSet<>(rows.stream().map(SummaryRow::threads).toList()));
        if (mine.size() == 1) {
            return threadsText(x, mine.get(0));
        }
        int from = measured.indexOf(mine.get(0));
        boolean consecutive = measured.subList(from, Math.min(measured.size(), from + mine.size())).equals(mine);
        if (consecutive && mine.size() > 2) {
            return x.m().get("sentence.threads", mine.get(0) + "\u2013" + mine.get(mine.size() - 1));
        }
        return x.m().get("sentence.threads", list(x, mine.stream().map(String::valueOf).toList()));
    }

    private static String threadsText(PostContext x, int threads) {
        return threads == 1 ? x.m().get("sentence.threads.one") : x.m().get("sentence.threads", threads);
    }

    /** "a", "a and b", "a, b and c". */
    private static String list(PostContext x, List<String> items) {
        if (items.size() < 2) {
            return String.join("", items);
        }
        return String.join(", ", items.subList(0, items.size() - 1)) + " " + x.m().get("list.and") + " "
                + items.get(items.size() - 1);
    }

    /**
     * How the headline names a side: its short sha, or its own settings when both sides are one commit
     * ("innodb_log_spin_wait_delay=30 is 5% slower than innodb_log_spin_wait_delay=0").
     */
    private static String side(PostContext x, ComparisonRecord c, boolean patch) {
        SideRecord side = patch ? c.patch() : c.parent();
        SideRecord other = patch ? c.parent() : c.patch();
        String swept = ComparisonLabels.sweptKey(x.run());
        if (swept != null && side != null) { // "innodb_buffer_pool_instances=2 is 30% faster than 1"
            String value = side.engineSettings().get(swept);
            return patch ? swept + "=" + value : value;
        }
        String sha = SummaryRow.shortSha(side);
        if (side != null && other != null && sha.equals(SummaryRow.shortSha(other))) {
            String settings = SummaryRow.differingSettings(c, side);
            if (!settings.isEmpty()) {
                return settings;
            }
        }
        return sha;
    }

    /**
     * The line under a headline, and the story it points to ("#narrative", or "" for none).
     *
     * @param text  "Why: ..." or "Why no change: ...", or ""
     * @param story where the story says why, when the line says that the mechanism did not go the verdict's way
     */
    record Why(String text, String story) {
    }

    /**
     * The why of a headline. For a change, the decided key counters that moved the way the verdict did ("Why:
     * pool-mutex waits 1.89 → 0.375 per transaction (-80.1%); ..."); when the first key counter, the story's
     * mechanism, moved against the verdict or did not move, one sentence says so and points to the story. For no
     * change, the story's own line when its narrative has one ({@link Narratives#whyNoChange}), then the decided
     * counters that moved all the same. Never a counter that did not move, offered as a reason.
     *
     * @param better whether the verdict is an improvement (true), a regression (false), or neither (null)
     */
    static Why why(PostContext x, Verdict verdict, Boolean better, List<PostView.KeyCounter> keys) {
        List<PostView.KeyCounter> shown = keys.stream().filter(k -> !k.parent().equals(Formats.NONE)
                || !k.patch().equals(Formats.NONE)).toList();
        String story = x.narrative().isEmpty() ? "" : "#narrative";
        if (better == null) {
            String moved = items(x, shown.stream().filter(PostView.KeyCounter::decided).toList());
            String anyway = moved.isEmpty() ? "" : x.m().get("headline.why.anyway", moved);
            Optional<String> line = verdict == Verdict.NO_CHANGE ? Narratives.whyNoChange(x.narrative())
                    : Optional.empty();
            return new Why(line.map(l -> (x.m().get("headline.why.no_change", l) + " " + anyway).strip())
                    .orElse(anyway), "");
        }
        String with = items(x, shown.stream().filter(k -> k.decided() && !k.surprising()).toList());
        PostView.KeyCounter mechanism = shown.isEmpty() ? null : shown.get(0);
        if (mechanism == null || mechanism.decided() && !mechanism.surprising()) {
            return new Why(with.isEmpty() ? "" : x.m().get("headline.mechanism", with), "");
        }
        String not = mechanism.surprising()
                ? x.m().get(better ? "headline.why.up" : "headline.why.down", mechanism.label(), mechanism.change())
                : x.m().get("headline.why.still", mechanism.label(), mechanism.change());
        String text = with.isEmpty() ? x.m().get("headline.why", not)
                : x.m().get("headline.mechanism", with) + " " + x.m().get("headline.why.but", not);
        return new Why(text + (story.isEmpty() ? "." : ";"), story);
    }

    /** Up to {@link #IN_LINE} key counters, "a; b". */
    private static String items(PostContext x, List<PostView.KeyCounter> keys) {
        return String.join("; ", keys.stream().limit(IN_LINE).map(k -> item(x, k)).toList());
    }

    /**
     * "pool-mutex acquisitions 80 → 45 per transaction (−44%)", or for one side only "... 0.63 per transaction (new in
     * patch)".
     */
    private static String item(PostContext x, PostView.KeyCounter k) {
        boolean oneSide = k.parent().equals(Formats.NONE) || k.patch().equals(Formats.NONE);
        String text = oneSide ? x.m().get("headline.mechanism.one_side", k.label(),
                k.parent().equals(Formats.NONE) ? k.patch() : k.parent(), k.unit(), k.change())
                : x.m().get("headline.mechanism.item", k.label(), k.parent(), k.patch(), k.unit(), k.change());
        return text.replaceAll(" {2,}", " ");
    }
}

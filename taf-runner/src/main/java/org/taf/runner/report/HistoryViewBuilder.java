package org.taf.runner.report;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.taf.runner.report.chart.LineChart;
import org.taf.runner.report.chart.Series;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.RunRecord;
import org.taf.runner.results.SideRecord;

/**
 * A workload's history: for each thread count, a chart of TPS over the runs' start times, one line
 * per comparison and side (the patch solid, the parent dashed), from the verdicts' TPS; and a table
 * of every side of every cell, newest first, each linking to the cell in its post.
 */
final class HistoryViewBuilder {
    private static final double DAY = 86_400;

    private HistoryViewBuilder() {}

    static HistoryView build(String workload, List<RunRecord> runs, Messages m) {
        Formats f = new Formats(m.numberLocale());
        String path = SitePaths.history(workload);
        String root = SitePaths.root(path);
        List<HistoryView.Row> rows = new ArrayList<>();
        // threads -> series name -> points, in the order first met (runs oldest first)
        Map<Integer, Map<String, Series>> byThreads = new TreeMap<>();
        TreeSet<Double> runDays = new TreeSet<>();
        List<RunRecord> oldestFirst = new ArrayList<>(SiteViews.sorted(runs));
        java.util.Collections.reverse(oldestFirst);
        int comparisonIndex = 0;
        Map<String, Integer> colors = new LinkedHashMap<>();
        for (RunRecord run : oldestFirst) {
            PostContext x = PostContext.of(run, m);
            Instant at = run.startedAt() == null ? Instant.EPOCH : run.startedAt();
            double day = at.getEpochSecond() / DAY;
            String title = PostTexts.title(x);
            for (ComparisonRecord c : run.comparisons()) {
                String label = SummaryRow.labelOf(c);
                if (!colors.containsKey(label)) {
                    colors.put(label, comparisonIndex++);
                }
                for (CellRecord cell : c.cells()) {
                    if (!cell.workload().equals(workload)) {
                        continue;
                    }
                    runDays.add(day);
                    for (SideRecord side : new SideRecord[] {c.parent(), c.patch()}) {
                        Double tps = cell.verdict() == null ? null
                                : side == c.parent() ? cell.verdict().parentTps() : cell.verdict().patchTps();
                        rows.add(new HistoryView.Row(f.minute(at), Formats.iso(at), title,
                                root + SitePaths.post(run.runId()) + "#" + PostContext.cellAnchor(c, cell), label,
                                cell.threads(), side.role().label(), SummaryRow.shortSha(side), x.commitHref(side),
                                side.commit() == null || side.commit().subject() == null ? "" : side.commit().subject(),
                                f.tps(tps), PostContext.verdictName(cell)));
                        if (tps != null) {
                            String name = label + " " + m.get("role." + side.role().label());
                            Map<String, Series> series = byThreads.computeIfAbsent(cell.threads(),
                                    k -> new LinkedHashMap<>());
                            Series old = series.get(name);
                            List<Series.Point> pts = new ArrayList<>(old == null ? List.of() : old.points());
                            pts.add(new Series.Point(day, tps));
                            Series s = Series.line(name, Palette.cycle(colors.get(label)), pts);
                            series.put(name, side == c.parent() ? s.asDashed().withShape(Series.Shape.RING)
                                    : s.withShape(Series.Shape.DOT));
                        }
                    }
                }
            }
        }
        List<String> charts = new ArrayList<>();
        byThreads.forEach((threads, series) -> charts.add(chart(workload, threads, series, runDays, m, f)));
        List<HistoryView.Row> newestFirst = new ArrayList<>(rows);
        java.util.Collections.reverse(newestFirst);
        return new HistoryView(PageView.of(m, m.get("history.title", workload), path), workload, charts,
                newestFirst);
    }

    private static String chart(String workload, int threads, Map<String, Series> series, TreeSet<Double> days,
                                Messages m, Formats f) {
        String id = "h-" + SitePaths.slug(workload) + "-" + threads;
        List<String> described = new ArrayList<>();
        series.forEach((name, s) -> described.add(m.get("chart.history.series", name, s.points().size(),
                f.tps(s.points().get(s.points().size() - 1).y()))));
        LineChart chart = LineChart.of(id, m.get("chart.history.title", workload, threads),
                        m.get("chart.history.desc", String.join("; ", described)))
                .size(720, 300)
                .xAxis(m.get("chart.axis.run_date"), LineChart.XScale.LINEAR,
                        v -> f.day(Instant.ofEpochSecond(Math.round(v * DAY))))
                .xTicks(ticks(days))
                .xDomain(days.first(), days.last())
                .yAxis(m.get("chart.axis.tps"), f::compact);
        series.values().forEach(chart::add);
        return chart.svg();
    }

    /** One tick per run day, at most eight, evenly picked. */
    private static List<Double> ticks(TreeSet<Double> days) {
        TreeMap<Long, Double> perDay = new TreeMap<>();
        days.forEach(d -> perDay.putIfAbsent((long) Math.floor(d), d));
        List<Double> all = new ArrayList<>(perDay.values());
        if (all.size() <= 8) {
            return all;
        }
        List<Double> picked = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            picked.add(all.get(i * (all.size() - 1) / 7));
        }
        return picked;
    }
}

package org.taf.runner.report.site;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;
import org.taf.runner.report.Formats;
import org.taf.runner.report.Messages;
import org.taf.runner.report.PageView;
import org.taf.runner.report.PageView.Fact;
import org.taf.runner.report.Palette;
import org.taf.runner.report.RateWords;
import org.taf.runner.report.SitePaths;
import org.taf.runner.report.chart.LineChart;
import org.taf.runner.report.chart.Series;
import org.taf.runner.report.post.PostContext;
import org.taf.runner.results.RateUnit;
import org.taf.runner.results.RunRecord;
import org.taf.runner.results.SeriesKey;
import org.taf.runner.stats.Metric;

/**
 * A workload's history: for each of its series ({@link HistorySeries}), a chart of its rate (TPS, or NOPM for
 * TPROC-C: {@link RateWords}) over the runs' start times (the patch solid, the parent dashed), a solid rule
 * where a segment starts (the environment changed) and a dashed mark at each change point, labelled with its
 * size; and a table of every side of every cell, newest first, each linking to the cell in its post.
 */
final class HistoryViewBuilder {
    private static final double DAY = 86_400;

    private HistoryViewBuilder() {}

    /**
     * @param runs   every run of the site (the table)
     * @param series every series of the site (those of {@code workload} are drawn)
     */
    static HistoryView build(String workload, List<RunRecord> runs, List<HistorySeries> series, Messages m) {
        return fromDigests(workload, RunDigest.of(runs, m), series, m);
    }

    /** As {@link #build}, from the runs' digests: what a publish has of them. */
    static HistoryView fromDigests(String workload, List<RunDigest> runs, List<HistorySeries> series, Messages m) {
        Formats f = new Formats(m.numberLocale());
        String path = SitePaths.history(workload);
        List<HistoryView.SeriesView> views = new ArrayList<>();
        for (HistorySeries s : HistorySeries.of(series, workload)) {
            views.add(series(s, path, m, f));
        }
        RateUnit unit = RateWords.ofUnits(runs.stream().flatMap(r -> r.comparisons().stream())
                .flatMap(c -> c.cells().stream()).filter(cell -> cell.workload().equals(workload))
                .map(RunDigest.Cell::unit).toList());
        return new HistoryView(PageView.of(m, m.get("history.title", workload), path), workload,
                RateWords.word(m, unit), views, rows(workload, runs, path, m, f));
    }

    private static HistoryView.SeriesView series(HistorySeries s, String path, Messages m, Formats f) {
        SeriesKey key = s.key();
        List<String> segments = new ArrayList<>();
        for (HistorySeries.Segment seg : s.segments()) {
            if (!seg.drift().isEmpty()) {
                segments.add(m.get("history.segment", f.minute(s.points().get(seg.from()).at()), drift(seg, m)));
            }
        }
        List<ChangeView> changes = new ArrayList<>();
        s.changes().forEach(c -> changes.add(0, ChangeView.of(s, c, path, m, f)));
        List<Fact> facts = List.of(new Fact("series.machine", key.machine()),
                new Fact("series.data", key.dataShape().isEmpty() ? Formats.NONE : key.dataShape()),
                new Fact("series.settings", key.settings().isEmpty() ? Formats.NONE : key.settings()));
        // A series whose cells all failed has nothing to draw: its rows in the table say why.
        boolean measured = s.points().stream().anyMatch(p -> p.patchTps() != null || p.parentTps() != null);
        return new HistoryView.SeriesView(ChangeView.seriesId(key), ChangeView.title(key, m), facts,
                measured ? (s.ratios() ? ratioChart(s, m, f) + cpuRatioChart(s, m, f) : "") + chart(s, m, f) : "",
                segments, s.searched(),
                changes);
    }

    /** The facts that changed, in words: {@code kernel 6.1.0-18 -> 6.1.0-21; JVM ...}. */
    private static String drift(HistorySeries.Segment seg, Messages m) {
        List<String> out = new ArrayList<>();
        seg.drift().forEach(d -> out.add(m.get("drift." + d.fact()) + " " + d.before() + " \u2192 " + d.after()));
        return String.join("; ", out);
    }

    static String chart(HistorySeries s, Messages m, Formats f) {
        String id = ChangeView.seriesId(s.key()) + "-chart";
        TreeSet<Double> days = new TreeSet<>();
        s.points().forEach(p -> days.add(day(p.at())));
        List<Series> lines = new ArrayList<>();
        int drawn = 0;
        for (HistorySeries.Segment seg : s.segments()) {
            // One line per side and segment: a line across an environment change would read as a trend.
            List<Series.Point> patch = new ArrayList<>();
            List<Series.Point> parent = new ArrayList<>();
            for (HistorySeries.Point p : s.points().subList(seg.from(), seg.to())) {
                if (p.patchTps() != null) {
                    patch.add(new Series.Point(day(p.at()), p.patchTps()));
                    drawn++;
                }
                if (p.parentTps() != null) {
                    parent.add(new Series.Point(day(p.at()), p.parentTps()));
                }
            }
            lines.add(Series.line(m.get("role.parent"), Palette.PARENT, parent).asDashed()
                    .withShape(Series.Shape.RING));
            lines.add(Series.line(m.get("role.patch"), Palette.PATCH, patch).withShape(Series.Shape.DOT));
        }
        String rate = RateWords.word(m, s.unit());
        String desc = m.get("chart.series.desc", drawn, s.segments().size(), changes(s, Metric.TPS).size(), rate);
        LineChart chart = LineChart.of(id, ChangeView.title(s.key(), m) + ": " + m.get("chart.series.title", rate),
                        desc)
                .size(720, 300)
                .xAxis(m.get("chart.axis.run_date"), LineChart.XScale.LINEAR,
                        v -> f.day(Instant.ofEpochSecond(Math.round(v * DAY))))
                .xTicks(ticks(days))
                .xDomain(days.first(), days.last())
                .yAxis(m.get("chart.axis." + s.unit().key()), f::compact);
        lines.forEach(chart::add);
        markers(s, Metric.TPS, m, f, chart);
        return chart.svg();
    }

    /**
     * A baseline-ratio series' first chart: each night's patch / baseline TPS ratio, the values its change
     * points were searched on (the absolute TPS chart follows it, secondary: it drifts with the host).
     */
    static String ratioChart(HistorySeries s, Messages m, Formats f) {
        String rate = RateWords.word(m, s.unit());
        return ratioChart(s, Metric.TPS, "-ratio", m.get("chart.ratio.title", rate),
                m.get("chart.ratio.desc", changes(s, Metric.TPS).size(), rate), m.get("chart.axis.ratio", rate), m, f);
    }

    /**
     * A baseline-ratio series' chart of CPU per transaction, patch / baseline, when that metric gated its runs
     * (a rise is slower): the second series its change points are searched on; "" when no run has it.
     */
    static String cpuRatioChart(HistorySeries s, Messages m, Formats f) {
        if (s.points().stream().allMatch(p -> p.ratio(Metric.CPU_PER_TX) == null)) {
            return "";
        }
        return ratioChart(s, Metric.CPU_PER_TX, "-cpu-ratio", m.get("chart.cpu_ratio.title"),
                m.get("chart.cpu_ratio.desc", changes(s, Metric.CPU_PER_TX).size()), m.get("chart.axis.cpu_ratio"),
                m, f);
    }

    /** The chart of {@code metric}'s ratio per night, each with its interval as a whisker, on a fitted axis. */
    private static String ratioChart(HistorySeries s, Metric metric, String idSuffix, String title, String desc,
                                     String axis, Messages m, Formats f) {
        TreeSet<Double> days = new TreeSet<>();
        s.points().forEach(p -> days.add(day(p.at())));
        LineChart chart = LineChart.of(ChangeView.seriesId(s.key()) + idSuffix,
                        ChangeView.title(s.key(), m) + ": " + title, desc)
                .size(720, 240)
                .xAxis(m.get("chart.axis.run_date"), LineChart.XScale.LINEAR,
                        v -> f.day(Instant.ofEpochSecond(Math.round(v * DAY))))
                .xTicks(ticks(days))
                .xDomain(days.first(), days.last())
                .yAxis(axis, v -> String.format(java.util.Locale.ROOT, "%.3f", v))
                .yFit();
        for (HistorySeries.Segment seg : s.segments()) {
            List<Series.Point> ratio = new ArrayList<>();
            for (HistorySeries.Point p : s.points().subList(seg.from(), seg.to())) {
                RunDigest.Ratio r = p.ratioWithInterval(metric);
                if (r != null) {
                    // each night's interval as a whisker: a step shows against the nights' own uncertainty
                    ratio.add(new Series.Point(day(p.at()), r.value(), r.low(), r.high()));
                }
            }
            chart.add(Series.line(m.get("chart.ratio.line"), Palette.PATCH, ratio).withShape(Series.Shape.DOT));
        }
        markers(s, metric, m, f, chart);
        return chart.svg();
    }

    /** The change points of {@code s} that stepped {@code metric}. */
    private static List<SeriesChange> changes(HistorySeries s, Metric metric) {
        return s.changes().stream().filter(c -> c.metric() == metric).toList();
    }

    /** The segment marks of {@code s} and the marks of its change points of {@code metric} on {@code chart}. */
    private static void markers(HistorySeries s, Metric metric, Messages m, Formats f, LineChart chart) {
        // Left to right: the chart labels a marker only when the previous label is far enough to its left.
        List<LineChart.Marker> markers = new ArrayList<>();
        for (HistorySeries.Segment seg : s.segments()) {
            if (!seg.drift().isEmpty()) {
                markers.add(new LineChart.Marker(between(s, seg.from() - 1, seg.from()),
                        m.get("chart.segment", String.join(", ", seg.drift().stream()
                                .map(d -> m.get("drift." + d.fact())).toList())), Palette.MARK, true));
            }
        }
        for (SeriesChange c : changes(s, metric)) {
            markers.add(new LineChart.Marker(between(s, c.before(), c.after()), f.change(c.ratio()),
                    Palette.verdict(c.regression() ? "REGRESSED" : "IMPROVED")));
        }
        markers.sort(java.util.Comparator.comparingDouble(LineChart.Marker::x));
        markers.forEach(chart::marker);
    }

    /** Midway between two points' days: the change happened between them. */
    private static double between(HistorySeries s, int before, int after) {
        return (day(s.points().get(before).at()) + day(s.points().get(after).at())) / 2;
    }

    private static double day(Instant at) {
        return at.getEpochSecond() / DAY;
    }

    private static List<HistoryView.Row> rows(String workload, List<RunDigest> runs, String path, Messages m,
                                              Formats f) {
        String root = SitePaths.root(path);
        List<HistoryView.Row> rows = new ArrayList<>();
        for (RunDigest run : RunDigest.newestFirst(runs)) {
            Instant at = run.at();
            List<HistoryView.Row> ofRun = new ArrayList<>();
            for (RunDigest.Comparison c : run.comparisons()) {
                for (RunDigest.Cell cell : c.cells()) {
                    if (!cell.workload().equals(workload)) {
                        continue;
                    }
                    String href = root + run.post() + "#" + PostContext.cellAnchor(c.name(), cell.workload(),
                            cell.threads());
                    for (int i = 0; i < 2; i++) {
                        RunDigest.Side side = i == 0 ? c.parent() : c.patch();
                        Double tps = i == 0 ? cell.parentTps() : cell.patchTps();
                        ofRun.add(new HistoryView.Row(f.minute(at), Formats.iso(at), run.title(), href, c.label(),
                                cell.threads(), side.role(), side.shortSha(), side.href(), side.subject(), f.tps(tps),
                                cell.verdict()));
                    }
                }
            }
            // Newest run first, and within a run the reverse of plan order, as the page always listed them.
            java.util.Collections.reverse(ofRun);
            rows.addAll(ofRun);
        }
        return rows;
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

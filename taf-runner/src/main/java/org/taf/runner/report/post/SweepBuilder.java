package org.taf.runner.report.post;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import org.taf.runner.report.IterationNumbers;
import org.taf.runner.report.Palette;
import org.taf.runner.report.RateWords;
import org.taf.runner.report.SitePaths;
import org.taf.runner.report.SummaryRow;
import org.taf.runner.report.chart.LineChart;
import org.taf.runner.report.chart.Series;
import org.taf.runner.report.post.PostView.SheetCell;
import org.taf.runner.report.post.PostView.SheetColumn;
import org.taf.runner.report.post.PostView.SheetRow;
import org.taf.runner.report.post.PostView.Sweep;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.RateUnit;
import org.taf.runner.results.SideRecord;

/**
 * A workload's thread sweep across all comparisons of a run, laid out like the MDEV-15058 sheets:
 * one column per side (a parent shared by several comparisons, as in a sweep over a setting, is
 * shown once), one row per thread count, system TPS and TPS per used core, each patch's cell with its change
 * against its own parent (the pairs' ratio, the one the headline and the results table give) and marked when that is
 * more than 1% either way; and the same as two charts.
 */
final class SweepBuilder {
    /** The sheets' colour threshold, as in the MDEV-15058 sheets: more than 1% either way. */
    static final double MARK_FRACTION = 0.01;

    private SweepBuilder() {}

    static List<Sweep> build(PostContext x) {
        List<Sweep> out = new ArrayList<>();
        for (String w : x.run().workloads()) {
            out.add(sweep(x, w));
        }
        return out;
    }

    /** One column: a side, and the comparisons whose cells give its numbers. */
    private record Column(String key, String role, List<ComparisonRecord> members, int colorIndex) {
        /**
         * The side's TPS at a thread count. A parent shared by several comparisons (a sweep's baseline) was
         * measured once per comparison: the column shows the geometric mean of those measurements, and
         * every patch's percentage is against that shown value, not against a parent the sheet does not show.
         */
        Double tps(String workload, int threads) {
            double logSum = 0;
            int n = 0;
            for (ComparisonRecord c : members) {
                CellRecord cell = cellOf(c, workload, threads);
                if (cell != null && cell.verdict() != null) {
                    Double v = role.equals("parent") ? cell.verdict().parentTps() : cell.verdict().patchTps();
                    if (v != null && v > 0) {
                        logSum += Math.log(v);
                        n++;
                    }
                }
            }
            return n == 0 ? null : Math.exp(logSum / n);
        }

        SideRecord side() {
            return role.equals("parent") ? members.get(0).parent() : members.get(0).patch();
        }
    }

    private static Sweep sweep(PostContext x, String workload) {
        TreeSet<Integer> threads = new TreeSet<>();
        Map<String, Column> columns = new LinkedHashMap<>();
        int index = 0;
        for (ComparisonRecord c : x.run().comparisons()) {
            if (c.cells().stream().noneMatch(cell -> cell.workload().equals(workload))) {
                continue;
            }
            c.cells().stream()
                    .filter(cell -> cell.workload().equals(workload))
                    .forEach(cell -> threads.add(cell.threads()));
            String parentKey = "parent|" + identity(c.parent());
            Column shared = columns.get(parentKey);
            if (shared != null) {
                shared.members().add(c);
            } else {
                columns.put(parentKey, new Column(parentKey, "parent", new ArrayList<>(List.of(c)), index));
            }
            columns.put(
                    "patch|" + c.name(), new Column("patch|" + c.name(), "patch", new ArrayList<>(List.of(c)), index));
            index++;
        }
        List<Column> cols = List.copyOf(columns.values());
        List<SheetColumn> header = cols.stream().map(col -> column(x, col)).toList();
        List<SheetRow> rows = new ArrayList<>();
        for (int t : threads) {
            int used = IterationNumbers.usedCores(t, x.run().environment());
            List<SheetCell> cells = new ArrayList<>();
            for (Column col : cols) {
                cells.add(cell(x, col, workload, t, used));
            }
            rows.add(new SheetRow(t, used, cells));
        }
        String anchor = PostContext.workloadAnchor(workload);
        RateUnit unit = RateWords.ofWorkload(x.run().comparisons().stream().flatMap(c -> c.cells().stream())
                .filter(cell -> cell.workload().equals(workload)).toList());
        String tpsSvg = "";
        String perCoreSvg = "";
        // A chart needs a point: a run whose builds failed has a sheet of empty cells and no chart (a log
        // axis over no thread count has no domain).
        boolean measured = cols.stream().anyMatch(col -> threads.stream().anyMatch(t -> col.tps(workload, t) != null));
        if (threads.size() > 1 && measured) {
            tpsSvg = chart(x, anchor + "-tps", workload, unit, cols, threads, false);
            perCoreSvg = chart(x, anchor + "-core", workload, unit, cols, threads, true);
        }
        return new Sweep(workload, anchor, "../../" + SitePaths.history(workload), tpsSvg, perCoreSvg,
                RateWords.word(x.m(), unit), header, rows);
    }

    /**
     * A column's head: the side, its commit and its own settings, under its comparison's short label ("fix") when
     * the sides differ by commit. A sweep's columns differ by their setting alone, and a parent shared by several
     * comparisons belongs to none of them: no label (joined, three comparisons' names made a head 4,000 px wide).
     */
    private static SheetColumn column(PostContext x, Column col) {
        ComparisonRecord c = col.members().get(0);
        SideRecord side = col.side();
        String label = col.members().size() > 1 || ComparisonLabels.sweptKey(x.run()) != null ? ""
                : ComparisonLabels.shortLabel(x.run(), c);
        return new SheetColumn(label, col.role(), SummaryRow.shortSha(side),
                SummaryRow.differingSettings(c, side));
    }

    /**
     * A side at a thread count; a patch's with its change against its own parent: the ratio of its comparison's
     * pairs, not the ratio of the two numbers shown (a shared parent's is the mean over several comparisons, so that
     * ratio read ×3.93 where the headline said ×3.83).
     */
    private static SheetCell cell(PostContext x, Column col, String workload, int threads, int used) {
        Double tps = col.tps(workload, threads);
        if (tps == null) {
            return new SheetCell("", "", "", "");
        }
        CellRecord cell = cellOf(col.members().get(0), workload, threads);
        Double ratio = col.role().equals("patch") && cell.verdict() != null ? cell.verdict().ratio() : null;
        if (ratio == null) {
            return new SheetCell(x.f().tps(tps), x.f().tps(tps / used), "", "");
        }
        String mark = ratio > 1 + MARK_FRACTION ? "faster" : ratio < 1 - MARK_FRACTION ? "slower" : "";
        return new SheetCell(x.f().tps(tps), x.f().tps(tps / used), x.f().change(ratio), mark);
    }

    private static String chart(PostContext x, String id, String workload, RateUnit unit, List<Column> cols,
                                TreeSet<Integer> threads, boolean perCore) {
        String rate = RateWords.word(x.m(), unit);
        String what = perCore ? x.m().get("sweep.per_core", rate) : rate;
        List<Series> series = new ArrayList<>();
        List<String> described = new ArrayList<>();
        for (Column col : cols) {
            List<Series.Point> pts = new ArrayList<>();
            for (int t : threads) {
                Double tps = col.tps(workload, t);
                if (tps != null) {
                    double y = perCore ? tps / IterationNumbers.usedCores(t, x.run().environment()) : tps;
                    pts.add(new Series.Point(t, y));
                }
            }
            SheetColumn head = column(x, col);
            String role = x.m().get("role." + col.role()); // "12.3 patch", else "patch innodb_buffer_pool_instances=2"
            String name = head.label().isEmpty() ? role + " " + (head.extra().isEmpty() ? head.sha() : head.extra())
                    : head.label() + " " + role;
            boolean shared = col.members().size() > 1;
            Series s = Series.line(name, shared ? Palette.PARENT : Palette.cycle(col.colorIndex()), pts);
            series.add(col.role().equals("parent") ? s.asDashed().withShape(Series.Shape.RING)
                    : s.withShape(Series.Shape.DOT));
            if (!pts.isEmpty()) {
                Series.Point first = pts.get(0);
                Series.Point last = pts.get(pts.size() - 1);
                described.add(x.m().get("chart.sweep.series", name, x.f().tps(first.y()), (int) first.x(),
                        x.f().tps(last.y()), (int) last.x()));
            }
        }
        LineChart chart = LineChart.of(id, x.m().get("chart.sweep.title", what, workload),
                        x.m().get("chart.sweep.desc", what, String.join("; ", described)))
                .size(480, 300)
                .xAxis(x.m().get("chart.axis.threads"), LineChart.XScale.LOG2, v -> x.f().number(v, 0))
                .yAxis(perCore ? x.m().get("chart.axis.per_core", rate) : x.m().get("chart.axis." + unit.key()),
                        x.f()::compact);
        series.forEach(chart::add);
        return chart.svg();
    }

    /** What makes two sides the same measurement: tree (commit or commit + diff) and engine settings. */
    private static String identity(SideRecord s) {
        String tree = s.treeId() != null ? s.treeId() : s.commit() == null ? "" : s.commit().sha();
        return tree + "|" + s.engineSettings() + "|" + Objects.toString(s.patchDiff(), "");
    }

    static CellRecord cellOf(ComparisonRecord c, String workload, int threads) {
        for (CellRecord cell : c.cells()) {
            if (cell.workload().equals(workload) && cell.threads() == threads) {
                return cell;
            }
        }
        return null;
    }
}

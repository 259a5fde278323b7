package org.taf.runner.report.post;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.taf.runner.report.Palette;
import org.taf.runner.report.SitePaths;
import org.taf.runner.report.SummaryRow;
import org.taf.runner.report.chart.LineChart;
import org.taf.runner.report.chart.Series;
import org.taf.runner.report.post.PostView.Figure;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.RateUnit;
import org.taf.runner.stats.CellVerdict;

/**
 * The post's first chart: TPS by thread count, parent against patch, one small chart per comparison and
 * workload, so that every patch is drawn against the parent it was measured with. The patch's whisker
 * is the ratio's interval applied to the parent's TPS: where it clears the parent's point, the
 * difference is decided. A TPROC-C cell, whose samples count new orders, is judged by its new orders per
 * minute (HammerDB's NOPM, the rate those samples carry: {@link RateUnit}), so its chart says NOPM by virtual
 * users.
 */
final class TpsCharts {
    /** Narrow enough that its 11-unit text stays about 10 px on a 390 px phone. */
    private static final int WIDTH = 400;
    private static final int HEIGHT = 250;

    private TpsCharts() {}

    static List<Figure> of(PostContext x) {
        List<Figure> out = new ArrayList<>();
        int index = 0;
        for (ComparisonRecord c : x.run().comparisons()) {
            Set<String> workloads = new LinkedHashSet<>();
            c.cells().forEach(cell -> workloads.add(cell.workload()));
            for (String w : workloads) {
                Figure f = chart(x, c, w, index);
                if (f != null) {
                    out.add(f);
                }
            }
            index++;
        }
        return out;
    }

    private static Figure chart(PostContext x, ComparisonRecord c, String workload, int index) {
        boolean nopm = c.cells().stream().filter(cell -> cell.workload().equals(workload))
                .anyMatch(cell -> RateUnit.of(cell) == RateUnit.NOPM);
        String keys = nopm ? "chart.sweep_nopm." : "chart.sweep_tps.";
        List<Series.Point> parent = new ArrayList<>();
        List<Series.Point> patch = new ArrayList<>();
        List<String> described = new ArrayList<>();
        for (CellRecord cell : c.cells()) {
            CellVerdict v = cell.verdict();
            if (!cell.workload().equals(workload) || v == null || v.parentTps() == null || v.patchTps() == null) {
                continue;
            }
            parent.add(new Series.Point(cell.threads(), v.parentTps()));
            Double low = v.ciLow() == null ? null : v.parentTps() * v.ciLow();
            Double high = v.ciHigh() == null ? null : v.parentTps() * v.ciHigh();
            patch.add(new Series.Point(cell.threads(), v.patchTps(), low, high));
            described.add(x.m().get(keys + "point", cell.threads(), x.f().tps(v.parentTps()),
                    x.f().tps(v.patchTps()), x.f().shortInterval(v.ciLow(), v.ciHigh())));
        }
        if (parent.isEmpty()) {
            return null;
        }
        String label = ComparisonLabels.shortLabel(x.run(), c);
        String title = label.isEmpty() ? x.m().get(keys + "title", workload)
                : x.m().get(keys + "title_of", label, workload);
        String id = PostContext.comparisonAnchor(c) + "-" + SitePaths.slug(workload) + (nopm ? "-nopm" : "-tps");
        LineChart chart = LineChart.of(id, title, x.m().get(keys + "desc", String.join("; ", described)))
                .size(WIDTH, HEIGHT)
                .xAxis(x.m().get(nopm ? "chart.axis.virtual_users" : "chart.axis.threads"), LineChart.XScale.LOG2,
                        v -> x.f().number(v, 0))
                .yAxis(x.m().get(nopm ? "chart.axis.nopm" : "chart.axis.tps"), x.f()::compact)
                .add(Series.line(x.m().get("role.parent") + " " + side(x, c, false), Palette.PARENT, parent)
                        .asDashed().withShape(Series.Shape.RING))
                .add(Series.line(x.m().get("role.patch") + " " + side(x, c, true),
                        index == 0 ? Palette.PATCH : Palette.cycle(index), patch).withShape(Series.Shape.DOT));
        return new Figure(chart.svg(), x.m().get(keys + "caption", x.level()));
    }

    private static String side(PostContext x, ComparisonRecord c, boolean patch) {
        String sha = SummaryRow.shortSha(patch ? c.patch() : c.parent());
        String settings = SummaryRow.differingSettings(c, patch ? c.patch() : c.parent());
        return settings.isEmpty() ? sha : settings;
    }
}

package org.taf.runner.report.post;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.taf.runner.report.Palette;
import org.taf.runner.report.RateWords;
import org.taf.runner.report.SummaryRow;
import org.taf.runner.report.chart.ForestChart;
import org.taf.runner.report.post.PostView.Glance;
import org.taf.runner.report.post.PostView.GlanceRow;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.RateUnit;
import org.taf.runner.results.RunRecord;

/** The post's summary table (one row per cell) and the forest plot of the same ratios. */
final class GlanceBuilder {
    private static final int DESCRIBED = 20; // rows spelled out in the chart's description
    /** The table's caption by what its levels are ({@link RateWords#key}). */
    private static final Map<String, String> CAPTIONS = Map.of("tps", "results.lean_caption",
            "nopm", "results.lean_caption_nopm", RateWords.MIXED, "results.lean_caption_mixed");

    private GlanceBuilder() {}

    static Glance build(PostContext x) {
        RunRecord run = x.run();
        List<PostView.GlanceGroup> groups = new ArrayList<>();
        List<GlanceRow> rows = null;
        String current = null;
        List<ForestChart.Row> forest = new ArrayList<>();
        List<String> described = new ArrayList<>();
        for (SummaryRow r : SummaryRow.of(run)) {
            ComparisonRecord c = run.comparisons().stream().filter(k -> k.name().equals(r.comparison())).findFirst()
                    .orElseThrow();
            if (!c.name().equals(current)) {
                current = c.name();
                rows = new ArrayList<>();
                groups.add(new PostView.GlanceGroup(PostContext.comparisonAnchor(c), r.label(),
                        SummaryRow.shortSha(c.parent()), x.commitHref(c.parent()),
                        SummaryRow.differingSettings(c, c.parent()), SummaryRow.shortSha(c.patch()),
                        x.commitHref(c.patch()), SummaryRow.differingSettings(c, c.patch()), rows));
            }
            String verdict = PostContext.verdictName(r.cell());
            String verdictText = x.m().get("verdict." + verdict);
            rows.add(new GlanceRow(PostContext.cellAnchor(c, r.cell()), r.label(), r.threads(), r.workload(),
                    SummaryRow.shortSha(r.parent()), x.commitHref(r.parent()), tps(x, r.parentTps(), r.parent()),
                    SummaryRow.shortSha(r.patch()), x.commitHref(r.patch()), tps(x, r.patchTps(), r.patch()),
                    r.unit() == RateUnit.TPS ? "" : RateWords.word(x.m(), r.unit()),
                    x.f().ratio(r.ratio()), x.f().interval(r.ciLow(), r.ciHigh()), x.f().change(r.ratio()), verdict,
                    HowTexts.of(x, r.cell())));
            String label = x.m().get("ref.cell", r.label(), r.workload(), r.threads());
            String value = r.ratio() == null ? verdictText
                    : x.f().ratio(r.ratio()) + " " + x.f().interval(r.ciLow(), r.ciHigh());
            // the chart's short label: the comparisons' long ones are cut to fit exactly where they differ
            forest.add(new ForestChart.Row(ComparisonLabels.shortLabel(run, c), x.m().get("ref.cell_only",
                    r.workload(), r.threads()), r.ratio(),
                    r.ciLow(), r.ciHigh(), Palette.verdict(verdict), value));
            if (described.size() < DESCRIBED) {
                described.add(label + ": " + value + " (" + verdictText + ")");
            }
        }
        if (forest.size() > DESCRIBED) {
            described.add(x.m().get("list.more", forest.size() - DESCRIBED));
        }
        if (groups.size() == 1) {
            // one comparison: the table above names it, so each row is its cell alone
            forest.replaceAll(f -> new ForestChart.Row("", f.cell(), f.ratio(), f.low(), f.high(), f.color(),
                    f.valueText()));
        }
        double warn = x.warningPct();
        List<CellRecord> cells = RateWords.cells(SummaryRow.of(run));
        String forestSvg = forest.isEmpty() ? "" : ForestChart.svg("glance-ratios", x.m().get("chart.forest.title"),
                x.m().get("chart.forest.desc", String.join("; ", described)), forest, warn / 100,
                x.m().get("chart.forest.x", RateWords.word(x.m(), cells)),
                x.m().get("chart.forest.band", "\u00b1" + x.f().percent(warn, 0)), v -> x.f().number(v, 2));
        String caption = x.m().get(CAPTIONS.get(RateWords.key(cells)), x.level());
        return new Glance(x.level(), caption, groups, forest.size(), forestSvg);
    }

    private static String tps(PostContext x, Double tps, org.taf.runner.results.SideRecord side) {
        return tps == null && SummaryRow.buildFailed(side) ? x.m().get("build.failed") : x.f().tps(tps);
    }
}

package org.taf.runner.report.post;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import org.taf.runner.report.Formats;
import org.taf.runner.report.IterationNumbers;
import org.taf.runner.report.Palette;
import org.taf.runner.report.chart.LineChart;
import org.taf.runner.report.chart.Series;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.CpuPointRecord;
import org.taf.runner.results.IterationRecord;
import org.taf.runner.stats.Role;

/**
 * A cell's time series, every iteration overlaid, x in seconds since the load started: TPS per
 * second with the warm-up drawn faint and each warm-up cut marked; and the engine's CPU from the
 * rest phase (negative seconds) through the warm-up to the end of measuring, which shows whether
 * and when the load settled.
 */
final class IterationCharts {
    private IterationCharts() {}

    static String tps(PostContext x, String id, CellRecord cell) {
        LineChart chart = LineChart.of(id, x.m().get("chart.tps.title", cell.workload(), cell.threads()),
                        x.m().get("chart.tps.desc", describe(x, cell)))
                .size(480, 260)
                .xAxis(x.m().get("chart.axis.seconds"), LineChart.XScale.LINEAR, v -> x.f().number(v, 0))
                .yAxis(x.m().get("chart.axis.tps"), x.f()::compact);
        boolean labelled = false;
        for (Role role : Role.values()) {
            String color = role == Role.PARENT ? Palette.PARENT : Palette.PATCH;
            String name = x.m().get("role." + role.label());
            boolean first = true;
            for (IterationRecord it : cell.iterations(role)) {
                double cut = cut(it);
                List<Series.Point> warm = new ArrayList<>();
                if (it.warmup() != null) {
                    it.warmup().samples().forEach(s -> warm.add(new Series.Point(s.second(), s.tps())));
                }
                List<Series.Point> measured = new ArrayList<>();
                it.samples().forEach(s -> measured.add(new Series.Point(cut + s.second(), s.tps())));
                Series w = style(Series.line(x.m().get("chart.warmup_of", name), color, warm).asFaded(), role);
                Series mm = style(Series.line(name, color, measured), role);
                chart.add(first ? w : w.asUnlisted()).add(first ? mm : mm.asUnlisted());
                first = false;
                if (it.warmup() != null && cut > 0) {
                    chart.marker(new LineChart.Marker(cut, labelled ? null : x.m().get("chart.cut"), Palette.MARK));
                    labelled = true;
                }
            }
        }
        return chart.svg();
    }

    static String cpu(PostContext x, String id, CellRecord cell) {
        LineChart chart = LineChart.of(id, x.m().get("chart.cpu.title", cell.workload(), cell.threads()),
                        x.m().get("chart.cpu.desc", settledCount(cell), cell.parent().size() + cell.patch().size()))
                .size(480, 260)
                .xAxis(x.m().get("chart.axis.seconds"), LineChart.XScale.LINEAR, v -> x.f().number(v, 0))
                .yAxis(x.m().get("chart.axis.cpu"), v -> x.f().number(v, 0));
        chart.marker(new LineChart.Marker(0, x.m().get("chart.load_starts"), Palette.MARK));
        for (Role role : Role.values()) {
            String color = role == Role.PARENT ? Palette.PARENT : Palette.PATCH;
            String name = x.m().get("role." + role.label());
            boolean first = true;
            for (IterationRecord it : cell.iterations(role)) {
                List<Series.Point> before = new ArrayList<>();
                if (it.rest() != null && !it.rest().cpuPct().isEmpty()) {
                    List<Double> rest = it.rest().cpuPct();
                    double step = it.rest().seconds() > 0 ? it.rest().seconds() / rest.size() : 1;
                    for (int i = 0; i < rest.size(); i++) {
                        before.add(new Series.Point(-step * (rest.size() - 1 - i), rest.get(i)));
                    }
                }
                if (it.warmup() != null) {
                    List<Double> warm = it.warmup().cpuPct();
                    for (int i = 0; i < warm.size(); i++) {
                        before.add(new Series.Point(i + 1, warm.get(i)));
                    }
                }
                double cut = cut(it);
                List<Series.Point> measured = new ArrayList<>();
                for (CpuPointRecord p : it.cpu()) {
                    measured.add(new Series.Point(cut + p.second(), p.enginePct()));
                }
                Series b = style(Series.line(x.m().get("chart.rest_warmup_of", name), color, before).asFaded(), role);
                Series mm = style(Series.line(name, color, measured), role);
                chart.add(first ? b : b.asUnlisted()).add(first ? mm : mm.asUnlisted());
                first = false;
                if (it.warmup() != null && cut > 0) {
                    chart.marker(new LineChart.Marker(cut, null, Palette.MARK));
                }
            }
        }
        return chart.svg();
    }

    private static Series style(Series s, Role role) {
        return role == Role.PARENT ? s.asDashed() : s;
    }

    /** Where measuring began, seconds after the load started (0 without a warm-up). */
    static double cut(IterationRecord it) {
        return it.warmup() == null ? 0 : it.warmup().cutAtSeconds();
    }

    private static long settledCount(CellRecord cell) {
        return java.util.stream.Stream.concat(cell.parent().stream(), cell.patch().stream())
                .filter(it -> it.warmup() != null && it.warmup().settled()).count();
    }

    /** "parent: 3 iterations, medians 17,800–18,100; patch: ..." for the chart's description. */
    private static String describe(PostContext x, CellRecord cell) {
        List<String> parts = new ArrayList<>();
        for (Role role : Role.values()) {
            List<Double> medians = cell.iterations(role).stream().map(IterationNumbers::medianTps)
                    .filter(OptionalDouble::isPresent).map(OptionalDouble::getAsDouble).toList();
            String range = medians.isEmpty() ? Formats.NONE
                    : x.f().tps(medians.stream().mapToDouble(Double::doubleValue).min().orElseThrow()) + "\u2013"
                    + x.f().tps(medians.stream().mapToDouble(Double::doubleValue).max().orElseThrow());
            parts.add(x.m().get("chart.tps.side", x.m().get("role." + role.label()), cell.iterations(role).size(),
                    range));
        }
        return String.join("; ", parts);
    }
}

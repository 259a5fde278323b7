package org.taf.runner.report.chart;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.taf.runner.report.Svg;

/** The legend above the plot: one entry per listed series name, wrapped into rows that fit the width. */
final class Legend {
    private static final double ROW = 16;
    private final List<List<Series>> rows;

    private Legend(List<List<Series>> rows) {
        this.rows = rows;
    }

    static Legend layout(List<Series> series, double width) {
        List<List<Series>> rows = new ArrayList<>();
        List<Series> row = new ArrayList<>();
        double used = 0;
        Set<String> seen = new LinkedHashSet<>();
        for (Series s : series) {
            if (!s.legend() || s.points().isEmpty() || !seen.add(s.name())) {
                continue;
            }
            double w = entryWidth(s);
            if (!row.isEmpty() && used + w > width) {
                rows.add(row);
                row = new ArrayList<>();
                used = 0;
            }
            row.add(s);
            used += w;
        }
        if (!row.isEmpty()) {
            rows.add(row);
        }
        return new Legend(rows);
    }

    private static double entryWidth(Series s) {
        return 30 + TextWidth.px(s.name()) + 16;
    }

    double height() {
        return rows.size() * ROW;
    }

    void draw(Svg svg, double x0, double y0) {
        double y = y0 + 8;
        for (List<Series> row : rows) {
            double x = x0;
            for (Series s : row) {
                svg.polyline(List.of(new double[] {x, y}, new double[] {x + 24, y}), s.color(), 2,
                        s.dashed() ? "6 4" : null, s.opacity());
                Shapes.draw(svg, s.shape(), x + 12, y, s.color());
                svg.text("text", s.name(), "x", Svg.num(x + 30), "y", Svg.num(y + 4));
                x += entryWidth(s);
            }
            y += ROW;
        }
    }
}

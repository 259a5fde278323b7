package org.taf.runner.report.chart;

import java.util.ArrayList;
import java.util.List;

/** Thins a long series for drawing: consecutive points averaged in equal-count buckets. */
final class Downsample {
    private Downsample() {}

    /** {@code points} unchanged when at most {@code max}, else {@code max} bucket means (x and y). */
    static List<Series.Point> means(List<Series.Point> points, int max) {
        int n = points.size();
        if (n <= max) {
            return points;
        }
        List<Series.Point> out = new ArrayList<>(max);
        for (int b = 0; b < max; b++) {
            int from = (int) ((long) b * n / max);
            int to = (int) ((long) (b + 1) * n / max);
            double sx = 0;
            double sy = 0;
            for (int i = from; i < to; i++) {
                sx += points.get(i).x();
                sy += points.get(i).y();
            }
            out.add(new Series.Point(sx / (to - from), sy / (to - from)));
        }
        return out;
    }
}

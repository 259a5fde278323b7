package org.taf.runner.report.site;

import java.util.ArrayList;
import java.util.List;
import org.taf.runner.stats.EDivisive;
import org.taf.runner.stats.Metric;

/**
 * A change point of a history series: the patch's TPS, or in a baseline-ratio series its ratio to the pinned
 * baseline ({@link HistorySeries#ratios()}), stepped between two consecutive points. A baseline-ratio series is
 * searched on the ratio of CPU per transaction too, where that metric gated every point of the stretch: a
 * slower write path shows there at about twice its size in TPS (docs/benchmarks/gate-and-nightly.md). Found
 * by {@link EDivisive} with its defaults, whose fixed seed makes the same runs give the same site.
 *
 * <p><b>Environment-drift refusal.</b> The search runs within each segment of the series (one host name,
 * kernel, JVM and runner version), never across: a step where the environment changed may be the
 * environment's doing, and a change point there would send a bisect after a commit that is not to blame.
 * {@link SitePublisher#joiningSegments()} forces the search over the whole series; a change found then at
 * a boundary says so ({@link #atDrift()}).
 *
 * @param before     index in the series' points of the last point before the change
 * @param after      index of the first point after it
 * @param meanBefore mean patch TPS (or ratio) of the stretch ending at the change (in the final partition)
 * @param meanAfter  mean patch TPS (or ratio) of the stretch starting at it
 * @param pValue     the permutation test's p-value
 * @param atDrift    before and after lie in different segments (only when segments are joined)
 * @param metric     what stepped: TPS (or its ratio), or the ratio of CPU per transaction
 */
record SeriesChange(int before, int after, double meanBefore, double meanAfter, double pValue, boolean atDrift,
                    Metric metric) {
    /** meanAfter / meanBefore: below 1 is slower for TPS, above 1 for CPU per transaction. */
    double ratio() {
        return meanAfter / meanBefore;
    }

    /** The engine got slower: TPS fell, or CPU per transaction rose. */
    boolean regression() {
        return metric.higherIsBetter() ? meanAfter < meanBefore : meanAfter > meanBefore;
    }

    private static final EDivisive.Options OPTIONS = EDivisive.Options.defaults();

    /**
     * The change points of {@code points}, per segment or across them, oldest first; a stretch searched before
     * with the same values is taken from {@code cache}.
     */
    static List<SeriesChange> search(List<HistorySeries.Point> points, List<HistorySeries.Segment> segments,
                                     boolean joinSegments, ChangePointCache cache) {
        return search(points, segments, joinSegments, cache, false);
    }

    /**
     * As above; {@code ratios} searches each point's patch / baseline ratio instead of its patch TPS, and its ratio
     * of CPU per transaction too in a stretch where every point has one ({@link HistorySeries.Point#ratio(Metric)}).
     * The changes come oldest first, TPS before CPU per transaction at the same point.
     */
    static List<SeriesChange> search(List<HistorySeries.Point> points, List<HistorySeries.Segment> segments,
                                     boolean joinSegments, ChangePointCache cache, boolean ratios) {
        List<SeriesChange> out = new ArrayList<>();
        for (List<Integer> measured : searched(points, segments, joinSegments)) {
            List<Metric> metrics = ratios && measured.stream().allMatch(i -> points.get(i).ratio(Metric.CPU_PER_TX)
                    != null) ? List.of(Metric.TPS, Metric.CPU_PER_TX) : List.of(Metric.TPS);
            for (Metric metric : metrics) {
                double[] values = measured.stream().mapToDouble(i -> ratios ? points.get(i).ratio(metric)
                        : points.get(i).patchTps()).toArray();
                for (EDivisive.ChangePoint cp : cache.detect(values, OPTIONS)) {
                    int before = measured.get(cp.index() - 1);
                    int after = measured.get(cp.index());
                    out.add(new SeriesChange(before, after, cp.meanBefore(), cp.meanAfter(), cp.pValue(),
                            !points.get(before).segment().equals(points.get(after).segment()), metric));
                }
            }
        }
        out.sort(java.util.Comparator.comparingInt(SeriesChange::after)
                .thenComparing(SeriesChange::metric));
        return out;
    }

    /**
     * The stretches searched: per segment (or the whole series when joined), the indexes of its points
     * with a TPS, when there are enough of them for the search (2 x its minimum size, 10).
     */
    static List<List<Integer>> searched(List<HistorySeries.Point> points, List<HistorySeries.Segment> segments,
                                        boolean joinSegments) {
        List<int[]> ranges = new ArrayList<>();
        if (joinSegments) {
            ranges.add(new int[] {0, points.size()});
        } else {
            segments.forEach(s -> ranges.add(new int[] {s.from(), s.to()}));
        }
        List<List<Integer>> out = new ArrayList<>();
        for (int[] range : ranges) {
            // Failed cells have no TPS: left out of the search, never turned into a number.
            List<Integer> measured = new ArrayList<>();
            for (int i = range[0]; i < range[1]; i++) {
                if (points.get(i).patchTps() != null) {
                    measured.add(i);
                }
            }
            if (measured.size() >= 2 * OPTIONS.minSize()) {
                out.add(measured);
            }
        }
        return out;
    }
}

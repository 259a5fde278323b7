package org.taf.runner.report.site;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.taf.runner.report.RateWords;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.RateUnit;
import org.taf.runner.results.RunRecord;
import org.taf.runner.results.SeriesKey;
import org.taf.runner.stats.Metric;

/**
 * One history series ({@link SeriesKey}): its measurements oldest first, cut into segments where the
 * environment changed, with the change points found in them. Made once per publish, for the history
 * pages, the Regressions page and the feed.
 *
 * @param key      what the series measures
 * @param points   its cells, oldest first (by run start, run id, then comparison order)
 * @param segments the runs of points measured in one environment, in order; together they cover points
 * @param searched whether any stretch had enough runs to be searched (else no change point could be found)
 * @param changes  the change points, oldest first ({@link SeriesChange})
 * @param ratios   a baseline-ratio series: every run measured its patch against the definition's pinned
 *                 {@code baseline} side by side, so the search runs on the ratio patch / baseline, which the
 *                 host's drift cancels out of, rather than on the patch's absolute TPS; and on the ratio of CPU
 *                 per transaction too where that metric gated every run ({@link SeriesChange#search})
 */
record HistorySeries(SeriesKey key, List<Point> points, List<Segment> segments, boolean searched,
                     List<SeriesChange> changes, boolean ratios) {
    HistorySeries {
        points = List.copyOf(points);
        segments = List.copyOf(segments);
        changes = List.copyOf(changes);
    }

    /**
     * One cell of one run in the series.
     *
     * @param run        the run's digest
     * @param comparison its comparison
     * @param cell       the cell
     * @param at         the run's start (the epoch when unknown)
     * @param patchTps   the patch's TPS (geometric mean of its included starts, as the post shows), or null
     *                   when the cell has no verdict or failed: such a point is listed, never drawn or searched
     * @param parentTps  the parent's, or null
     * @param segment    the environment it was measured in
     */
    record Point(RunDigest run, RunDigest.Comparison comparison, RunDigest.Cell cell, Instant at, Double patchTps,
                 Double parentTps, SeriesKey.Segment segment) {
        /** The patch / parent TPS ratio with its interval (the cell's verdict), or null as {@link #patchTps}. */
        Double ratio() {
            return patchTps == null ? null : cell.ratio();
        }

        /** The patch / parent ratio of {@code metric}: TPS as {@link #ratio()}, CPU per transaction when it gated. */
        Double ratio(Metric metric) {
            if (metric == Metric.TPS) {
                return ratio();
            }
            return patchTps == null || metric != Metric.CPU_PER_TX || cell.cpuPerTx() == null ? null
                    : cell.cpuPerTx().value();
        }

        /** The ratio of {@code metric} as {@link #ratio(Metric)}, with its interval; null when that is null. */
        RunDigest.Ratio ratioWithInterval(Metric metric) {
            Double r = ratio(metric);
            if (r == null) {
                return null;
            }
            return metric == Metric.TPS ? new RunDigest.Ratio(r, cell.ciLow(), cell.ciHigh()) : cell.cpuPerTx();
        }

        /** Whether this point measured its patch against its definition's {@code baseline} (the parent is it). */
        boolean againstBaseline() {
            return comparison.againstBaseline();
        }
    }

    /** The unit of the series' levels and ratios: TPS, or NOPM for TPROC-C ({@link RateWords#ofWorkload}). */
    RateUnit unit() {
        return RateWords.ofUnits(points.stream().map(p -> p.cell().unit()).toList());
    }

    /** Whether comparison {@code c} of {@code run} measured its patch against the definition's {@code baseline}. */
    static boolean againstBaseline(RunRecord run, ComparisonRecord c) {
        return SeriesKey.baseline(run, c).isPresent();
    }

    /**
     * Points {@code [from, to)} measured in one environment.
     *
     * @param from    first point
     * @param to      one past the last
     * @param segment the environment
     * @param drift   what changed from the segment before (empty for the first)
     */
    record Segment(int from, int to, SeriesKey.Segment segment, List<SeriesKey.Drift> drift) {
        Segment {
            drift = List.copyOf(drift);
        }
    }

    /**
     * Every series of {@code runs}, sorted by key, their change points searched by
     * {@link SeriesChange#search}.
     *
     * @param joinSegments search across segments too ({@link SitePublisher#joiningSegments()}); false
     *                     refuses to: the environment-drift refusal
     */
    static List<HistorySeries> of(List<RunRecord> runs, boolean joinSegments) {
        return of(runs, joinSegments, ChangePointCache.empty());
    }

    /** As {@link #of(List, boolean)}, the change points of a stretch searched before taken from {@code cache}. */
    static List<HistorySeries> of(List<RunRecord> runs, boolean joinSegments, ChangePointCache cache) {
        return fromDigests(RunDigest.forSeries(runs), joinSegments, cache);
    }

    /** As {@link #of(List, boolean, ChangePointCache)}, from the runs' digests: what a publish has of them. */
    static List<HistorySeries> fromDigests(List<RunDigest> runs, boolean joinSegments, ChangePointCache cache) {
        Map<SeriesKey, List<Point>> byKey = new TreeMap<>();
        List<RunDigest> oldestFirst = new ArrayList<>(RunDigest.newestFirst(runs));
        java.util.Collections.reverse(oldestFirst);
        for (RunDigest run : oldestFirst) {
            for (RunDigest.Comparison c : run.comparisons()) {
                for (RunDigest.Cell cell : c.cells()) {
                    SeriesKey key = new SeriesKey(cell.workload(), cell.threads(), c.line(), run.dataShape(),
                            c.settings(), run.machine());
                    byKey.computeIfAbsent(key, k -> new ArrayList<>()).add(new Point(run, c, cell, run.at(),
                            cell.patchTps(), cell.parentTps(), run.segment()));
                }
            }
        }
        List<HistorySeries> out = new ArrayList<>();
        byKey.forEach((key, points) -> {
            List<Segment> segments = segments(points);
            boolean ratios = points.stream().allMatch(Point::againstBaseline);
            out.add(new HistorySeries(key, points, segments,
                    !SeriesChange.searched(points, segments, joinSegments).isEmpty(),
                    SeriesChange.search(points, segments, joinSegments, cache, ratios), ratios));
        });
        return out;
    }

    /** The series of {@code workload}, in key order. */
    static List<HistorySeries> of(List<HistorySeries> all, String workload) {
        return all.stream().filter(s -> s.key().workload().equals(workload)).toList();
    }

    private static List<Segment> segments(List<Point> points) {
        List<Segment> out = new ArrayList<>();
        int from = 0;
        for (int i = 1; i <= points.size(); i++) {
            if (i == points.size() || !points.get(i).segment().equals(points.get(from).segment())) {
                SeriesKey.Segment s = points.get(from).segment();
                out.add(new Segment(from, i, s,
                        out.isEmpty() ? List.of() : s.changesFrom(out.get(out.size() - 1).segment())));
                from = i;
            }
        }
        return out;
    }
}

package org.taf.runner.run;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.taf.runner.config.TestDefinition;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.DesignNoise;
import org.taf.runner.results.HostFingerprint;
import org.taf.runner.results.IterationRecord;
import org.taf.runner.results.MeasureMode;
import org.taf.runner.results.NoiseRecord;
import org.taf.runner.results.NoiseStore;
import org.taf.runner.results.RunRecord;
import org.taf.runner.results.SampleRecord;
import org.taf.runner.stats.Metric;
import org.taf.runner.stats.MetricVerdict;
import org.taf.runner.stats.VarianceComponents;

/**
 * After a completed run, its cells' variance components and start costs become this host's stored
 * noise ({@code noise.json}), newest first: noise changes from day to day, and the next run plans its
 * design and MDE from the latest measurement ({@code taf calibrate} measures it on purpose). Its host probe
 * readings join the host's probe history there.
 */
final class NoiseUpdate {
    private NoiseUpdate() {}

    static List<NoiseRecord> store(TestDefinition def, RunRecord run, HostFingerprint host, PrintStream out) {
        if (!run.probes().isEmpty()) {
            // The host probe's readings: the history a later run judges the host's capacity against.
            NoiseStore.addProbes(NoiseStore.fileIn(def.output().resultsDir()), host.id(), run.probes());
        }
        List<NoiseRecord> fresh = of(run, host, def.workload().reportInterval().toMillis() / 1000.0,
                def.measure().duration().toMillis() / 1000.0);
        if (!fresh.isEmpty()) {
            NoiseStore.merge(NoiseStore.fileIn(def.output().resultsDir()), fresh);
            for (NoiseRecord n : fresh) {
                out.printf(Locale.ROOT, "taf: %s@%d: noise %.2f%% between engine starts, %.2f%% per sample; a start"
                        + " costs %.1fs (stored for host %s)%n", n.workload(), n.threads(), 100 * n.betweenSd(),
                        100 * n.withinSd(), n.startSeconds(), host.id());
                for (DesignNoise d : n.designs()) {
                    StringBuilder others = new StringBuilder();
                    new java.util.TreeMap<>(d.metricSds()).forEach((m, sd) -> others.append(String.format(Locale.ROOT,
                            "; %s spread %.2f%%", m.label(), 100 * sd)));
                    out.printf(Locale.ROOT, "taf: %s@%d: pairs (%s) spread %.2f%% over %d, a pair costs %.1fs%s%s%n",
                            n.workload(), n.threads(), d.describe(), 100 * d.pairSd(), d.pairs(), d.pairSeconds(),
                            d.hasComponents() ? String.format(Locale.ROOT, "; of that, %.2f%% shared by a pair's"
                                    + " windows and %.2f%% per window", 100 * d.pairsSd(), 100 * d.windowSd()) : "",
                            others);
                }
            }
        }
        return fresh;
    }

    /**
     * One entry per cell with components (the first comparison that has them), for this host, with the
     * spread of its pairs under the design they were measured with ({@code windowSeconds} each window).
     */
    static List<NoiseRecord> of(RunRecord run, HostFingerprint host, double sampleSeconds, double windowSeconds) {
        List<NoiseRecord> out = new ArrayList<>();
        for (ComparisonRecord c : run.comparisons()) {
            for (CellRecord cell : c.cells()) {
                VarianceComponents v = cell.verdict() == null ? null : cell.verdict().components();
                if (v == null || out.stream().anyMatch(n -> n.isFor(host.id(), cell.workload(), cell.threads()))) {
                    continue;
                }
                double startSeconds = cell.startSeconds() == null ? 0 : cell.startSeconds();
                out.add(new NoiseRecord(host.id(), host.describe(), cell.workload(), cell.threads(), v.betweenSd(),
                        v.withinSd(), sampleSeconds, Math.max(1, v.values() / v.starts()), v.starts(),
                        startSeconds, run.finishedAt(), run.runId(), design(cell, windowSeconds, startSeconds, run),
                        spell(cell, run)));
            }
        }
        return out;
    }

    /**
     * The TPS pairs' spread as this cell's design measured it, with the other metrics' spreads over the same pairs;
     * none below 2 pairs or for an unpaired record.
     */
    private static List<DesignNoise> design(CellRecord cell, double windowSeconds, double startSeconds, RunRecord run) {
        MetricVerdict tps = cell.verdict().tps();
        if (tps == null || !Double.isFinite(tps.sdLog()) || tps.pairs() < 2 || cell.mode() == MeasureMode.AUTO) {
            return List.of();
        }
        int windows = cell.mode() == MeasureMode.RESTART ? 1 : Math.max(1, cell.windows());
        VarianceComponents c = cell.mode() == MeasureMode.ALTERNATE ? alternation(cell) : null;
        Map<Metric, Double> others = new EnumMap<>(Metric.class);
        cell.verdict().metrics().stream().filter(m -> m != tps && m.pairs() >= 2 && Double.isFinite(m.sdLog()))
                .forEach(m -> others.put(m.metric(), m.sdLog()));
        return List.of(new DesignNoise(cell.mode(), windows, windowSeconds, tps.sdLog(), tps.pairs(), startSeconds,
                run.finishedAt(), run.runId(), c == null ? null : c.betweenSd(), c == null ? null : c.withinSd(),
                others));
    }

    /**
     * How the cell's pairs measured in a noisy spell (flagged NOISY_SPELL) spread: the SD of their TPS log-ratios
     * (each start's mean rate), or null below {@link NoiseRecord#MIN_SPELL_PAIRS} such pairs.
     */
    static NoiseRecord.SpellNoise spell(CellRecord cell, RunRecord run) {
        List<Double> logs = new ArrayList<>();
        for (IterationRecord a : cell.parent()) {
            IterationRecord b = cell.patch().stream().filter(p -> p.index() == a.index()).findFirst().orElse(null);
            if (b == null || a.failure() != null || b.failure() != null
                    || !a.flags().contains(IterationRecord.IterationFlag.NOISY_SPELL)) {
                continue;
            }
            double ra = rate(a);
            double rb = rate(b);
            if (ra > 0 && rb > 0) {
                logs.add(Math.log(rb / ra));
            }
        }
        if (logs.size() < NoiseRecord.MIN_SPELL_PAIRS) {
            return null;
        }
        double mean = logs.stream().mapToDouble(Double::doubleValue).average().orElse(0);
        double var = logs.stream().mapToDouble(x -> (x - mean) * (x - mean)).sum() / (logs.size() - 1);
        return new NoiseRecord.SpellNoise(Math.sqrt(var), logs.size(), run.finishedAt(), run.runId());
    }

    private static double rate(IterationRecord it) {
        return it.samples().stream().mapToDouble(SampleRecord::rate).average().orElse(0);
    }

    /**
     * The alternation's own components: per pair in the verdict, the log-ratio of each patch window to the
     * parent window beside it (window j of each start, mean TPS of its samples), nested in pairs. Between
     * pairs is what a pair's windows share (the two starts' own levels); within is one window's noise.
     * Null below 2 pairs of 2 or more windows.
     */
    static VarianceComponents alternation(CellRecord cell) {
        java.util.Set<Integer> left = cell.verdict() == null ? java.util.Set.of() : cell.verdict().excludedPairs();
        List<double[]> rows = new ArrayList<>();
        for (IterationRecord a : cell.parent()) {
            IterationRecord b = cell.patch().stream().filter(p -> p.index() == a.index()).findFirst().orElse(null);
            if (b == null || left.contains(a.index()) || a.failure() != null || b.failure() != null) {
                continue;
            }
            double[] pa = windowMeans(a);
            double[] pb = windowMeans(b);
            int k = Math.min(pa.length, pb.length);
            double[] row = new double[k];
            boolean positive = true;
            for (int j = 0; j < k; j++) {
                positive &= pa[j] > 0 && pb[j] > 0;
                row[j] = positive ? Math.log(pb[j] / pa[j]) : 0;
            }
            if (positive && k >= 2) {
                rows.add(row);
            }
        }
        return rows.size() < 2 ? null : VarianceComponents.of(rows.toArray(double[][]::new));
    }

    /** Mean rate (TPS, or TPROC-C's NOPM) of each measured window of a start. */
    private static double[] windowMeans(IterationRecord it) {
        List<Integer> starts = it.windows();
        double[] out = new double[starts.size()];
        for (int j = 0; j < starts.size(); j++) {
            int from = starts.get(j);
            int to = j + 1 < starts.size() ? starts.get(j + 1) : it.samples().size();
            out[j] = it.samples().subList(Math.min(from, to), to).stream().mapToDouble(SampleRecord::rate).average()
                    .orElse(0);
        }
        return out;
    }
}

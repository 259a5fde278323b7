package org.taf.runner.stats;

import java.util.ArrayList;
import java.util.List;

/** Hand-made cells with exactly known iteration medians, for tests that need exact p-values. */
final class Cells {
    private Cells() {}

    /**
     * A side whose iteration i has median {@code medians[i]}: 10 seconds at the median +-0.5%, so the
     * spread is small and the median exact.
     */
    static List<IterationSample> side(double... medians) {
        List<IterationSample> out = new ArrayList<>();
        for (int i = 0; i < medians.length; i++) {
            double m = medians[i];
            out.add(IterationSample.of(i, m * 0.995, m, m * 1.005, m, m * 0.995, m * 1.005, m, m * 0.995, m * 1.005,
                    m));
        }
        return out;
    }

    static CellSamples cell(String workload, int threads, double[] parent, double[] patch) {
        return new CellSamples(new CellKey(workload, threads), side(parent), side(patch),
                java.util.List.of(), java.util.List.of(), java.util.Set.of(), false);
    }

    /** Parent 1000..1040 TPS, patch about 10% lower in every pair (ratios 0.898 to 0.902). */
    static CellSamples regressedTenPercent(String workload, int threads) {
        return cell(workload, threads, new double[] {1000, 1010, 1020, 1030, 1040},
                new double[] {901, 907, 919, 925, 938});
    }

    /** A side with a CPU reading per iteration (microseconds per transaction). */
    static List<IterationSample> withCpu(List<IterationSample> side, double... usPerTx) {
        List<IterationSample> out = new ArrayList<>();
        for (int i = 0; i < side.size(); i++) {
            IterationSample s = side.get(i);
            out.add(new IterationSample(s.index(), s.tps(), usPerTx[i], s.flags()));
        }
        return out;
    }

    /**
     * A side with counters: start i counted {@code counts[name][i]} of each named counter over 10,000
     * transactions, and {@code switches[i]} context switches per transaction.
     */
    static List<IterationSample> withCounters(List<IterationSample> side, double[] switches,
                                              java.util.Map<String, long[]> counts) {
        List<IterationSample> out = new ArrayList<>();
        for (int i = 0; i < side.size(); i++) {
            IterationSample s = side.get(i);
            java.util.Map<String, Long> c = new java.util.TreeMap<>();
            int at = i;
            counts.forEach((name, v) -> c.put(name, v[at]));
            out.add(new IterationSample(s.index(), s.tps(), s.cpuUsPerTx(), switches[i],
                    new CounterSample(10_000, c), s.flags()));
        }
        return out;
    }

    /** Interleaved medians of the same level: p = 1 or near it. */
    static CellSamples sameLevel(String workload, int threads) {
        return cell(workload, threads, new double[] {1000, 1002, 998, 1001, 999},
                new double[] {1000.5, 1001.5, 998.5, 1000.2, 999.5});
    }
}

package org.taf.runner.report;

import java.util.List;
import java.util.OptionalDouble;
import org.taf.runner.results.EnvironmentRecord;
import org.taf.runner.results.IterationRecord;
import org.taf.runner.results.SampleRecord;

/**
 * The few numbers the site derives for display from raw iterations (the verdict's statistics come
 * from the stats stage): an iteration's median TPS and spread, and throughput per used core as
 * MariaDB's benchmark sheets show it, TPS / min(threads, CPUs available to the engine).
 */
public final class IterationNumbers {
    private IterationNumbers() {}

    /** The median; the mean of the middle two for an even count; empty for no values. */
    static OptionalDouble median(List<Double> values) {
        if (values.isEmpty()) {
            return OptionalDouble.empty();
        }
        double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int m = v.length / 2;
        return OptionalDouble.of(v.length % 2 == 1 ? v[m] : (v[m - 1] + v[m]) / 2);
    }

    /** Median TPS of an iteration's measured samples (after the warm-up cut). */
    public static OptionalDouble medianTps(IterationRecord it) {
        return median(it.samples().stream().map(SampleRecord::tps).toList());
    }

    /**
     * Median of an iteration's measured rates ({@link SampleRecord#rate()}: TPS, or a TPROC-C start's NOPM): the
     * value the verdict compares per start, as the exports give it.
     */
    public static OptionalDouble medianRate(IterationRecord it) {
        return median(it.samples().stream().map(SampleRecord::rate).toList());
    }

    /** Median of a latency column of the measured samples, milliseconds. */
    public static OptionalDouble medianP95(IterationRecord it) {
        return median(it.samples().stream().map(SampleRecord::p95Ms).toList());
    }

    /** Coefficient of variation of the per-second TPS, percent; empty below two samples. */
    public static OptionalDouble cvPct(IterationRecord it) {
        List<Double> tps = it.samples().stream().map(SampleRecord::tps).toList();
        if (tps.size() < 2) {
            return OptionalDouble.empty();
        }
        double mean = tps.stream().mapToDouble(Double::doubleValue).average().orElse(0);
        if (mean == 0) {
            return OptionalDouble.empty();
        }
        double var = tps.stream().mapToDouble(t -> (t - mean) * (t - mean)).sum() / (tps.size() - 1);
        return OptionalDouble.of(Math.sqrt(var) / mean * 100);
    }

    /**
     * Spread of a side's iteration medians, (max - min) / median in percent; empty below two
     * successful iterations.
     */
    static OptionalDouble spreadPct(List<IterationRecord> side) {
        List<Double> medians = side.stream().filter(IterationRecord::succeeded).map(IterationNumbers::medianTps)
                .filter(OptionalDouble::isPresent).map(OptionalDouble::getAsDouble).toList();
        OptionalDouble med = median(medians);
        if (medians.size() < 2 || med.isEmpty() || med.getAsDouble() == 0) {
            return OptionalDouble.empty();
        }
        double max = medians.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        double min = medians.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        return OptionalDouble.of((max - min) / med.getAsDouble() * 100);
    }

    /** CPUs the engine could use: its cpuset's size when pinned, else the host's logical CPUs. */
    public static int availableCpus(EnvironmentRecord env) {
        if (env == null) {
            return 1;
        }
        int pinned = cpusetSize(env.engineCpuset());
        return pinned > 0 ? pinned : Math.max(1, env.threads());
    }

    /** min(threads, CPUs): the cores a perfectly scaling engine would keep busy. */
    public static int usedCores(int threads, EnvironmentRecord env) {
        return Math.max(1, Math.min(threads, availableCpus(env)));
    }

    /** Number of CPUs in a cpuset list such as "0-3,8"; 0 for "" or a list that cannot be read. */
    static int cpusetSize(String cpuset) {
        if (cpuset == null || cpuset.isBlank()) {
            return 0;
        }
        int n = 0;
        for (String part : cpuset.trim().split(",")) {
            String[] range = part.trim().split("-");
            try {
                int a = Integer.parseInt(range[0].trim());
                int b = range.length > 1 ? Integer.parseInt(range[1].trim()) : a;
                if (range.length > 2 || b < a) {
                    return 0;
                }
                n += b - a + 1;
            } catch (NumberFormatException e) {
                return 0;
            }
        }
        return n;
    }
}

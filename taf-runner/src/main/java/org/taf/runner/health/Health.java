package org.taf.runner.health;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.taf.runner.ExitCode;
import org.taf.runner.results.Canary;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.HostFingerprint;
import org.taf.runner.results.RunRecord;

/**
 * The gate's health per host and definition, from canary runs ({@code taf canary}): each run's outcome is its exit
 * code ({@link RunRecord#exitCode()}, the one policy the gate exits by), so a planted slowdown is caught when its run
 * exits 1, and an A/A run raised a false alarm when it exits 1.
 */
public final class Health {
    /** The canary runs of each kind counted per host and definition: the last 30 nights' pairs. */
    public static final int NIGHTS = 30;

    private Health() {}

    /**
     * One {@link GateHealth} per host fingerprint and definition name among {@code runs} (other runs than canaries are
     * left out), over the newest {@link #NIGHTS} runs of each kind; sorted by definition, then host name.
     */
    public static List<GateHealth> of(Collection<RunRecord> runs) {
        Map<List<String>, List<RunRecord>> groups = new LinkedHashMap<>();
        for (RunRecord r : runs) {
            if (r.canary() != null) {
                groups.computeIfAbsent(List.of(r.name(), hostId(r)), k -> new ArrayList<>()).add(r);
            }
        }
        List<GateHealth> out = new ArrayList<>();
        groups.forEach((key, group) -> out.add(health(key.get(0), key.get(1), group)));
        out.sort(Comparator.comparing(GateHealth::definition).thenComparing(GateHealth::hostName)
                .thenComparing(GateHealth::host));
        return out;
    }

    private static GateHealth health(String definition, String host, List<RunRecord> group) {
        group.sort(Comparator.comparing(Health::start).thenComparing(RunRecord::runId));
        List<RunRecord> planted = newest(group, Canary.PLANTED);
        List<RunRecord> aa = newest(group, Canary.AA);
        List<RunRecord> counted = new ArrayList<>();
        int errors = 0;
        for (RunRecord r : concat(aa, planted)) {
            if (r.exitCode() == ExitCode.ERROR) {
                errors++;
            } else {
                counted.add(r);
            }
        }
        List<Duration> toDecide = new ArrayList<>();
        int decided = 0;
        for (RunRecord r : counted) {
            if (r.exitCode() != ExitCode.INCONCLUSIVE) {
                decided++;
                if (r.startedAt() != null && r.finishedAt() != null) {
                    toDecide.add(Duration.between(r.startedAt(), r.finishedAt()));
                }
            }
        }
        RunRecord newest = group.get(group.size() - 1);
        return new GateHealth(definition, host, hostName(newest), regressed(planted), regressed(aa),
                new Proportion(decided, counted.size()), median(toDecide), errors,
                new GateHealth.Targets(newest.judgement().power(), newest.judgement().fdr()), tpsRatios(planted));
    }

    /** The runs of {@code kind} that completed with an answer or none (not an error), and how many exited 1. */
    private static Proportion regressed(List<RunRecord> runs) {
        List<RunRecord> counted = runs.stream().filter(r -> r.exitCode() != ExitCode.ERROR).toList();
        int hits = (int) counted.stream().filter(r -> r.exitCode() == ExitCode.REGRESSION).count();
        return new Proportion(hits, counted.size());
    }

    /** The newest {@link #NIGHTS} runs of {@code kind} in {@code sorted} (oldest first). */
    private static List<RunRecord> newest(List<RunRecord> sorted, Canary kind) {
        List<RunRecord> of = sorted.stream().filter(r -> r.canary() == kind).toList();
        return of.subList(Math.max(0, of.size() - NIGHTS), of.size());
    }

    /** Per cell, in the order cells first appear, the median TPS ratio of the planted runs that judged it. */
    private static Map<String, Double> tpsRatios(List<RunRecord> planted) {
        Map<String, List<Double>> ratios = new LinkedHashMap<>();
        for (RunRecord r : planted) {
            if (r.exitCode() == ExitCode.ERROR) {
                continue;
            }
            for (ComparisonRecord c : r.comparisons()) {
                for (CellRecord cell : c.cells()) {
                    if (cell.verdict() != null && cell.verdict().ratio() != null) {
                        ratios.computeIfAbsent(cell.workload() + "@" + cell.threads(), k -> new ArrayList<>())
                                .add(cell.verdict().ratio());
                    }
                }
            }
        }
        Map<String, Double> out = new LinkedHashMap<>();
        ratios.forEach((cell, values) -> out.put(cell, median(values.stream().mapToDouble(Double::doubleValue)
                .sorted().toArray())));
        return out;
    }

    private static double median(double[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    private static Duration median(List<Duration> durations) {
        if (durations.isEmpty()) {
            return null;
        }
        double[] millis = durations.stream().mapToDouble(Duration::toMillis).sorted().toArray();
        return Duration.ofMillis(Math.round(median(millis)));
    }

    private static List<RunRecord> concat(List<RunRecord> a, List<RunRecord> b) {
        List<RunRecord> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    private static Instant start(RunRecord r) {
        return r.startedAt() == null ? Instant.EPOCH : r.startedAt();
    }

    private static String hostId(RunRecord r) {
        return r.environment() == null ? "unknown" : HostFingerprint.of(r.environment()).id();
    }

    private static String hostName(RunRecord r) {
        return r.environment() == null || r.environment().host() == null ? "an unknown host" : r.environment().host();
    }
}

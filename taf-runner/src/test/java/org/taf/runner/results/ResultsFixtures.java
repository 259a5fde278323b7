package org.taf.runner.results;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.taf.runner.results.EnvironmentRecord.CpuFreqRecord;
import org.taf.runner.results.IterationRecord.IterationFlag;
import org.taf.runner.results.IterationRecord.RestRecord;
import org.taf.runner.results.IterationRecord.WarmupRecord;
import org.taf.runner.results.SideRecord.BuildRecord;
import org.taf.runner.results.SideRecord.CommitRecord;
import org.taf.runner.stats.CellKey;
import org.taf.runner.stats.CellVerdict;
import org.taf.runner.stats.Change;
import org.taf.runner.stats.ClassicOutcome;
import org.taf.runner.stats.ClassicVerdict;
import org.taf.runner.stats.ExclusionRule;
import org.taf.runner.stats.Metric;
import org.taf.runner.stats.MetricVerdict;
import org.taf.runner.stats.MinimalDetectableEffect;
import org.taf.runner.stats.Role;
import org.taf.runner.stats.StopReason;
import org.taf.runner.stats.VarianceComponents;
import org.taf.runner.stats.Verdict;

/**
 * Deterministic synthetic runs for tests of every format that reads results (JSON, site, JUnit,
 * summary). Synthetic: never published, never quoted as a measurement.
 */
public final class ResultsFixtures {
    public static final Instant START = Instant.parse("2026-11-29T10:00:00Z");
    /** The CPU source the fixtures claim. */
    public static final String CPU_SOURCE = "/proc/<pid>/stat utime+stime (1/100 s ticks)";

    private ResultsFixtures() {}

    /** One comparison, POINT_SELECT at 2 threads, 2 iterations per side, the patch about 3.5x faster. */
    public static RunRecord small() {
        Random rnd = new Random(7);
        SideRecord parent = side(Role.PARENT, "HEAD~1", "1111111111111111111111111111111111111111",
                "Buffer pool: make-young under the pool mutex");
        SideRecord patch = side(Role.PATCH, "HEAD", "2222222222222222222222222222222222222222",
                "Buffer pool: record access, reorder <without> the mutex");
        List<IterationRecord> p = List.of(iteration(0, 0, 18_000, rnd), iteration(1, 2, 18_400, rnd));
        List<IterationRecord> q = List.of(iteration(0, 1, 63_000, rnd), iteration(1, 3, 64_500, rnd));
        CellVerdict v = new CellVerdict(new CellKey("POINT_SELECT", 2), Verdict.IMPROVED,
                "tps 3.5027 [3.4100, 3.6000] (95% interval, 2 pairs) lies above 1",
                List.of(new MetricVerdict(Metric.TPS, 18_200.0, 63_750.0, 3.5027, 3.41, 3.60, 0.95, 0.029,
                                0.029, 2, 0.012, Change.BETTER, true, null),
                        new MetricVerdict(Metric.CPU_PER_TX, 82.4, 23.5, 0.2852, null, null, 0.95, null, null,
                                2, 0.02, Change.UNKNOWN, true, null)),
                new ClassicVerdict(18_250.0, 63_800.0, 3.4959, 249.59, ClassicOutcome.GAIN), 2, 0.05,
                StopReason.DECIDED, new MinimalDetectableEffect(4.1, 0.012, 2, 0.05, 0.8, "measured from this cell's"
                        + " pairs", null),
                // The squares of SDs of 2% and 1.1%, as an upgraded format 3 file computes them.
                new VarianceComponents(Math.pow(0.02, 2), Math.pow(0.011, 2), 4, 40, 36, 2), List.of(),
                // The rule as runs before NOISY_SPELL recorded it: the stored files of older formats say so.
                new ExclusionRule(List.of("NOT_SETTLED", "ERRORS"), 3).describe(), List.of(), List.of(), List.of());
        CellRecord cell = new CellRecord("POINT_SELECT", 2, p, q, MeasureMode.RESTART, 1, v);
        ComparisonRecord cmp = new ComparisonRecord("default", "HEAD~1 vs HEAD", parent, patch, List.of(cell));
        EnvironmentRecord env = new EnvironmentRecord("bench-1", "Example CPU @ 2.10GHz", 1, 2, 2, 24L << 30,
                "Debian GNU/Linux 12 (bookworm)", "6.1.0-test", "OpenJDK 17.0.15",
                new EngineJvmRecord("/usr/lib/jvm/java-17/bin/java", "openjdk version \"17.0.15\" 2025-04-15",
                        List.of(), null, "launch.java names it"), "process", "", "",
                new CpuFreqRecord(false, "not pinned: no cpufreq", List.of()), null);
        DefinitionRecord def = new DefinitionRecord("properties/quick.properties",
                "parent = HEAD~1\npatch = HEAD\nworkload.tests = POINT_SELECT\n",
                List.of(new DefinitionRecord.SettingRecord("parent", "HEAD~1", "quick.properties:1"),
                        new DefinitionRecord.SettingRecord("workload.threads", "2", "default")),
                "./taf run properties/quick.properties");
        return new RunRecord(ResultsStore.FORMAT_VERSION, "20261129-100000-quick", "quick", "a test run", START,
                START.plusSeconds(300), RunRecord.RunStatus.COMPLETED, null, "0.1.0-SNAPSHOT", def, env, List.of(cmp),
                List.of("builds were cached: HEAD~1, HEAD"), List.of(new PlannedMdeRecord("POINT_SELECT", 2, 10.7, 2,
                        20,
                        4.5, "planned from noise measured on 0123456789abcdef at 2026-11-28T09:00:00Z (10 engine"
                        + " starts)", "this run cannot see a 5% change; it can see 10.7% (at 80% power,"
                        + " 2 pairs)")), new AdaptiveRecord(true, 20, 600, 0.0, 60.0, 0, 0.0136, StopReason.DECIDED,
                        "stopped: every cell is decided (budget 600s, 0s spent, a pair costs 60s); cells: 1 decided"),
                new JudgementRecord(ResultsStore.ANALYSIS, 3, 5, 5, List.of(Metric.TPS, Metric.CPU_PER_TX), 0.95, 0.05,
                        0.8, 3, 20, 600, 10.0, NoiseThresholds.DEFAULT));
    }

    /** A copy of {@code r} with another id, name, start, status, failure, comparisons and warnings. */
    public static RunRecord copy(RunRecord r, String runId, String name, Instant startedAt, Instant finishedAt,
                                 RunRecord.RunStatus status, String failure, List<ComparisonRecord> comparisons,
                                 List<String> warnings) {
        return new RunRecord(r.formatVersion(), runId, name, r.comments(), startedAt, finishedAt, status, failure,
                r.runnerVersion(), r.definition(), r.environment(), comparisons, warnings, r.plannedMde(), r.adaptive(),
                r.judgement());
    }

    /** A copy of {@code r} with another definition record. */
    public static RunRecord withDefinition(RunRecord r, DefinitionRecord definition) {
        return new RunRecord(r.formatVersion(), r.runId(), r.name(), r.comments(), r.startedAt(), r.finishedAt(),
                r.status(), r.failure(), r.runnerVersion(), definition, r.environment(), r.comparisons(), r.warnings(),
                r.plannedMde(), r.adaptive(), r.judgement());
    }

    /** {@link #small()} without the adaptive loop's account and planned MDE. */
    public static RunRecord smallBeforeAdaptive() {
        RunRecord r = small();
        return new RunRecord(r.formatVersion(), r.runId(), r.name(), r.comments(), r.startedAt(), r.finishedAt(),
                r.status(), r.failure(), r.runnerVersion(), r.definition(), r.environment(), r.comparisons(),
                r.warnings(), List.of(), null, r.judgement());
    }

    private static SideRecord side(Role role, String rev, String sha, String subject) {
        return new SideRecord(role, rev, new CommitRecord(sha, sha.substring(0, 8), subject, "A. Developer",
                "dev@example.org", START.minusSeconds(3600)), sha, null, Map.of("innodb_buffer_pool_size", "64M"),
                new BuildRecord("key-" + sha.substring(0, 8), true, 0, "mvn -o package", "/tmp/build.log", null));
    }

    private static IterationRecord iteration(int index, int sequence, double tps, Random rnd) {
        List<SampleRecord> warm = new ArrayList<>();
        List<Double> warmCpu = new ArrayList<>();
        for (int s = 1; s <= 8; s++) {
            double ramp = Math.min(1.0, s / 5.0);
            warm.add(sample(s, tps * ramp * (1 + rnd.nextGaussian() * 0.02)));
            warmCpu.add(150 * ramp);
        }
        List<SampleRecord> measured = new ArrayList<>();
        List<CpuPointRecord> cpu = new ArrayList<>();
        double engineCpuSeconds = 0;
        for (int s = 1; s <= 10; s++) {
            measured.add(sample(s, tps * (1 + rnd.nextGaussian() * 0.02)));
            cpu.add(new CpuPointRecord(s, 150 + rnd.nextGaussian(), 40, 0.5));
            engineCpuSeconds += cpu.get(cpu.size() - 1).enginePct() / 100;
        }
        return new IterationRecord(index, sequence, START.plusSeconds(60L * sequence), "11.4.2-TAF",
                new RestRecord(true, true, 3, List.of(30.0, 2.0, 1.0, 1.0)),
                new WarmupRecord(WarmupMode.CPU, true, 8, "CV 1.2% and slope 0.3% under limits", warmCpu, warm),
                measured,
                cpu, index == 1 ? List.of(IterationFlag.HOST_NOISE) : List.of(), null,
                "/tmp/engine-" + sequence + ".err",
                new EngineCpuRecord(CPU_SOURCE, Math.round(engineCpuSeconds * 100) / 100.0), 1.2, List.of(0), null);
    }

    private static SampleRecord sample(int second, double tps) {
        long events = Math.round(tps);
        return new SampleRecord(second, 1.0, events, events, 0, 0, 0, 0, 0.05, 0.09, 0.2, 1.5);
    }
}

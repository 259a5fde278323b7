package org.taf.runner.report;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.CountersRecord;
import org.taf.runner.results.CpuPointRecord;
import org.taf.runner.results.DefinitionRecord;
import org.taf.runner.results.DefinitionRecord.SettingRecord;
import org.taf.runner.results.EngineCpuRecord;
import org.taf.runner.results.EngineJvmRecord;
import org.taf.runner.results.EnvironmentRecord;
import org.taf.runner.results.EnvironmentRecord.CpuFreqRecord;
import org.taf.runner.results.EnvironmentRecord.CpuState;
import org.taf.runner.results.FlameRecord;
import org.taf.runner.results.IterationRecord;
import org.taf.runner.results.IterationRecord.IterationFlag;
import org.taf.runner.results.IterationRecord.RestRecord;
import org.taf.runner.results.IterationRecord.WarmupRecord;
import org.taf.runner.results.JudgementRecord;
import org.taf.runner.results.MeasureMode;
import org.taf.runner.results.NoiseThresholds;
import org.taf.runner.results.PostRecord;
import org.taf.runner.results.ResultsFixtures;
import org.taf.runner.results.ResultsStore;
import org.taf.runner.results.RunRecord;
import org.taf.runner.results.SampleRecord;
import org.taf.runner.results.SideRecord;
import org.taf.runner.results.SideRecord.BuildRecord;
import org.taf.runner.results.SideRecord.CommitRecord;
import org.taf.runner.results.WarmupMode;
import org.taf.runner.stats.CellKey;
import org.taf.runner.stats.CellVerdict;
import org.taf.runner.stats.Change;
import org.taf.runner.stats.ClassicOutcome;
import org.taf.runner.stats.ClassicVerdict;
import org.taf.runner.stats.CounterChange;
import org.taf.runner.stats.ExclusionRule;
import org.taf.runner.stats.Metric;
import org.taf.runner.stats.MetricVerdict;
import org.taf.runner.stats.MinimalDetectableEffect;
import org.taf.runner.stats.Role;
import org.taf.runner.stats.StopReason;
import org.taf.runner.stats.VarianceComponents;
import org.taf.runner.stats.Verdict;

/**
 * Synthetic runs for the report's tests, shaped like the MDEV-37992 post (three branches, parent vs
 * patch, POINTS-COVERED-PK) with a thread sweep, a failed build, flagged iterations and a commit
 * subject holding markup. Deterministic (fixed seeds and times). Synthetic: never written to site/.
 */
public final class SiteFixtures {
    static final Instant START = Instant.parse("2026-10-14T08:00:00Z");
    public static final String SCRIPT_SUBJECT =
            "Buffer pool: <script>alert('x')</script> & make-young without buf_pool.mutex";
    public static final String NARRATIVE = """
            # Why this run

            Mark Callaghan's ticket: *long* `IN` lists by primary key, \
            see [MDEV-37992](https://jira.mariadb.org/browse/MDEV-37992).

            - the parent takes **buf_pool.mutex** on every make-young
            - <script>alert(1)</script> stays text
            - [a bad link](javascript:alert(1))
            """;

    private SiteFixtures() {}

    /** The full run: sweep 1..64, three iterations per side, 20 s measured. */
    /** A page of the site that is not a post, as {@code taf publish --page} keeps one. */
    public static final String PAGE = """
            # A study of false alarms

            What an A/A comparison said, per budget.

            ## Results
            | budget | comparisons | false positives |
            |---|---:|---:|
            | 2m | 400 | 0 |
            | 10m | 400 | 1 |
            """;

    public static RunRecord branches() {
        return branches(new int[] {1, 2, 4, 8, 16, 32, 64}, 3, 20, START);
    }

    /** A smaller run for golden files: sweep 1, 8, 64, two iterations, 8 s measured. */
    public static RunRecord goldenBranches() {
        return branches(new int[] {1, 8, 64}, 2, 8, START);
    }

    /** Older runs of the same workload and a run of another one, for the index, history and feed. */
    public static List<RunRecord> history() {
        List<RunRecord> runs = new ArrayList<>();
        runs.add(branches(new int[] {1, 8, 64}, 2, 6, Instant.parse("2026-09-01T08:00:00Z")));
        runs.add(branches(new int[] {1, 8, 64}, 2, 6, Instant.parse("2026-09-20T20:30:00Z")));
        runs.add(goldenBranches());
        runs.add(org.taf.runner.results.ResultsFixtures.small());
        return runs;
    }

    static RunRecord branches(int[] threads, int iterations, int seconds, Instant start) {
        Random rnd = new Random(start.getEpochSecond());
        String date = ResultsStoreDates.id(start);
        List<ComparisonRecord> comparisons = new ArrayList<>();
        String[][] branches = {
            {"c11_8", "11.8", "14362356d14", "db94f391be4e", "Buffer pool: make-young under buf_pool.mutex"},
            {"c12_3", "12.3", "5981efcecd8", "4083fbef83c6", "MDEV-33966: LRU eviction without buf_pool.mutex"},
            {"c13_1", "13.1", "d0661d9bb8c", "5ab51d6248bb6", SCRIPT_SUBJECT},
        };
        int seq = 0;
        for (int b = 0; b < branches.length; b++) {
            String[] br = branches[b];
            SideRecord parent = side(Role.PARENT, "comparison." + br[0] + ".parent", br[2], "Merge 11.4 into " + br[1],
                    null, start);
            SideRecord patch = side(Role.PATCH, "comparison." + br[0] + ".patch", br[3], br[4], null, start);
            List<CellRecord> cells = new ArrayList<>();
            for (int t : threads) {
                double parentTps = 1_900.0 * Math.min(t, 9) * (1 + b * 0.03);
                double gain = br[0].equals("c12_3") && t == 1 ? 0.91 : br[0].equals("c13_1") && t == 8 ? 0.985
                        : 1.2 + 2.4 * Math.min(1, t / 16.0);
                List<IterationRecord> p = new ArrayList<>();
                List<IterationRecord> q = new ArrayList<>();
                for (int i = 0; i < iterations; i++) {
                    boolean notSettled = br[0].equals("c12_3") && t == threads[threads.length - 1] && i == 1;
                    p.add(iteration(i, seq++, parentTps, t, seconds, rnd, start, List.of()));
                    q.add(iteration(i, seq++, parentTps * gain, t, seconds, rnd, start,
                            notSettled ? List.of(IterationFlag.NOT_SETTLED) : i == 0 && t == 1 && b == 0
                                    ? List.of(IterationFlag.HOST_NOISE) : List.of()));
                }
                Verdict forced = br[0].equals("c13_1") && t == 8 ? Verdict.INCONCLUSIVE : null;
                cells.add(new CellRecord("POINTS-COVERED-PK", t, p, q, MeasureMode.RESTART, 1,
                        verdict(new CellKey("POINTS-COVERED-PK", t), p, q, forced),
                        b == 0 && t == threads[threads.length - 1] ? flames(parentTps) : List.of()));
            }
            comparisons.add(new ComparisonRecord(br[0], br[1], parent, patch, cells));
        }
        comparisons.add(brokenComparison(start, threads));
        EnvironmentRecord env = new EnvironmentRecord("bench-epyc", "AMD EPYC 9454 48-Core Processor", 1, 48, 96,
                134_196_805_222L, "AlmaLinux 9.8 (Olive Jaguar)", "5.14.0-687.29.1.el9_8.x86_64",
                "Eclipse Adoptium 17.0.15+6", new EngineJvmRecord("/opt/jdk-17/bin/java",
                        "openjdk version \"17.0.15\" 2025-04-15", List.of("-Xmx8g"), null, "launch.java names it"),
                "process", "", "",
                new CpuFreqRecord(true, "governor performance, 2100 MHz, boost off", cpuStates()), null);
        return new RunRecord(ResultsStore.FORMAT_VERSION, date + "-mdev37992", "mdev37992",
                "MDEV-37992: POINTS-COVERED-PK, buf_pool.mutex in make-young, parent vs patch on 11.8, 12.3, 13.1",
                start, start.plusSeconds(5400), RunRecord.RunStatus.COMPLETED, null, "0.1.0-SNAPSHOT",
                definition(threads), env, comparisons, List.of("builds were cached: 14362356d14"), List.of(), null,
                new JudgementRecord(ResultsStore.ANALYSIS, 3, 5, 5, List.of(Metric.TPS, Metric.CPU_PER_TX), 0.95, 0.05,
                        0.8, 3, 20, 600, 10.0, NoiseThresholds.DEFAULT));
    }

    private static ComparisonRecord brokenComparison(Instant start, int[] threads) {
        SideRecord parent = side(Role.PARENT, "comparison.broken.parent", "a1b2c3d4e5f6", "Buffer pool: baseline",
                null, start);
        SideRecord patch = new SideRecord(Role.PATCH, "bb-13.1-wip",
                new CommitRecord("f00dfacecafe0000000000000000000000000000",
                "f00dfacecafe", "WIP: half a refactoring", "A. Developer", "dev@example.org", start.minusSeconds(7200)),
                "f00dfacecafe0000000000000000000000000000", null, Map.of(), new BuildRecord("key-f00dface", false, 12.5,
                "mvn -o -q -pl engine -am package", "/tmp/build-f00dface.log",
                "mvn exited with 1\n[ERROR] BufferPool.java:[88,5] cannot find symbol\n[ERROR] -> [Help 1]"));
        CellRecord cell = new CellRecord("POINTS-COVERED-PK", threads[threads.length - 1], List.of(), List.of(),
                MeasureMode.RESTART, 1, new CellVerdict(new CellKey("POINTS-COVERED-PK", threads[threads.length - 1]),
                        Verdict.NOT_COMPARABLE, "patch build failed: nothing was measured", List.of(), null, 0, 0.05,
                        StopReason.DECIDED, null, null, List.of(), ExclusionRule.DEFAULT.describe(), List.of(),
                        List.of(), List.of()));
        return new ComparisonRecord("broken", "13.1 wip", parent, patch, List.of(cell));
    }

    private static List<CpuState> cpuStates() {
        List<CpuState> cpus = new ArrayList<>();
        for (int i = 0; i < 96; i++) {
            cpus.add(new CpuState(i, "performance", 2_100_000, 2_100_000, "off", "pinned"));
        }
        return cpus;
    }

    private static DefinitionRecord definition(int[] threads) {
        String threadList = String.join(", ", java.util.Arrays.stream(threads).mapToObj(String::valueOf).toList());
        String text = """
                # MDEV-37992: long IN lists by primary key
                name = mdev37992
                comparisons = c11_8, c12_3, c13_1, broken
                comparison.c11_8.label = 11.8
                comparison.c11_8.parent = 14362356d14
                comparison.c11_8.patch = db94f391be4e
                workload.tests = POINTS-COVERED-PK
                workload.threads = %s
                engine.innodb_buffer_pool_size = 90G
                engine.innodb_old_blocks_time = 1000
                # engine.innodb_old_blocks_time = 2147483647 would switch make-young off
                post.title = MDEV-37992: 3.5x on long IN lists <after> MDEV-33966
                """.formatted(threadList);
        List<SettingRecord> s = List.of(
                new SettingRecord("name", "mdev37992", "mdev37992.properties:2"),
                new SettingRecord("comparisons", "c11_8, c12_3, c13_1, broken", "mdev37992.properties:3"),
                new SettingRecord("comparison.c11_8.parent", "14362356d14", "mdev37992.properties:5"),
                new SettingRecord("comparison.c11_8.patch", "db94f391be4e", "mdev37992.properties:6"),
                new SettingRecord("comparison.c12_3.parent", "5981efcecd8", "mdev37992.properties:9"),
                new SettingRecord("comparison.c12_3.patch", "4083fbef83c6", "mdev37992.properties:10"),
                new SettingRecord("workload.tests", "POINTS-COVERED-PK", "mdev37992.properties:7"),
                new SettingRecord("workload.threads", threadList, "mdev37992.properties:8"),
                new SettingRecord("workload.tables", "8", "mdev37992.properties:9"),
                new SettingRecord("workload.table_size", "10000000", "mdev37992.properties:10"),
                new SettingRecord("measure.iterations", "3", "mdev37992.properties:11"),
                new SettingRecord("verdict.warning_pct", "3", "default"),
                new SettingRecord("verdict.fail_pct", "5", "default"),
                new SettingRecord("engine.innodb_buffer_pool_size", "90G", "mdev37992.properties:9"),
                new SettingRecord("engine.innodb_old_blocks_time", "1000", "mdev37992.properties:10"),
                new SettingRecord("output.results_dir", "results", "default"),
                new SettingRecord("post.title", "MDEV-37992: 3.5x on long IN lists <after> MDEV-33966",
                        "mdev37992.properties:12"),
                new SettingRecord("post.narrative", "notes/mdev37992.md", "mdev37992.properties:13"),
                new SettingRecord("post.commit_url", "https://github.com/MariaDB/server/commit/{sha}",
                        "mdev37992.properties:14"));
        return new DefinitionRecord("properties/examples/mdev37992.properties", text, s,
                "./taf run properties/examples/mdev37992.properties");
    }

    /** {@code run} with its definition's post settings replaced. */
    public static RunRecord withPost(RunRecord run, PostRecord post) {
        DefinitionRecord d = run.definition();
        return ResultsFixtures.withDefinition(run, new DefinitionRecord(d.file(), d.sourceText(), d.settings(),
                d.command(), post));
    }

    private static SideRecord side(Role role, String revisionKey, String shortSha, String subject, String diff,
                                   Instant start) {
        String sha = (shortSha + "0".repeat(40)).substring(0, 40);
        return new SideRecord(role, shortSha, new CommitRecord(sha, shortSha, subject, "J. Miller", "jm@example.org",
                start.minusSeconds(86_400)), sha, diff, Map.of("innodb_buffer_pool_size", "90G"),
                new BuildRecord("key-" + shortSha, role == Role.PARENT, role == Role.PARENT ? 0 : 61.2,
                        "mvn -o -q -pl engine -am package", "/tmp/build-" + shortSha + ".log", null));
    }

    private static IterationRecord iteration(int index, int sequence, double tps, int threads, int seconds, Random rnd,
                                             Instant start, List<IterationFlag> flags) {
        List<SampleRecord> warm = new ArrayList<>();
        List<Double> warmCpu = new ArrayList<>();
        int warmSeconds = 6;
        double cpu = Math.min(threads, 96) * 95.0;
        for (int s = 1; s <= warmSeconds; s++) {
            double ramp = Math.min(1.0, s / 4.0);
            warm.add(sample(s, tps * ramp * (1 + rnd.nextGaussian() * 0.02)));
            warmCpu.add(cpu * ramp);
        }
        boolean settled = !flags.contains(IterationFlag.NOT_SETTLED);
        List<SampleRecord> measured = new ArrayList<>();
        List<CpuPointRecord> cpuPoints = new ArrayList<>();
        for (int s = 1; s <= seconds; s++) {
            measured.add(sample(s, tps * (1 + rnd.nextGaussian() * 0.015)));
            cpuPoints.add(new CpuPointRecord(s, cpu * (1 + rnd.nextGaussian() * 0.01), 30, 0.2));
        }
        return new IterationRecord(index, sequence, start.plusSeconds(60L * sequence), "11.8.10-TAF",
                new RestRecord(true, true, 4, List.of(40.0, 12.0, 1.5, 1.0)),
                new WarmupRecord(WarmupMode.CPU, settled, warmSeconds, settled ? "CV 1.1% and slope 0.2% under limits"
                        : "maximum reached: CV 6.3% over 5%", warmCpu, warm), measured, cpuPoints, flags, null,
                "/tmp/engine-" + sequence + ".err", new EngineCpuRecord("/proc/<pid>/stat utime+stime (1/100 s ticks)",
                        Math.round(cpuPoints.stream().mapToDouble(CpuPointRecord::enginePct).sum()) / 100.0), 1.4,
                List.of(0), null);
    }

    private static SampleRecord sample(int second, double tps) {
        long events = Math.round(tps);
        return new SampleRecord(second, 1.0, events, events * 10, 0, 0, 0, 0, 0.4, 0.9, 1.6, 4.0);
    }

    /**
     * The stats stage's numbers, shaped as it gives them (synthetic: levels are the medians of the
     * iteration medians). CPU per transaction moves inversely to TPS, except in the inconclusive cell,
     * where it is 6% higher and says so (the case the outputs must point out).
     */
    /**
     * Folded JFR stacks of a make-young story: the parent's page hits wait for the pool mutex, the patch's
     * do not, per transaction.
     */
    private static List<FlameRecord> flames(double parentTps) {
        String hit = "java.lang.Thread.run;org.taf.engine.server.Connection.run;org.taf.engine.db.TransactionImpl.get;"
                + "org.taf.engine.buffer.BufferPool.fix";
        long tx = Math.round(parentTps * 30);
        Map<String, Double> parentCpu = new TreeMap<>(Map.of(hit + ";org.taf.engine.buffer.Lru.makeYoung", 410.0,
                hit + ";org.taf.engine.buffer.PageHash.get", 220.0, hit, 90.0,
                "java.lang.Thread.run;org.taf.engine.server.Connection.run;org.taf.engine.server.Protocol.read",
                300.0));
        Map<String, Double> patchCpu = new TreeMap<>(Map.of(hit + ";org.taf.engine.buffer.Lru.makeYoung", 60.0,
                hit + ";org.taf.engine.buffer.PageHash.get", 420.0, hit, 150.0,
                "java.lang.Thread.run;org.taf.engine.server.Connection.run;org.taf.engine.server.Protocol.read",
                600.0));
        Map<String, Double> parentLocks = Map.of(hit + ";org.taf.engine.buffer.PoolMutex.lock;"
                + "java.util.concurrent.locks.LockSupport.park", 8.4e9);
        Map<String, Double> patchLocks = Map.of(hit + ";org.taf.engine.buffer.PoolMutex.lock;"
                + "java.util.concurrent.locks.LockSupport.park", 0.9e9);
        return List.of(new FlameRecord(Role.PARENT, "CPU", tx, 1020, 3, 0, parentCpu),
                new FlameRecord(Role.PATCH, "CPU", tx * 2, 1230, 3, 0, patchCpu),
                new FlameRecord(Role.PARENT, "LOCKS", tx, 5400, 3, 0, parentLocks),
                new FlameRecord(Role.PATCH, "LOCKS", tx * 2, 610, 3, 0, patchLocks));
    }

    /** Counters of a make-young story: the pool mutex and the switches move, the rows read do not. */
    private static List<CounterChange> counters(double ratio) {
        if (ratio < 1.05) {
            return List.of(new CounterChange("Innodb_rows_read", 100, 100, 1.0, 0.999, 1.001, 0.9, 0.9,
                    3, false));
        }
        return List.of(
                new CounterChange("Innodb_buffer_pool_mutex_acquisitions", 21.1, 13.1, 0.621, 0.615,
                        0.627, 0.0001, 0.0004, 3, true),
                new CounterChange(CountersRecord.VOLUNTARY, 36.0, 2.45, 0.068, 0.061, 0.076, 0.0002,
                        0.0004, 3, true),
                new CounterChange("Innodb_buffer_pool_read_requests", 104.2, 104.0, 0.998, 0.99, 1.006,
                        0.61, 0.8, 3, false),
                new CounterChange("Innodb_rows_read", 100, 100, 1.0, 0.999, 1.001, 0.9, 0.9, 3, false));
    }

    private static CellVerdict verdict(CellKey cell, List<IterationRecord> p, List<IterationRecord> q,
                                       Verdict forced) {
        double parent = IterationNumbers
                .median(p.stream().map(i -> IterationNumbers.medianTps(i).orElseThrow()).toList())
                .orElseThrow();
        double patch = IterationNumbers
                .median(q.stream().map(i -> IterationNumbers.medianTps(i).orElseThrow()).toList())
                .orElseThrow();
        double ratio = patch / parent;
        Verdict v = forced != null ? forced : ratio > 1.05 ? Verdict.IMPROVED : ratio < 0.95 ? Verdict.REGRESSED
                : Verdict.NO_CHANGE;
        ClassicOutcome classic = ratio > 1.05 ? ClassicOutcome.GAIN : ratio < 0.95 ? ClassicOutcome.FAIL
                : ratio < 0.97 ? ClassicOutcome.WARNING : ClassicOutcome.PASS;
        boolean inconclusive = v == Verdict.INCONCLUSIVE;
        double low = inconclusive ? 0.940 : ratio * 0.98;
        double high = inconclusive ? 1.031 : ratio * 1.02;
        Change tpsChange = switch (v) {
            case IMPROVED -> Change.BETTER;
            case REGRESSED -> Change.WORSE;
            case NO_CHANGE -> Change.SAME;
            default -> Change.UNKNOWN;
        };
        double cpuRatio = inconclusive ? 1.06 : 1 / ratio;
        Change cpuChange = inconclusive || cpuRatio > 1.03 ? Change.WORSE : cpuRatio < 0.97 ? Change.BETTER
                : Change.SAME;
        List<MetricVerdict> metrics = List.of(
                new MetricVerdict(Metric.TPS, parent, patch, ratio, low, high, 0.95, 0.012, 0.03, p.size(),
                        0.02, tpsChange, true, null),
                new MetricVerdict(Metric.CPU_PER_TX, 210, 210 * cpuRatio, cpuRatio, cpuRatio * 0.985,
                        cpuRatio * 1.015, 0.95, 0.008, 0.02, p.size(), 0.01, cpuChange, false, null),
                new MetricVerdict(Metric.CS_PER_TX, 36.0, 36.0 * cpuRatio, cpuRatio, cpuRatio * 0.9,
                        cpuRatio * 1.1, 0.95, 0.01, 0.03, p.size(), 0.05, cpuChange, false, null));
        List<String> notes = inconclusive ? List.of("interval [0.940, 1.031] crosses the warning threshold")
                : List.of();
        List<String> findings = inconclusive ? List.of("CPU per transaction 210.00 -> 222.60 us (+6.0%, interval"
                + " [1.044, 1.076]) is higher while TPS is undecided: the engine does more work per transaction that"
                + " TPS could not yet confirm") : List.of();
        String reason = inconclusive ? "tps 0.9850 [0.9400, 1.0310] (95% interval, " + p.size() + " pairs) cannot"
                + " decide" : "tps " + String.format(java.util.Locale.ROOT, "%.4f", ratio) + " decided";
        int starts = 2 * p.size();
        return new CellVerdict(cell, v, reason, metrics, new ClassicVerdict(parent, patch, ratio, (ratio - 1) * 100,
                classic), p.size(), 0.05, StopReason.PLANNED_ONLY, new MinimalDetectableEffect(inconclusive ? 6.2 : 2.5,
                0.02, p.size(), 0.05, 0.8, "measured from this cell's pairs", null),
                new VarianceComponents(Math.pow(0.015, 2), Math.pow(0.012, 2), starts, starts * 8, starts * 7,
                        starts - 2), List.of(), ExclusionRule.DEFAULT.describe(), notes, findings, counters(ratio));
    }
}

package org.taf.runner.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.DoubleSupplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.build.BuildResult;
import org.taf.runner.config.EngineSettings;
import org.taf.runner.config.Fixture;
import org.taf.runner.config.Side;
import org.taf.runner.config.TestDefinition;
import org.taf.runner.launch.LaunchException;
import org.taf.runner.results.IterationRecord;
import org.taf.runner.results.IterationRecord.IterationFlag;
import org.taf.runner.results.IterationRecord.WarmupRecord;
import org.taf.runner.results.MeasureMode;
import org.taf.runner.results.SampleRecord;
import org.taf.runner.results.WarmupMode;
import org.taf.runner.stats.Role;
import org.taf.runner.workload.Workload;

/**
 * The stages of an iteration (start and rest, warm-up, measured windows, record) on fake engines and loads and a
 * manual clock: which load each warm-up runs on, where measuring begins, how windows join, and what a failure
 * keeps. Nothing sleeps; counters are off (they need a real engine: CountersEndToEndIT).
 */
class IterationRunnerTest {
    /** 500 ms intervals, 2 s windows (4 samples), rest on 1 s CPU samples, warm-ups from 1 s to 10 s. */
    private static final Map<String, String> BASE = Map.ofEntries(Map.entry("workload.report_interval", "500ms"),
            Map.entry("measure.duration", "2s"), Map.entry("measure.counters", "false"),
            Map.entry("launch.port", "33306"), Map.entry("warmup.min", "1s"), Map.entry("warmup.max", "10s"),
            Map.entry("warmup.window", "1500ms"), Map.entry("measure.switch_skip", "0s"));

    @TempDir
    Path dir;
    private Path template;
    private Path runDir;

    @BeforeEach
    void data() throws Exception {
        template = Files.createDirectories(dir.resolve("template"));
        Files.writeString(template.resolve("ibdata1"), "rows");
        runDir = Files.createDirectories(dir.resolve("run"));
    }

    private TestDefinition definition(Map<String, String> overrides) {
        Fixture f = new Fixture(dir);
        f.write("t.properties", "repository = .", "workload.tests = POINT_SELECT", "workload.threads = 2");
        Map<String, String> all = new HashMap<>(BASE);
        all.putAll(overrides);
        return f.load("t.properties", all);
    }

    private FakeRig rig() {
        return new FakeRig(Duration.ofMillis(500), dir);
    }

    private IterationRunner runner(TestDefinition def, FakeRig rig) {
        return new IterationRunner(def, runDir, rig.rig());
    }

    private IterationRunner.Start start(Role role, int sequence) throws Exception {
        Path jar = Files.writeString(dir.resolve("engine.jar"), "jar");
        BuildResult build = new BuildResult(jar, jar, "0".repeat(64), true, Duration.ZERO);
        PreparedSide side = new PreparedSide(new Side("HEAD", Optional.empty(), EngineSettings.of(Map.of())), null,
                null, build);
        return new IterationRunner.Start(new Step(0, role, Workload.POINT_SELECT, 2, 0, sequence), side, template,
                List.of());
    }

    private IterationRunner.Measured restart(TestDefinition def, FakeRig rig) throws Exception {
        return runner(def, rig).pair(start(Role.PARENT, 0), start(Role.PATCH, 1), MeasureMode.RESTART, 1);
    }

    private static List<Double> seconds(IterationRecord it) {
        return it.samples().stream().map(SampleRecord::second).toList();
    }

    @Test
    void aTpsWarmupFlowsIntoTheMeasurementOnOneLoad() throws Exception {
        FakeRig rig = rig();
        // 400 -> 1700 TPS over the first 6 intervals (3 s), then flat
        rig.tps = n -> n <= 6 ? 400 + 1_300 * n / 6.0 : 1_700;
        IterationRunner.Measured m = restart(definition(Map.of("warmup.signal", "tps")), rig);

        IterationRecord it = m.first();
        assertThat(it.failure()).isNull();
        assertThat(it.serverVersion()).isEqualTo("5.5.5-fake-1");
        assertThat(it.engineLog()).isEqualTo("logs/000-parent.log");
        assertThat(it.rest().rested()).isTrue();
        assertThat(it.rest().seconds()).isEqualTo(5.0); // 5 idle 1 s samples: rest.consecutive
        assertThat(it.rest().cpuPct()).containsExactly(0.0, 0.0, 0.0, 0.0, 0.0);
        WarmupRecord w = it.warmup();
        assertThat(w.mode()).isEqualTo(WarmupMode.TPS);
        assertThat(w.settled()).isTrue();
        assertThat(w.cutAtSeconds()).isEqualTo(4.0); // the first flat 1.5 s: 3.0, 3.5 and 4.0 s
        assertThat(w.reason()).startsWith("TPS settled at 4.0s: cv 0.0%");
        assertThat(w.samples()).hasSize(8);
        assertThat(w.cpuPct()).hasSize(8);
        // measuring starts at the next interval of the same load, its seconds from its own start
        assertThat(seconds(it)).containsExactly(0.5, 1.0, 1.5, 2.0);
        assertThat(it.samples()).allSatisfy(s -> assertThat(s.events()).isEqualTo(850));
        assertThat(it.windows()).containsExactly(0);
        assertThat(it.flags()).isEmpty();
        assertThat(it.engineCpu().source()).isEqualTo("fake engine 1");
        assertThat(it.engineCpu().cpuSeconds()).isEqualTo(1.0); // 50% of a CPU over 2 s
        assertThat(rig.engines.get(0).loadThreads).as("one continuous load").containsExactly(2);
        assertThat(m.second().engineLog()).isEqualTo("logs/001-patch.log");
        assertThat(rig.engines.get(1).isAlive()).isFalse();
        assertThat(runDir.resolve("work/000-parent/data")).doesNotExist();
    }

    @Test
    void aCpuSettleOnTheCellsThreadsMeasuresWhereTheCpuSettled() throws Exception {
        FakeRig rig = rig();
        rig.pacedCpuWarmup = true;
        TestDefinition def = definition(Map.of("warmup.signal", "cpu", "warmup.window", "3s", "warmup.min", "3s"));
        IterationRecord it = restart(def, rig).first();

        WarmupRecord w = it.warmup();
        assertThat(w.mode()).isEqualTo(WarmupMode.CPU);
        assertThat(w.settled()).isTrue();
        assertThat(w.cutAtSeconds()).isEqualTo(3.0);
        assertThat(w.cpuPct()).containsExactly(50.0, 50.0, 50.0); // its own 1 s samples, not the load's
        assertThat(w.reason()).isEqualTo("settled at 3s: cv 0.0% <= 5%, slope +0.0% <= 2% over the last 3s"
                + " (mean 50%)");
        assertThat(seconds(it)).containsExactly(0.5, 1.0, 1.5, 2.0);
        assertThat(it.flags()).isEmpty();
        assertThat(rig.engines.get(0).loadThreads).as("one continuous load").containsExactly(2);
    }

    @Test
    void aCpuSettleOnOtherThreadsWarmsUpApartAndTheWindowLeavesOutItsFirstSample() throws Exception {
        FakeRig rig = rig();
        rig.pacedCpuWarmup = true;
        TestDefinition def = definition(Map.of("warmup.signal", "cpu", "warmup.threads", "1",
                "warmup.window", "3s", "warmup.min", "3s"));
        IterationRecord it = restart(def, rig).first();

        assertThat(it.warmup().mode()).isEqualTo(WarmupMode.CPU);
        assertThat(it.warmup().cutAtSeconds()).isEqualTo(3.0);
        assertThat(rig.engines.get(0).loadThreads).as("the warm-up's load, then the window's").containsExactly(1, 2);
        assertThat(seconds(it)).containsExactly(0.5, 1.0, 1.5, 2.0);
        assertThat(rig.runs.subList(0, 2)).containsExactly("engine 1, 1 threads", "engine 1, 2 threads");
    }

    @Test
    void withoutWarmupOrRestTheWindowMeasuresFromItsFirstSample() throws Exception {
        FakeRig rig = rig();
        IterationRecord it = restart(definition(Map.of("warmup.enabled", "false", "rest.enabled", "false")), rig)
                .first();

        assertThat(it.rest().enabled()).isFalse();
        assertThat(it.rest().seconds()).isZero();
        assertThat(it.warmup())
                .isEqualTo(new WarmupRecord(WarmupMode.NONE, true, 0, "not reached", List.of(), List.of()));
        assertThat(seconds(it)).containsExactly(0.5, 1.0, 1.5, 2.0);
        assertThat(it.engineCpu().cpuSeconds()).isEqualTo(1.0);
        assertThat(rig.time.sleeps()).as("no rest, no CPU watch").isEmpty();
    }

    @Test
    void alternatingEnginesWarmUpOnTheLoadsTheirWindowsUseAndJoinTheirWindows() throws Exception {
        FakeRig rig = rig();
        // the compilers: 0.4 s before the load, busy for the first two intervals, then quiet
        rig.compilers = pid -> script(0.4, 0.2, 0.2, 0.0, 0.0, 0.0);
        TestDefinition def = definition(Map.of("warmup.signal", "jit", "measure.switch_skip", "500ms"));
        IterationRunner.Measured m = runner(def, rig).pair(start(Role.PARENT, 0), start(Role.PATCH, 1),
                MeasureMode.ALTERNATE, 3);

        for (IterationRecord it : List.of(m.first(), m.second())) {
            assertThat(it.failure()).isNull();
            assertThat(it.warmup().mode()).isEqualTo(WarmupMode.JIT);
            assertThat(it.warmup().settled()).isTrue();
            assertThat(it.warmup().cutAtSeconds()).isEqualTo(2.5); // quiet over 1.5-2.5 s
            assertThat(it.warmup().samples()).hasSize(5);
            // three windows of four samples, each after one left out, their seconds continued
            assertThat(it.windows()).containsExactly(0, 4, 8);
            assertThat(seconds(it)).containsExactly(0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5.0, 5.5, 6.0);
        }
        assertThat(rig.engines).allSatisfy(e -> assertThat(e.loadThreads).as("one kept load").containsExactly(2));
        assertThat(rig.runs).containsExactly("engine 1, 2 threads", "engine 2, 2 threads", "engine 1, 2 threads",
                "engine 2, 2 threads", "engine 1, 2 threads", "engine 2, 2 threads", "engine 1, 2 threads",
                "engine 2, 2 threads");
        assertThat(m.first().engineLog()).isEqualTo("logs/000-parent.log");
        assertThat(m.second().engineLog()).isEqualTo("logs/001-patch.log");
    }

    /**
     * In alternate mode the pair's other engine idles beside the one measured (in the fake, its CPU runs on at
     * the same rate): both sides see it alike, so it is not host noise. Counted as other processes, it flagged
     * 14 of 20 starts of an UPDATE_NO_KEY story run on a quiet host (2026-12-04).
     */
    @Test
    void inAlternateModeThePairsOtherEngineIsNotHostNoise() throws Exception {
        FakeRig rig = rig();
        rig.compilers = pid -> script(0.4, 0.2, 0.2, 0.0, 0.0, 0.0);
        TestDefinition def = definition(Map.of("warmup.signal", "jit", "measure.switch_skip", "500ms"));
        IterationRunner.Measured m = runner(def, rig).pair(start(Role.PARENT, 0), start(Role.PATCH, 1),
                MeasureMode.ALTERNATE, 3);
        for (IterationRecord it : List.of(m.first(), m.second())) {
            assertThat(it.flags()).doesNotContain(IterationRecord.IterationFlag.HOST_NOISE);
            assertThat(it.cpu()).isNotEmpty().allSatisfy(p -> assertThat(p.hostOtherPct()).isLessThan(1));
        }
    }

    @Test
    void alternatingCpuSettlesEndTheirWarmupLoadAndKeepItForTheWindows() throws Exception {
        FakeRig rig = rig();
        rig.pacedCpuWarmup = true;
        TestDefinition def = definition(Map.of("warmup.signal", "cpu", "warmup.window", "3s", "warmup.min", "3s"));
        IterationRunner.Measured m = runner(def, rig).pair(start(Role.PARENT, 0), start(Role.PATCH, 1),
                MeasureMode.ALTERNATE, 2);

        for (IterationRecord it : List.of(m.first(), m.second())) {
            assertThat(it.warmup().mode()).isEqualTo(WarmupMode.CPU);
            assertThat(it.warmup().cutAtSeconds()).isEqualTo(3.0);
            assertThat(it.windows()).containsExactly(0, 4);
            assertThat(it.samples()).hasSize(8);
        }
        assertThat(rig.engines).allSatisfy(e -> assertThat(e.loadThreads).containsExactly(2));
    }

    @Test
    void anEngineThatExitsKeepsTheWindowItMeasuredAndFailsItsIteration() throws Exception {
        FakeRig rig = rig();
        TestDefinition def = definition(Map.of("warmup.enabled", "false", "rest.enabled", "false"));
        rig.dyingEngine = 2;
        IterationRunner.Measured m = restart(def, rig);

        assertThat(m.first().succeeded()).isTrue();
        IterationRecord it = m.second();
        assertThat(it.failure()).isEqualTo("the engine exited during the measurement; see its log "
                + runDir.resolve("work/001-patch/engine.log"));
        assertThat(seconds(it)).containsExactly(0.5, 1.0, 1.5, 2.0);
        assertThat(it.engineLog()).isEqualTo("logs/001-patch.log");
    }

    /**
     * In alternate mode a failure is the side's that failed: the patch's engine exiting fails the patch's start,
     * and the parent's keeps what it measured. (The pair once blamed its first start for any failure unless
     * that start had one already.)
     */
    @Test
    void inAlternateModeAFailureIsTheSideThatFailed() throws Exception {
        TestDefinition def = definition(Map.of("warmup.enabled", "false", "rest.enabled", "false"));
        for (int dying : new int[] {1, 2}) {
            runDir = Files.createDirectories(dir.resolve("run-" + dying));
            FakeRig rig = rig();
            rig.dyingEngine = dying;
            IterationRunner.Measured m = runner(def, rig).pair(start(Role.PARENT, 0), start(Role.PATCH, 1),
                    MeasureMode.ALTERNATE, 2);
            IterationRecord failed = dying == 1 ? m.first() : m.second();
            IterationRecord other = dying == 1 ? m.second() : m.first();
            String name = dying == 1 ? "000-parent" : "001-patch";
            assertThat(failed.failure()).as("engine %d exits", dying).isEqualTo("the engine exited during the"
                    + " measurement; see its log " + runDir.resolve("work/" + name + "/engine.log"));
            assertThat(other.failure()).as("engine %d exits", dying).isNull();
            assertThat(seconds(failed)).as("its window is kept").containsExactly(0.5, 1.0, 1.5, 2.0);
        }
    }

    @Test
    void dataThatFailsItsCheckAfterTheRunFailsTheIterationNamingTheCondition() throws Exception {
        FakeRig rig = rig();
        TestDefinition def = definition(Map.of("warmup.enabled", "false", "rest.enabled", "false"));
        rig.inconsistentEngine = 1;
        IterationRunner.Measured m = restart(def, rig);

        IterationRecord it = m.first();
        assertThat(it.succeeded()).isFalse();
        assertThat(it.failure()).startsWith("TPC-C consistency condition 3 fails in warehouse 1, district 2:");
        assertThat(seconds(it)).as("what it measured is kept beside the failure").containsExactly(0.5, 1.0, 1.5,
                2.0);
        assertThat(m.second().succeeded()).isTrue();
    }

    @Test
    void aWarmupThatIsNotSettledByItsMaximumFlagsTheIteration() throws Exception {
        FakeRig rig = rig();
        rig.tps = n -> n % 2 == 0 ? 500 : 1_500;
        IterationRecord it = restart(definition(Map.of("warmup.signal", "tps")), rig).first();

        assertThat(it.warmup().settled()).isFalse();
        assertThat(it.warmup().cutAtSeconds()).isEqualTo(10.0);
        assertThat(it.warmup().reason()).startsWith("TPS not settled by warmup.max (10s)");
        assertThat(it.flags()).containsExactly(IterationFlag.NOT_SETTLED);
        assertThat(it.samples()).hasSize(4);
    }

    @Test
    void anEngineThatDoesNotStartIsBadInputNotAMeasurement() throws Exception {
        FakeRig rig = rig();
        rig.failingStart = 1;
        TestDefinition def = definition(Map.of());
        assertThatThrownBy(() -> restart(def, rig)).isInstanceOf(LaunchException.class)
                .hasMessageStartingWith("the engine exited during startup");
    }

    private static DoubleSupplier script(double... seconds) {
        int[] i = {0};
        return () -> i[0] < seconds.length ? seconds[i[0]++] : 0;
    }
}

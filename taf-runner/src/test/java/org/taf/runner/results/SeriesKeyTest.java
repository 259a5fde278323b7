package org.taf.runner.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What joins two cells into one history series, and what only starts a segment of it. */
class SeriesKeyTest {
    private static final RunRecord RUN = ResultsFixtures.small();

    private static SeriesKey key(RunRecord r) {
        ComparisonRecord c = r.comparisons().get(0);
        return SeriesKey.of(r, c, c.cells().get(0));
    }

    private static RunRecord with(EnvironmentRecord e) {
        return new RunRecord(RUN.formatVersion(), RUN.runId(), RUN.name(), RUN.comments(), RUN.startedAt(),
                RUN.finishedAt(), RUN.status(), RUN.failure(), RUN.runnerVersion(), RUN.definition(), e,
                RUN.comparisons(), RUN.warnings(), RUN.plannedMde(), RUN.adaptive(), RUN.judgement());
    }

    private static EnvironmentRecord env(String host, String cpu, int cores, long memory, String kernel, String jvm,
                                         List<String> engineArgs) {
        EnvironmentRecord e = RUN.environment();
        return new EnvironmentRecord(host, cpu, e.sockets(), cores, e.threads(), memory, e.os(), kernel, jvm,
                new EngineJvmRecord(e.engineJvm().java(), e.engineJvm().version(), engineArgs, null,
                        e.engineJvm().reason()), e.runtime(),
                e.engineCpuset(), e.clientCpuset(), e.cpufreq(), e.cpuIdle());
    }

    private static RunRecord withSetting(String key, String value) {
        List<DefinitionRecord.SettingRecord> s = new ArrayList<>(RUN.definition().settings());
        s.add(new DefinitionRecord.SettingRecord(key, value, "test"));
        DefinitionRecord d = new DefinitionRecord(RUN.definition().file(), RUN.definition().sourceText(), s,
                RUN.definition().command());
        return new RunRecord(RUN.formatVersion(), RUN.runId(), RUN.name(), RUN.comments(), RUN.startedAt(),
                RUN.finishedAt(), RUN.status(), RUN.failure(), RUN.runnerVersion(), d, RUN.environment(),
                RUN.comparisons(), RUN.warnings(), RUN.plannedMde(), RUN.adaptive(), RUN.judgement());
    }

    @Test
    void theMachineIsItsHardwareNotItsNameNorItsKernel() {
        EnvironmentRecord e = RUN.environment();
        SeriesKey k = key(RUN);
        assertThat(k.machine()).isEqualTo("Example CPU @ 2.10GHz | 2 cores | 2 CPUs | 24576 MiB");
        assertThat(key(with(env("bench-9", "  Example  CPU @ 2.10GHz ", e.cores(), e.memoryBytes() - (3L << 20),
                "6.9.0", "OpenJDK 21", List.of())))).isEqualTo(k);
        assertThat(key(with(env(e.host(), "Other CPU", e.cores(), e.memoryBytes(), e.kernel(), e.jvm(), List.of()))))
                .isNotEqualTo(k);
        assertThat(key(with(env(e.host(), e.cpuModel(), 4, e.memoryBytes(), e.kernel(), e.jvm(), List.of()))))
                .isNotEqualTo(k);
        assertThat(key(with(env(e.host(), e.cpuModel(), e.cores(), e.memoryBytes() / 2, e.kernel(), e.jvm(),
                List.of())))).isNotEqualTo(k);
    }

    @Test
    void idleCpusThatPolledMakeAnotherSeriesAndTheHostsOwnIdleDoesNot() {
        EnvironmentRecord e = RUN.environment();
        SeriesKey k = key(RUN);
        EnvironmentRecord polled = new EnvironmentRecord(e.host(), e.cpuModel(), e.sockets(), e.cores(), e.threads(),
                e.memoryBytes(), e.os(), e.kernel(), e.jvm(), e.engineJvm(), e.runtime(), e.engineCpuset(),
                e.clientCpuset(), e.cpufreq(), "poll: a CPU latency request of 0 us held on /dev/cpu_dma_latency");
        EnvironmentRecord unchanged = new EnvironmentRecord(e.host(), e.cpuModel(), e.sockets(), e.cores(),
                e.threads(), e.memoryBytes(), e.os(), e.kernel(), e.jvm(), e.engineJvm(), e.runtime(),
                e.engineCpuset(), e.clientCpuset(), e.cpufreq(), "unchanged: cpuidle haltpoll, governor haltpoll");
        assertThat(key(with(polled)).settings()).endsWith(" cpu_idle=poll");
        assertThat(key(with(polled))).isNotEqualTo(k);
        // runs from before the field existed (null) and runs that left idle alone stay one series
        assertThat(key(with(unchanged))).isEqualTo(k);
    }

    @Test
    void anotherDataShapeOrStatementMixIsAnotherSeries() {
        SeriesKey k = key(RUN);
        assertThat(key(withSetting("workload.table_size", "1000000"))).isNotEqualTo(k);
        assertThat(key(withSetting("workload.tables", "8"))).isNotEqualTo(k);
        assertThat(key(withSetting("workload.rand_type", "pareto"))).isNotEqualTo(k);
        assertThat(key(withSetting("workload.point_selects", "100"))).isNotEqualTo(k);
        // How the client connects and reports is not what is measured.
        assertThat(key(withSetting("workload.report_interval", "5s"))).isEqualTo(k);
        assertThat(key(withSetting("measure.duration", "60s"))).isEqualTo(k);
    }

    @Test
    void anotherEngineSettingOrComparisonIsAnotherSeries() {
        ComparisonRecord c = RUN.comparisons().get(0);
        SideRecord p = c.patch();
        SideRecord bigger = new SideRecord(p.role(), p.revision(), p.commit(), p.treeId(), p.patchDiff(),
                Map.of("innodb_buffer_pool_size", "2G"), p.build());
        CellRecord cell = c.cells().get(0);
        assertThat(SeriesKey.of(RUN, new ComparisonRecord(c.name(), c.label(), c.parent(), bigger, c.cells()), cell))
                .isNotEqualTo(key(RUN));
        assertThat(SeriesKey.of(RUN, new ComparisonRecord(c.name(), "main nightly", c.parent(), p, c.cells()), cell))
                .isNotEqualTo(key(RUN));
    }

    @Test
    void aSegmentChangesWithHostKernelJvmsAndRunnerButNotWithTheAotCacheFile() {
        EnvironmentRecord e = RUN.environment();
        SeriesKey.Segment s = SeriesKey.Segment.of(RUN);
        assertThat(SeriesKey.Segment.of(with(env(e.host(), e.cpuModel(), e.cores(), e.memoryBytes(), e.kernel(),
                e.jvm(), List.of("-XX:AOTCache=/cache/aot/abc123.aot"))))).isEqualTo(s);
        assertThat(SeriesKey.Segment.of(with(env(e.host(), e.cpuModel(), e.cores(), e.memoryBytes(), "6.2.0", "J2",
                List.of("-Xmx4g")))).changesFrom(s)).extracting(SeriesKey.Drift::fact)
                .containsExactly("kernel", "jvm", "engine_jvm");
        RunRecord newer = new RunRecord(RUN.formatVersion(), RUN.runId(), RUN.name(), RUN.comments(),
                RUN.startedAt(), RUN.finishedAt(), RUN.status(), RUN.failure(), "0.2.0", RUN.definition(),
                RUN.environment(), RUN.comparisons(), RUN.warnings(), RUN.plannedMde(), RUN.adaptive(),
                RUN.judgement());
        assertThat(SeriesKey.Segment.of(newer).changesFrom(s))
                .containsExactly(new SeriesKey.Drift("runner", "0.1.0-SNAPSHOT", "0.2.0"));
        // The runner's commit (semver build metadata) changes every night on main: not a new segment.
        RunRecord anotherCommit = new RunRecord(RUN.formatVersion(), RUN.runId(), RUN.name(), RUN.comments(),
                RUN.startedAt(), RUN.finishedAt(), RUN.status(), RUN.failure(), "0.1.0-SNAPSHOT+g1a2b3c4d5e6f.dirty",
                RUN.definition(), RUN.environment(), RUN.comparisons(), RUN.warnings(), RUN.plannedMde(),
                RUN.adaptive(), RUN.judgement());
        assertThat(SeriesKey.Segment.of(anotherCommit)).isEqualTo(s);
    }
}

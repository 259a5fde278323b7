package org.taf.runner.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.config.ConfigLoader;
import org.taf.runner.config.LoadContext;
import org.taf.runner.config.TestDefinition;
import org.taf.runner.profile.HostInfo;
import org.taf.runner.results.HostFingerprint;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.NoiseRecord;
import org.taf.runner.results.ResultsFixtures;
import org.taf.runner.stats.StatsOptions;
import org.taf.runner.results.RunRecord;

/** The A/A definition of a calibration and the noise it derives from the measured iterations. */
class CalibratorTest {
    @TempDir
    Path dir;

    private TestDefinition load(String text) throws IOException {
        Files.writeString(dir.resolve("p.properties"), text);
        return new ConfigLoader(new LoadContext(dir, Map.of(), dir, dir)).load(Path.of("p.properties"), Map.of());
    }

    @Test
    void theAaRunMeasuresTheFirstParentAgainstItself() throws IOException {
        TestDefinition def = load("name = nightly\nparent = HEAD~3\npatch = HEAD\nworkload.threads = 1, 2\n");
        TestDefinition aa = Calibrator.aaDefinition(def);
        assertThat(aa.name()).isEqualTo("nightly-calibrate");
        assertThat(aa.comparisons()).singleElement().satisfies(c -> {
            assertThat(c.parent()).isEqualTo(def.comparisons().get(0).parent());
            assertThat(c.patch()).isEqualTo(def.comparisons().get(0).parent());
            assertThat(c.label()).isEqualTo("A/A HEAD~3");
        });
        assertThat(aa.workload()).isEqualTo(def.workload());
        assertThat(aa.measure()).isEqualTo(def.measure());
    }

    @Test
    void theNoiseOfEachCellComesFromItsJudgedComponents() throws IOException {
        FakeMeasurements m = new FakeMeasurements(new ManualClock(), Duration.ofMinutes(1), 0.05, 11)
                .cell("POINT_SELECT", 2, 1.0, 30).cell("OLTP_RO", 2, 1.0, 1);
        RunRecord r = ResultsFixtures.small();
        RunRecord run = Judgement.judge(ResultsFixtures.copy(r, "20261129-100000-x-calibrate", r.name(), r.startedAt(),
                r.finishedAt(), RunRecord.RunStatus.COMPLETED, null, m.comparisons(), List.of()),
                StatsOptions.defaults());
        HostFingerprint host = (new HostInfo("h", "CPU", 1, 2, 2, 8L << 30, "os", "6.1")).fingerprint();
        List<NoiseRecord> noise = NoiseUpdate.of(run, host, 1.0, 20.0);
        // 60 engine starts at 5% between-start noise, 1% per second within, 20 samples each; one A/A pair
        // (one start a side) has no between-start spread of either side: no estimate.
        assertThat(noise).hasSize(1);
        NoiseRecord ps = noise.stream().filter(n -> n.workload().equals("POINT_SELECT")).findFirst().orElseThrow();
        assertThat(ps.starts()).isEqualTo(60);
        assertThat(ps.betweenSd()).isBetween(0.04, 0.06);
        assertThat(ps.withinSd()).isBetween(0.008, 0.012);
        assertThat(ps.samplesPerStart()).isEqualTo(20);
        assertThat(ps.sampleSeconds()).isEqualTo(1.0);
        assertThat(ps.startSeconds()).isPositive();
        assertThat(ps.hostFingerprint()).isEqualTo(host.id());
        assertThat(ps.host()).isEqualTo(host.describe());
        assertThat(ps.runId()).isEqualTo("20261129-100000-x-calibrate");
        assertThat(noise).noneMatch(n -> n.workload().equals("OLTP_RO"));
        // The pairs' own spread, under the design the cell was measured with, as the verdict computed it.
        CellRecord cell = run.comparisons().get(0).cells().stream().filter(c -> c.workload().equals("POINT_SELECT"))
                .findFirst().orElseThrow();
        assertThat(ps.designs()).singleElement().satisfies(d -> {
            assertThat(d.mode()).isEqualTo(cell.mode());
            assertThat(d.windowSeconds()).isEqualTo(20.0);
            assertThat(d.pairSd()).isEqualTo(cell.verdict().tps().sdLog());
            assertThat(d.pairs()).isEqualTo(cell.verdict().tps().pairs()).isEqualTo(30);
            assertThat(d.startSeconds()).isEqualTo(ps.startSeconds());
        });
    }
}

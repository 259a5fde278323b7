package org.taf.runner.warmup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CpuTraceTest {
    @TempDir
    Path dir;

    @Test
    void readsTheRecordedTrace() throws Exception {
        CpuTrace trace = CpuTrace.readCsv(Fixtures.file("mariadb-point-select.csv"));
        assertThat(trace.samples()).hasSizeGreaterThan(100);
        assertThat(trace.samples().get(0).phase()).isEqualTo("idle");
        CpuTrace run = trace.phase("run");
        assertThat(run.samples().get(0).elapsed()).isEqualTo(Duration.ZERO);
        assertThat(run.samples().get(0).cpuSeconds()).isZero();
        assertThat(run.length()).isGreaterThan(Duration.ofSeconds(80));
    }

    @Test
    void badRowsNameFileAndLine() throws Exception {
        Path csv = Files.writeString(dir.resolve("t.csv"), "# made by hand\nelapsed_s,cpu_seconds\n0,0\n1,x\n");
        assertThatThrownBy(() -> CpuTrace.readCsv(csv)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("t.csv:4").hasMessageContaining("'1,x'");
        Path header = Files.writeString(dir.resolve("h.csv"), "time,cpu\n0,0\n");
        assertThatThrownBy(() -> CpuTrace.readCsv(header))
                .hasMessageContaining("h.csv:1")
                .hasMessageContaining("expected header");
    }

    @Test
    void timeMustIncreaseAndCpuMustNotDecrease() throws Exception {
        Path csv = Files.writeString(dir.resolve("t.csv"), "elapsed_s,cpu_seconds\n0,5\n1,4\n");
        assertThatThrownBy(() -> CpuTrace.readCsv(csv)).hasMessageContaining("t.csv").hasMessageContaining("reading 2");
    }

    @Test
    void replayInterpolatesBetweenReadings() {
        ManualTime time = new ManualTime();
        ReplayCpuSampler replay = new ReplayCpuSampler(CpuTrace.ofPercents(Duration.ofSeconds(1), 100, 200), time);
        assertThat(replay.cpuSeconds()).isZero();
        time.advance(Duration.ofMillis(500));
        assertThat(replay.cpuSeconds()).isCloseTo(0.5, within(1e-9));
        time.advance(Duration.ofMillis(1000));
        assertThat(replay.cpuSeconds()).isCloseTo(2.0, within(1e-9));
        time.advance(Duration.ofMillis(500));
        assertThat(replay.cpuSeconds()).isCloseTo(3.0, within(1e-9));
        time.advance(Duration.ofMillis(1));
        assertThatThrownBy(replay::cpuSeconds)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("past the end");
    }

    @Test
    void unknownPhaseIsAnError() throws Exception {
        CpuTrace trace = CpuTrace.readCsv(Fixtures.file("mariadb-point-select.csv"));
        assertThatThrownBy(() -> trace.phase("warm")).hasMessageContaining("no readings in phase 'warm'");
    }
}

package org.taf.runner.warmup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.stream.DoubleStream;
import org.junit.jupiter.api.Test;
import org.taf.runner.sys.CpuSampler;
import org.taf.runner.sys.SysException;

class RestDetectorTest {
    private static final Duration SECOND = Duration.ofSeconds(1);
    private final ManualTime time = new ManualTime();

    // low 30, high 90, 3 counted samples, at most 12 attempts
    private RestTrace run(double... percents) throws InterruptedException {
        RestOptions options = new RestOptions(true, 30, 90, 3, 12, SECOND);
        CpuSampler engine = new ReplayCpuSampler(CpuTrace.ofPercents(SECOND, percents), time);
        return new RestDetector(options).await(engine, time, time);
    }

    @Test
    void restsAfterConsecutiveLowSamples() throws Exception {
        RestTrace t = run(80, 10, 20, 30, 99, 99);
        assertThat(t.rested()).isTrue();
        assertThat(t.samples()).hasSize(4); // 80 (between), then 10, 20 and 30 (at low counts)
        assertThat(t.took()).isEqualTo(Duration.ofSeconds(4));
    }

    @Test
    void aSampleAtOrAboveHighResetsTheCount() throws Exception {
        RestTrace t = run(10, 20, 90, 10, 20, 5, 99);
        assertThat(t.rested()).isTrue();
        assertThat(t.samples()).hasSize(6);
    }

    @Test
    void samplesBetweenLowAndHighNeitherCountNorReset() throws Exception {
        RestTrace t = run(10, 50, 89.9, 20, 60, 30, 99);
        assertThat(t.rested()).isTrue();
        assertThat(t.samples()).extracting(CpuPoint::cpuPercent).hasSize(6);
    }

    @Test
    void givesUpAfterMaxAttempts() throws Exception {
        RestTrace t = run(DoubleStream.generate(() -> 95).limit(20).toArray());
        assertThat(t.rested()).isFalse();
        assertThat(t.samples()).hasSize(12);
        assertThat(t.took()).isEqualTo(Duration.ofSeconds(12));
        assertThat(time.sleeps()).hasSize(12).allMatch(SECOND::equals);
    }

    @Test
    void resetsKeepItFromResting() throws Exception {
        // two low samples then a high one, over and over: never three
        RestTrace t = run(10, 10, 95, 10, 10, 95, 10, 10, 95, 10, 10, 95, 10, 10);
        assertThat(t.rested()).isFalse();
    }

    @Test
    void anIdleRecordedEngineRests() throws Exception {
        CpuTrace idle = CpuTrace.readCsv(Fixtures.file("mariadb-point-select.csv")).phase("idle");
        RestTrace t = new RestDetector(RestOptions.TAF).await(new ReplayCpuSampler(idle, time), time, time);
        assertThat(t.rested()).isTrue();
        assertThat(t.samples()).hasSize(10);
    }

    @Test
    void aLoadedRecordedEngineDoesNotRest() throws Exception {
        CpuTrace run = CpuTrace.readCsv(Fixtures.file("mariadb-point-select.csv")).phase("run");
        RestTrace t = new RestDetector(new RestOptions(true, 30, 90, 3, 80, SECOND))
                .await(new ReplayCpuSampler(run, time), time, time);
        assertThat(t.rested()).isFalse();
        assertThat(t.samples()).hasSize(80);
    }

    @Test
    void anEngineThatDisappearsIsAnError() {
        CpuSampler gone = () -> {
            throw new SysException("engine process 77 is gone (/proc/77/stat does not exist)");
        };
        assertThatThrownBy(() -> new RestDetector(RestOptions.DEFAULTS).await(gone, time, time))
                .isInstanceOf(SysException.class).hasMessageContaining("77");
    }

    @Test
    void optionsAreValidatedWithKeyValueAndRule() {
        assertThatThrownBy(() -> new RestOptions(true, 50, 40, 10, 800, SECOND))
                .hasMessage("rest.high_pct (40.0) must be above rest.low_pct (50.0)");
        assertThatThrownBy(() -> new RestOptions(true, -1, 90, 10, 800, SECOND))
                .hasMessageContaining("rest.low_pct (-1.0)");
        assertThatThrownBy(() -> new RestOptions(true, 30, 90, 0, 800, SECOND))
                .hasMessage("rest.consecutive (0) must be at least 1");
        assertThatThrownBy(() -> new RestOptions(true, 30, 90, 10, 5, SECOND))
                .hasMessage("rest.max_attempts (5) must be at least rest.consecutive (10)");
        assertThatThrownBy(() -> new RestOptions(true, 30, 90, 10, 800, Duration.ofSeconds(-1)))
                .hasMessage("rest.interval (-1s) must be positive");
        assertThatThrownBy(() -> new RestOptions(true, Double.NaN, 90, 10, 800, SECOND))
                .hasMessageContaining("rest.low_pct (NaN)");
    }
}

package org.taf.runner.warmup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.taf.runner.sys.Sleeper;

class SettleDetectorTest {
    private static final Duration SECOND = Duration.ofSeconds(1);
    // window 10 s, cv <= 5 %, slope <= 5 %, min 30 s, max 120 s
    private static final SettleOptions OPTIONS = new SettleOptions(Duration.ofSeconds(10), SECOND, 5, 5,
            Duration.ofSeconds(30), Duration.ofSeconds(120));

    private final ManualTime time = new ManualTime();

    private WarmupTrace warmUp(SettleOptions options, CpuTrace trace) throws InterruptedException {
        return Warmup.untilCpuSettles(options).warmUp(FakeTarget.cpu(new ReplayCpuSampler(trace, time)), time, time);
    }

    private static CpuTrace percents(int seconds, java.util.function.IntToDoubleFunction pct) {
        return CpuTrace.ofPercents(SECOND, IntStream.range(0, seconds).mapToDouble(pct).toArray());
    }

    @Test
    void aFlatLoadSettlesAtMin() throws Exception {
        WarmupTrace t = warmUp(OPTIONS, percents(200, i -> 100));
        assertThat(t.settled()).isTrue();
        assertThat(t.cutAt()).isEqualTo(Duration.ofSeconds(30));
        assertThat(t.samples()).hasSize(30);
        assertThat(t.reason())
                .isEqualTo("settled at 30s: cv 0.0% <= 5%, slope +0.0% <= 5% over the last 10s (mean 100%)");
    }

    @Test
    void aRampSettlesAfterTheRampEnds() throws Exception {
        // 20 % -> 100 % over the first 60 s, then 100 % +- 2 %
        SettleOptions early = new SettleOptions(Duration.ofSeconds(10), SECOND, 5, 5, Duration.ofSeconds(10),
                Duration.ofSeconds(120));
        WarmupTrace t = warmUp(early, percents(200, i -> i < 60 ? 20 + 80.0 * i / 60 : 100 + (i % 2 == 0 ? 2 : -2)));
        assertThat(t.settled()).isTrue();
        // not while the ramp is in the window, and at most one window after it ends
        assertThat(t.cutAt()).isBetween(Duration.ofSeconds(61), Duration.ofSeconds(71));
    }

    @Test
    void aNoisyLoadNeverSettlesAndIsFlagged() throws Exception {
        WarmupTrace t = warmUp(OPTIONS, percents(200, i -> i % 2 == 0 ? 50 : 150));
        assertThat(t.settled()).isFalse();
        assertThat(t.cutAt()).isEqualTo(Duration.ofSeconds(120));
        assertThat(t.samples()).hasSize(120);
        assertThat(t.reason()).startsWith("not settled by warmup.max (2m): cv 52.7% > 5%");
    }

    @Test
    void aSlowDriftWithLowNoiseIsCaughtByTheSlope() throws Exception {
        // +0.7 % a second, compounding: within 10 s the cv stays near 2 % but the load drifts 7 % per window
        WarmupTrace t = warmUp(OPTIONS, percents(200, i -> 100 * Math.pow(1.007, i)));
        assertThat(t.settled()).isFalse();
        assertThat(t.reason()).contains("cv 2.").contains("<= 5%, slope +");
    }

    @Test
    void anEngineDoingNothingIsNotSettled() throws Exception {
        WarmupTrace t = warmUp(OPTIONS, percents(200, i -> 0));
        assertThat(t.settled()).isFalse();
        assertThat(t.reason()).contains("used no CPU");
    }

    @Test
    void theRecordedMariadbRunSettlesAtMin() throws Exception {
        CpuTrace run = CpuTrace.readCsv(Fixtures.file("mariadb-point-select.csv")).phase("run");
        WarmupTrace t = warmUp(SettleOptions.DEFAULTS.withMax(Duration.ofSeconds(80)), run);
        // point selects on a 400k-row data set warm up within the first second: steady from the start
        assertThat(t.settled()).isTrue();
        assertThat(t.cutAt()).isEqualTo(Duration.ofSeconds(10));
        assertThat(t.reason()).startsWith("settled at 10s: cv 1.8% <= 5%");
    }

    @Test
    void theRecordedStepFromIdleToLoadIsNotSettledWhileInTheWindow() throws Exception {
        // from 10 s of the recording: 5-6 s idle, then sysbench starts (the load steps from 0 to ~113 %)
        CpuTrace step = CpuTrace.readCsv(Fixtures.file("mariadb-point-select.csv")).from(Duration.ofSeconds(10));
        SettleOptions noMin = SettleOptions.DEFAULTS.withMax(Duration.ofSeconds(80)).withMin(Duration.ZERO);
        WarmupTrace t = warmUp(noMin, step);
        assertThat(t.settled()).isTrue();
        // the load starts in the interval ending at 6 s; the first window without idle seconds ends 10 s later
        assertThat(t.cutAt()).isBetween(Duration.ofSeconds(15), Duration.ofSeconds(17));
        assertThat(t.samples().get(3).cpuPercent()).isZero();
    }

    @Test
    void aOneSecondDipFromAnotherJobDelaysSettling() throws Exception {
        // recorded: the engine's CPU dropped for a second at ~19 s and ~22 s of the run (another job)
        CpuTrace run = CpuTrace.readCsv(Fixtures.file("mariadb-point-select.csv")).phase("run");
        SettleOptions late = SettleOptions.DEFAULTS.withMax(Duration.ofSeconds(80)).withMin(Duration.ofSeconds(19));
        WarmupTrace t = warmUp(late, run);
        assertThat(t.settled()).isTrue();
        assertThat(t.cutAt()).isEqualTo(Duration.ofSeconds(31));
    }

    @Test
    void theRecordedRunIsTooNoisyForAVeryStrictLimit() throws Exception {
        CpuTrace run = CpuTrace.readCsv(Fixtures.file("mariadb-point-select.csv")).phase("run");
        SettleOptions strict = new SettleOptions(Duration.ofSeconds(10), SECOND, 0.5, 5, Duration.ofSeconds(10),
                Duration.ofSeconds(80));
        WarmupTrace t = warmUp(strict, run);
        assertThat(t.settled()).isFalse();
        assertThat(t.cutAt()).isEqualTo(Duration.ofSeconds(80));
    }

    @Test
    void windowStatisticsByHand() {
        List<CpuPoint> w = List.of(new CpuPoint(Duration.ofSeconds(1), 0, 10),
                new CpuPoint(Duration.ofSeconds(2), 0, 20),
                new CpuPoint(Duration.ofSeconds(3), 0, 30));
        WindowStats s = WindowStats.of(w, Duration.ofSeconds(3));
        assertThat(s.mean()).isCloseTo(20, within(1e-9));
        assertThat(s.cvPct()).isCloseTo(50, within(1e-9)); // sd 10 / mean 20
        assertThat(s.slopePct()).isCloseTo(150, within(1e-9)); // 10 %/s x 3 s / 20
    }

    @Test
    void interruptionStopsTheWarmUp() {
        Sleeper interrupted = d -> {
            throw new InterruptedException("workload failed");
        };
        assertThatThrownBy(() -> Warmup.untilCpuSettles(OPTIONS).warmUp(FakeTarget.cpu(() -> 0), time, interrupted))
                .isInstanceOf(InterruptedException.class);
    }

    @Test
    void optionsAreValidatedWithKeyValueAndRule() {
        Duration s10 = Duration.ofSeconds(10);
        assertThatThrownBy(() -> new SettleOptions(s10, SECOND, 5, 5, s10, Duration.ofSeconds(-1)))
                .hasMessage("warmup.max (-1s) must be positive");
        assertThatThrownBy(() -> new SettleOptions(Duration.ofSeconds(2), SECOND, 5, 5, s10, Duration.ofMinutes(2)))
                .hasMessage("warmup.window (2s) must be at least 3 x warmup.interval (1s)");
        assertThatThrownBy(() -> new SettleOptions(s10, SECOND, 5, 5, Duration.ofSeconds(30), Duration.ofSeconds(20)))
                .hasMessage("warmup.max (20s) must be at least warmup.min (30s)");
        assertThatThrownBy(() -> new SettleOptions(Duration.ofSeconds(30), SECOND, 5, 5, Duration.ZERO,
                        Duration.ofSeconds(20)))
                .hasMessage("warmup.max (20s) must be at least warmup.window (30s)");
        assertThatThrownBy(() -> new SettleOptions(s10, SECOND, 0, 5, s10, Duration.ofMinutes(2)))
                .hasMessage("warmup.max_cv_pct (0.0) must be a positive number");
        assertThatThrownBy(() -> new SettleOptions(s10, SECOND, 5, -3, s10, Duration.ofMinutes(2)))
                .hasMessage("warmup.max_slope_pct (-3.0) must be a positive number");
        assertThatThrownBy(() -> new SettleOptions(s10, Duration.ZERO, 5, 5, s10, Duration.ofMinutes(2)))
                .hasMessage("warmup.interval (0s) must be positive");
        assertThatThrownBy(() -> new SettleOptions(s10, SECOND, 5, 5, Duration.ofSeconds(-5), Duration.ofMinutes(2)))
                .hasMessage("warmup.min (-5s) must not be negative");
    }
}

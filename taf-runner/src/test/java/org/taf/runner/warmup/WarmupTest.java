package org.taf.runner.warmup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.taf.runner.results.WarmupMode;
import org.taf.runner.sys.Sleeper;
import org.taf.runner.sys.SysException;

/**
 * The one warm-up vocabulary: each strategy readies and runs the target's load its own way, is bounded by
 * {@code warmup.max}, and ends in one trace.
 */
class WarmupTest {
    /** 500 ms intervals, a 1.5 s window, from 1 s to 10 s. */
    private static final SettleOptions HALF_SECOND = new SettleOptions(Duration.ofMillis(1500),
            Duration.ofMillis(500), 5, 2, Duration.ofSeconds(1), Duration.ofSeconds(10));
    /** The rules fed by the load never wait on a clock of their own. */
    private static final Sleeper NEVER = d -> {
        throw new AssertionError("slept " + d);
    };

    private final ManualTime time = new ManualTime();

    @Test
    void settleDescribesItsLimits() {
        assertThat(Warmup.untilCpuSettles(SettleOptions.DEFAULTS).describe())
                .isEqualTo("until CPU settles (window 10s, cv <= 5%, slope <= 2%, min 10s, max 2m)");
    }

    @Test
    void everyStrategySaysItsModeAndIsBoundedByWarmupMax() {
        assertThat(Warmup.none().mode()).isEqualTo(WarmupMode.NONE);
        assertThat(Warmup.none().timeout()).isZero();
        assertThat(Warmup.untilCpuSettles(HALF_SECOND).mode().label()).isEqualTo("settle");
        assertThat(Warmup.untilTpsSettles(HALF_SECOND).mode().label()).isEqualTo("tps");
        assertThat(Warmup.untilJitQuiet(HALF_SECOND, 5).mode().label()).isEqualTo("jit");
        for (Warmup w : new Warmup[] {Warmup.untilCpuSettles(HALF_SECOND), Warmup.untilTpsSettles(HALF_SECOND),
            Warmup.untilJitQuiet(HALF_SECOND, 5)}) {
            assertThat(w.timeout()).as(w.describe()).isEqualTo(Duration.ofSeconds(10));
        }
        assertThat(Warmup.untilTpsSettles(HALF_SECOND).describe())
                .isEqualTo("until TPS settles (window 1.5s, cv <= 5%, slope <= 2%, min 1s, max 10s)");
        assertThat(Warmup.untilJitQuiet(HALF_SECOND, 2.5).describe())
                .isEqualTo("until the JIT is quiet (window 1.5s, compiler threads <= 2.5% of a CPU, min 1s, max 10s)");
    }

    @Test
    void noneTouchesNeitherTheEngineNorItsLoad() throws Exception {
        FakeTarget target = FakeTarget.load(0.5, 10, t -> 100, () -> 0);
        WarmupTrace t = Warmup.none().warmUp(target, time, NEVER);
        assertThat(t).isEqualTo(WarmupTrace.NOT_REACHED);
        assertThat(t.mode().label()).isEqualTo("none");
        assertThat(t.reason()).isEqualTo("not reached");
        assertThat(target.calls()).isEmpty();
    }

    @Test
    void theCpuSettleRunsTheLoadBesideItsWatchAndLetsItGoOnWhenSettled() throws Exception {
        ManualTime t0 = time;
        long origin = t0.nanoTime();
        // 50% of a CPU from the start: settled at min
        FakeTarget target = FakeTarget.cpu(() -> 0.5 * (t0.nanoTime() - origin) / 1e9);
        WarmupTrace t = Warmup.untilCpuSettles(HALF_SECOND.withMin(Duration.ofSeconds(3))).warmUp(target, time, time);
        assertThat(t.mode()).isEqualTo(WarmupMode.CPU);
        assertThat(t.settled()).isTrue();
        assertThat(t.cutAtSeconds()).isEqualTo(3.0);
        assertThat(t.samples()).hasSize(6).allSatisfy(p -> assertThat(p.cpuPercent()).isEqualTo(50));
        assertThat(t.reason()).isEqualTo("settled at 3s: cv 0.0% <= 5%, slope +0.0% <= 2% over the last 1.5s"
                + " (mean 50%)");
        // readied on this thread first; the load runs on another until the watch lets it go on
        assertThat(target.calls().get(0)).isEqualTo("open");
        assertThat(target.calls()).containsExactlyInAnyOrder("open", "run", "warmed up");
    }

    @Test
    void aCpuWatchThatFailsStopsTheLoad() {
        FakeTarget target = FakeTarget.cpu(() -> {
            throw new SysException("cannot read /proc/42/stat: the engine is gone");
        });
        assertThatThrownBy(() -> Warmup.untilCpuSettles(HALF_SECOND).warmUp(target, time, time))
                .isInstanceOf(SysException.class).hasMessageContaining("the engine is gone");
        assertThat(target.calls()).contains("open", "stop").doesNotContain("warmed up");
    }

    @Test
    void theTpsRuleJudgesTheLoadsOwnIntervalsWithoutAClock() throws Exception {
        // 40k -> 170k over 3 s, then flat
        FakeTarget target = FakeTarget.load(0.5, 20, s -> s <= 3 ? 40_000 + 130_000 * s / 3 : 170_000, () -> 0);
        WarmupTrace t = Warmup.untilTpsSettles(HALF_SECOND).warmUp(target, time, NEVER);
        assertThat(t.mode()).isEqualTo(WarmupMode.TPS);
        assertThat(t.settled()).isTrue();
        assertThat(t.cutAtSeconds()).isEqualTo(4.0); // the first flat 1.5 s: samples at 3.0, 3.5 and 4.0 s
        assertThat(t.reason()).startsWith("TPS settled at 4.0s: cv 0.0%");
        assertThat(t.samples()).as("the load's listener reads the CPU").isEmpty();
        assertThat(target.calls()).containsExactly("open", "run with a rule");
        assertThat(target.reported).isEqualTo(8);
    }

    @Test
    void theJitRuleReadsTheCompilersBeforeTheLoadIsReadied() throws Exception {
        double[] seconds = {0.8, 0.25, 0.25, 0.0, 0.0, 0.0};
        int[] i = {0};
        FakeTarget target = FakeTarget.load(0.5, 20, s -> 100_000,
                () -> i[0] < seconds.length ? seconds[i[0]++] : 0);
        WarmupTrace t = Warmup.untilJitQuiet(HALF_SECOND, 5).warmUp(target, time, NEVER);
        assertThat(t.mode()).isEqualTo(WarmupMode.JIT);
        assertThat(t.settled()).isTrue();
        assertThat(t.cutAtSeconds()).isEqualTo(2.5); // quiet over 1.5-2.5 s
        assertThat(t.reason()).startsWith("JIT quiet at 2.5s");
        assertThat(target.calls()).containsExactly("jit", "open", "run with a rule");
    }

    @Test
    void aWarmUpTooShortForThreeSamplesRunsTheLoadForItsTimeAndIsNotFlagged() throws Exception {
        // 1 s of 500 ms samples: no settle test can judge 2 samples, whatever the load does.
        SettleOptions second = new SettleOptions(Duration.ofSeconds(1), Duration.ofMillis(500), 5, 2,
                Duration.ofSeconds(1), Duration.ofSeconds(1));
        WarmupOptions options = new WarmupOptions(true, WarmupSignal.TPS, 1, second, 5);
        Warmup w = options.strategy();
        assertThat(w.mode()).isEqualTo(WarmupMode.FIXED);
        assertThat(w.timeout()).isEqualTo(Duration.ofSeconds(1));
        FakeTarget target = FakeTarget.load(0.5, 20, s -> s < 0.6 ? 10_000 : 90_000, () -> 0);
        WarmupTrace t = w.warmUp(target, time, NEVER);
        assertThat(t.mode()).isEqualTo(WarmupMode.FIXED);
        assertThat(t.settled()).isTrue();
        assertThat(t.cutAtSeconds()).isEqualTo(1.0);
        assertThat(t.reason()).isEqualTo("a fixed warm-up of 1s (too short for a settle test's 3 samples)");
        assertThat(target.reported).isEqualTo(2);
        assertThat(new WarmupOptions(true, WarmupSignal.TPS, 1, HALF_SECOND, 5).strategy().mode())
                .as("3 samples or more: judged").isEqualTo(WarmupMode.TPS);
    }

    @Test
    void aLoadThatEndsFirstLeavesTheRuleNotOver() throws Exception {
        FakeTarget target = FakeTarget.load(0.5, 0.5, s -> 100_000, () -> 0);
        WarmupTrace t = Warmup.untilTpsSettles(HALF_SECOND).warmUp(target, time, NEVER);
        assertThat(t.settled()).isFalse();
        assertThat(t.cutAtSeconds()).isZero();
        assertThat(t.reason()).isEqualTo("not over");
    }

    @Test
    void theJitLimitIsRefusedWhenTheWarmupIsMade() {
        assertThatThrownBy(() -> Warmup.untilJitQuiet(HALF_SECOND, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("warmup.max_jit_pct (0.0) must be a positive number");
    }
}

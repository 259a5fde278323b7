package org.taf.runner.warmup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class WarmupTest {
    private final ManualTime time = new ManualTime();

    @Test
    void fixedRunsForItsDurationAndRecordsCpu() throws Exception {
        CpuSampler engine = new ReplayCpuSampler(CpuTrace.ofPercents(Duration.ofSeconds(1), 10, 20, 30, 40, 50, 60), time);
        SettleTrace t = Warmup.fixed(Duration.ofSeconds(5)).warmUp(engine, time, time);
        assertThat(t.settled()).isTrue();
        assertThat(t.cutAt()).isEqualTo(Duration.ofSeconds(5));
        assertThat(t.samples()).extracting(p -> Math.round(p.cpuPercent())).containsExactly(10L, 20L, 30L, 40L, 50L);
        assertThat(t.reason()).isEqualTo("fixed warm-up of 5s (settling not checked)");
        assertThat(Warmup.fixed(Duration.ofSeconds(5)).describe()).isEqualTo("fixed 5s");
    }

    @Test
    void fixedShorterThanASecondSamplesOnce() throws Exception {
        SettleTrace t = Warmup.fixed(Duration.ofMillis(300)).warmUp(() -> 0, time, time);
        assertThat(t.samples()).hasSize(1);
        assertThat(time.sleeps()).containsExactly(Duration.ofMillis(300));
    }

    @Test
    void fixedMustBePositive() {
        assertThatThrownBy(() -> Warmup.fixed(Duration.ZERO)).hasMessage("warmup.duration (0s) must be positive");
    }

    @Test
    void noneTakesNoTimeAndNoSamples() throws Exception {
        SettleTrace t = Warmup.none().warmUp(() -> {
            throw new AssertionError("must not sample");
        }, time, time);
        assertThat(t.samples()).isEmpty();
        assertThat(t.settled()).isTrue();
        assertThat(t.cutAt()).isZero();
        assertThat(time.sleeps()).isEmpty();
    }

    @Test
    void settleDescribesItsLimits() {
        assertThat(Warmup.untilCpuSettles(SettleOptions.DEFAULTS).describe())
                .isEqualTo("until CPU settles (window 10s, cv <= 5%, slope <= 2%, min 10s, max 2m)");
    }
}

package org.taf.runner.warmup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.taf.runner.sys.CpuSampler;
import org.taf.runner.sys.SysException;

class CpuMeterTest {
    private final ManualTime time = new ManualTime();

    @Test
    void percentIsCpuSecondsOverWallSeconds() throws Exception {
        // 150% for 2 s, then 50% for 2 s
        CpuSampler engine = new ReplayCpuSampler(CpuTrace.ofPercents(Duration.ofSeconds(1), 150, 150, 50, 50), time);
        CpuMeter meter = new CpuMeter(engine, time, time, Duration.ofSeconds(2));
        CpuPoint first = meter.next();
        assertThat(first.elapsed()).isEqualTo(Duration.ofSeconds(2));
        assertThat(first.cpuSeconds()).isCloseTo(3.0, within(1e-9));
        assertThat(first.cpuPercent()).isCloseTo(150, within(1e-9));
        CpuPoint second = meter.next();
        assertThat(second.elapsed()).isEqualTo(Duration.ofSeconds(4));
        assertThat(second.cpuPercent()).isCloseTo(50, within(1e-9));
    }

    @Test
    void keepsAFixedScheduleWhenReadsTakeTime() throws Exception {
        CpuSampler slowRead = () -> {
            time.advance(Duration.ofMillis(100)); // each read costs 100 ms
            return 0;
        };
        CpuMeter meter = new CpuMeter(slowRead, time, time, Duration.ofSeconds(1));
        meter.next();
        meter.next();
        meter.next();
        // the baseline read cost 100 ms, so the first sleep is 900 ms; later ones too: no drift
        assertThat(time.sleeps())
                .containsExactly(Duration.ofMillis(900), Duration.ofMillis(900), Duration.ofMillis(900));
    }

    @Test
    void reAnchorsInsteadOfBurstingWhenBehind() throws Exception {
        CpuMeter meter = new CpuMeter(() -> 0, time, time, Duration.ofSeconds(1));
        meter.next();
        time.advance(Duration.ofSeconds(5)); // the host stalled
        CpuPoint late = meter.next();
        meter.next();
        assertThat(late.elapsed()).isEqualTo(Duration.ofSeconds(6));
        assertThat(time.sleeps()).containsExactly(Duration.ofSeconds(1), Duration.ofSeconds(1));
    }

    @Test
    void rejectsANonPositiveInterval() {
        assertThatThrownBy(() -> new CpuMeter(() -> 0, time, time, Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("(0s) must be positive");
    }

    @Test
    void aSamplerFailurePropagates() {
        CpuMeter meter = new CpuMeter(() -> {
            throw new SysException("engine process 9 is gone");
        }, time, time, Duration.ofSeconds(1));
        assertThatThrownBy(meter::next).isInstanceOf(SysException.class).hasMessageContaining("9 is gone");
    }
}

package org.taf.runner.warmup;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The warm-up on the load's own throughput: a JIT ramp settles where it flattens; a noisy load gives up at max. */
class TpsSettleTest {
    private static final SettleOptions HALF_SECOND = new SettleOptions(Duration.ofSeconds(2), Duration.ofMillis(500),
            5, 3, Duration.ofSeconds(1), Duration.ofSeconds(10));

    @Test
    void aJitRampSettlesWhereItFlattens() {
        TpsSettle s = new TpsSettle(HALF_SECOND);
        double t = 0;
        // 40k -> 170k over 3 s, then flat at 170k +-1%
        while (!s.offer(t += 0.5, t <= 3 ? 40_000 + 130_000 * t / 3 : 170_000 * (1 + 0.01 * Math.sin(t * 7)))) {
            assertThat(t).isLessThan(10);
        }
        assertThat(s.settled()).isTrue();
        // the first 2 s window (4 samples) on the plateau: samples at 3.0 .. 4.5 s
        assertThat(s.cutAtSeconds()).isBetween(4.5, 5.5);
        assertThat(s.reason()).startsWith("TPS settled at 4.5s: cv ").contains("(mean 169");
        assertThat(s.offer(t + 0.5, 1)).as("later samples are ignored").isTrue();
        assertThat(s.cutAtSeconds()).isBetween(4.5, 5.5);
    }

    @Test
    void notBeforeMin() {
        SettleOptions late = HALF_SECOND.withMin(Duration.ofSeconds(4));
        TpsSettle s = new TpsSettle(late);
        double t = 0;
        while (!s.offer(t += 0.5, 100_000)) {
            assertThat(t).isLessThan(10);
        }
        assertThat(s.cutAtSeconds()).isEqualTo(4.0);
    }

    @Test
    void aLoadThatNeverSettlesIsFlaggedAtMax() {
        TpsSettle s = new TpsSettle(HALF_SECOND);
        double t = 0;
        int i = 0;
        while (!s.offer(t += 0.5, i++ % 2 == 0 ? 50_000 : 100_000)) {
            assertThat(t).isLessThan(11);
        }
        assertThat(s.settled()).isFalse();
        assertThat(s.cutAtSeconds()).isEqualTo(10.0);
        assertThat(s.reason()).startsWith("TPS not settled by warmup.max (10s): cv ");
        TpsSettle idle = new TpsSettle(HALF_SECOND);
        t = 0;
        while (!idle.offer(t += 0.5, 0)) {
            assertThat(t).isLessThan(11);
        }
        assertThat(idle.reason()).contains("no transactions over the last 2s");
    }
}

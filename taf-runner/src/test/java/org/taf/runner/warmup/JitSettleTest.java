package org.taf.runner.warmup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The warm-up on the JIT's quiet: it ends in the first window in which the compilers rest, however noisy
 * the throughput; not before min; flagged at max while they keep compiling; and the throughput rule
 * decides where no compiler thread is visible.
 */
class JitSettleTest {
    /** 500 ms samples, a 1.5 s window (3 samples), from 1 s to 10 s. */
    private static final SettleOptions OPTIONS = new SettleOptions(Duration.ofMillis(1500), Duration.ofMillis(500),
            5, 2, Duration.ofSeconds(1), Duration.ofSeconds(10));

    /** The compilers' CPU seconds per call: the first value is what they used before the load. */
    private static java.util.function.DoubleSupplier jit(Double... seconds) {
        Deque<Double> q = new ArrayDeque<>(List.of(seconds));
        return () -> q.isEmpty() ? 0 : q.removeFirst();
    }

    @Test
    void endsInTheFirstWindowTheCompilersRestHoweverNoisyTheThroughput() {
        // before the load 0.8 s; then C2 at 50% of a CPU (0.25 s per 500 ms) for 3 s, then quiet
        JitSettle s = new JitSettle(OPTIONS, 5, jit(0.8, 0.25, 0.25, 0.25, 0.25, 0.25, 0.25, 0.0, 0.01, 0.0, 0.0));
        double t = 0;
        int i = 0;
        // throughput that a TPS rule would never call flat: +-15% every sample
        while (!s.offer(t += 0.5, 0.5, i++ % 2 == 0 ? 85_000 : 115_000)) {
            assertThat(t).isLessThan(10);
        }
        assertThat(s.settled()).isTrue();
        assertThat(s.cutAtSeconds()).isEqualTo(4.5); // the window 3.5-4.5 s holds 0.01 s: 0.7% of a CPU
        assertThat(s.reason()).isEqualTo("JIT quiet at 4.5s: compiler threads 0.7% of a CPU <= 5% over the last 1.5s"
                + " (mean 95000 TPS)");
        assertThat(s.mode().label()).isEqualTo("jit");
        assertThat(s.offer(t + 0.5, 0.5, 1)).as("later samples are ignored").isTrue();
        assertThat(s.cutAtSeconds()).isEqualTo(4.5);
    }

    @Test
    void notBeforeMin() {
        JitSettle s = new JitSettle(OPTIONS.withMin(Duration.ofSeconds(3)), 5, jit(0.0));
        double t = 0;
        while (!s.offer(t += 0.5, 0.5, 100_000)) {
            assertThat(t).isLessThan(10);
        }
        assertThat(s.cutAtSeconds()).isEqualTo(3.0);
    }

    @Test
    void compilersThatNeverRestAreFlaggedAtMax() {
        JitSettle s = new JitSettle(OPTIONS, 5, () -> 0.05); // 10% of a CPU, every sample
        double t = 0;
        while (!s.offer(t += 0.5, 0.5, 100_000)) {
            assertThat(t).isLessThan(11);
        }
        assertThat(s.settled()).isFalse();
        assertThat(s.cutAtSeconds()).isEqualTo(10.0);
        assertThat(s.reason()).isEqualTo("JIT not quiet by warmup.max (10s): compiler threads 10.0% of a CPU > 5%"
                + " over the last 1.5s (mean 100000 TPS)");
    }

    @Test
    void withoutVisibleCompilersTheThroughputDecides() {
        JitSettle s = new JitSettle(OPTIONS, 5, () -> -1);
        double t = 0;
        // 40k -> 170k over 3 s, then flat
        while (!s.offer(t += 0.5, 0.5, t <= 3 ? 40_000 + 130_000 * t / 3 : 170_000)) {
            assertThat(t).isLessThan(10);
        }
        assertThat(s.settled()).isTrue();
        assertThat(s.cutAtSeconds()).isEqualTo(4.0); // the first flat 1.5 s: samples at 3.0, 3.5 and 4.0 s
        assertThat(s.reason()).startsWith("no JIT compiler threads visible, so the TPS rule: TPS settled at 4.0s");
    }

    @Test
    void compilersThatVanishHandOverToTheThroughput() {
        // a JVM that exits its compiler threads mid-way (or whose threads can no longer be read)
        JitSettle s = new JitSettle(OPTIONS, 5, jit(0.5, 0.2, -1.0));
        double t = 0;
        while (!s.offer(t += 0.5, 0.5, 100_000)) {
            assertThat(t).isLessThan(10);
        }
        assertThat(s.reason()).startsWith("no JIT compiler threads visible, so the TPS rule: TPS settled at 1.5s");
    }

    @Test
    void refusesANonPositiveLimit() {
        assertThatThrownBy(() -> new JitSettle(OPTIONS, 0, () -> 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("warmup.max_jit_pct (0.0) must be a positive number");
    }
}

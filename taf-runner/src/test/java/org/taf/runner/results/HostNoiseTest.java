package org.taf.runner.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.taf.runner.results.CpuPointRecord;
import org.taf.runner.sys.HostCpuTimes;

/** Host noise from synthetic /proc/stat snapshots and the engine's and runner's CPU seconds. */
class HostNoiseTest {
    /** A 2-CPU /proc/stat; fields: user nice system idle iowait irq softirq steal guest guest_nice. */
    private static HostCpuTimes stat(long user, long system, long idle, long iowait, long steal) {
        String text = "cpu  " + user + " 0 " + system + " " + idle + " " + iowait + " 0 0 " + steal + " 0 0\n"
                + "cpu0 1 0 1 1 0 0 0 0 0 0\ncpu1 1 0 1 1 0 0 0 0 0 0\nintr 12345\nctxt 999\n";
        return HostCpuTimes.parse(text, 100);
    }

    @Test
    void otherIsBusyMinusStealEngineAndRunnerInPercentOfOneCpu() {
        // One second on 2 CPUs = 200 ticks: 140 busy (user+system), 10 steal, 40 idle, 10 iowait.
        HostCpuTimes before = stat(1000, 500, 9000, 100, 50);
        HostCpuTimes after = stat(1000 + 120, 500 + 20, 9000 + 40, 100 + 10, 50 + 10);
        HostNoise n = HostNoise.between(before, after, 0.8, 0.3);
        // busy 1.5 s (steal counted busy) - steal 0.1 - engine 0.8 - runner 0.3 = 0.3 s over 1 s
        assertThat(n.otherPct()).isCloseTo(30, within(1e-9));
        assertThat(n.stealPct()).isCloseTo(10, within(1e-9));
        assertThat(n.intervals()).isEqualTo(1);
        assertThat(n.describe()).isEqualTo("other processes 30.0% of one CPU, steal 10.0%");
    }

    @Test
    void anEngineAndRunnerThatUseEverythingLeaveNoNoiseNeverBelowZero() {
        HostCpuTimes before = stat(0, 0, 0, 0, 0);
        HostCpuTimes after = stat(190, 10, 0, 0, 0); // 2 CPUs fully busy for 1 s
        // Tick rounding can make engine + runner exceed what /proc/stat counted.
        assertThat(HostNoise.between(before, after, 1.5, 0.55).otherPct()).isZero();
        assertThat(HostNoise.between(before, before, 1, 1)).isEqualTo(HostNoise.NONE);
    }

    @Test
    void anIterationIsTheMeanOfItsIntervalsAndIsComparedWithTheThresholds() {
        List<CpuPointRecord> points = List.of(new CpuPointRecord(1, 90, 4, 0), new CpuPointRecord(2, 90, 26, 2),
                new CpuPointRecord(3, 90, 0, 1));
        HostNoise n = HostNoise.of(points);
        assertThat(n.otherPct()).isCloseTo(10, within(1e-9));
        assertThat(n.stealPct()).isCloseTo(1, within(1e-9));
        assertThat(NoiseThresholds.DEFAULT.exceededBy(n)).isFalse(); // 10% is the limit, not above it
        assertThat(new NoiseThresholds(9.9, 5).exceededBy(n)).isTrue();
        assertThat(new NoiseThresholds(50, 0.5).exceededBy(n)).isTrue();
        assertThat(HostNoise.of(List.of())).isEqualTo(HostNoise.NONE);
        assertThatThrownBy(() -> new NoiseThresholds(-1, 5)).hasMessageContaining("profile.noise.max_other_pct (-1.0)");
    }
}

package org.taf.runner.sys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class HostCpuTest {
    private static final Path A = Fixtures.file("proc-stat-a.txt");
    private static final Path B = Fixtures.file("proc-stat-b.txt");

    @Test
    void parsesTheAggregateLineWithoutCountingGuestTwice() {
        HostCpuTimes a = new HostCpu(A, 100).sample();
        // user+nice+system+idle+iowait+irq+softirq+steal = 1000+50+500+8000+100+10+20+30; guest 200 is inside user
        assertThat(a).isEqualTo(new HostCpuTimes(2, 97.10, 80.00, 1.00, 0.30));
        assertThat(a.busySeconds()).isCloseTo(16.10, within(1e-9));
    }

    @Test
    void usageBetweenTwoReadingsSplitsEngineOthersAndSteal() {
        HostCpuTimes a = new HostCpu(A, 100).sample();
        HostCpuTimes b = new HostCpu(B, 100).sample();
        // 400 ticks over 2 CPUs = 2 s of wall time; busy 220 ticks = 2.2 s = 110% of a core
        HostCpuUsage u = HostCpuUsage.between(a, b, 1.0);
        assertThat(u.wallSeconds()).isCloseTo(2.0, within(1e-9));
        assertThat(u.busyPct()).isCloseTo(110, within(1e-9));
        assertThat(u.enginePct()).isCloseTo(50, within(1e-9));
        assertThat(u.stealPct()).isCloseTo(5, within(1e-9));
        assertThat(u.othersPct()).isCloseTo(55, within(1e-9));
        assertThat(u.iowaitPct()).isCloseTo(5, within(1e-9));
    }

    @Test
    void othersNeverGoBelowZero() {
        HostCpuTimes a = new HostCpu(A, 100).sample();
        HostCpuTimes b = new HostCpu(B, 100).sample();
        assertThat(HostCpuUsage.between(a, b, 5.0).othersPct()).isZero();
    }

    @Test
    void readingsOutOfOrderAreRefused() {
        HostCpuTimes a = new HostCpu(A, 100).sample();
        HostCpuTimes b = new HostCpu(B, 100).sample();
        assertThatThrownBy(() -> HostCpuUsage.between(b, a, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("time order");
    }

    @Test
    void parsesARealProcStat() {
        HostCpuTimes t = new HostCpu(Fixtures.file("proc-stat-real.txt"), 100).sample();
        assertThat(t.cpus()).isEqualTo(2);
        assertThat(t.totalSeconds()).isCloseTo((38025 + 16404 + 153930 + 500 + 5240 + 13) / 100.0, within(1e-9));
        assertThat(t.stealSeconds()).isCloseTo(0.13, within(1e-9));
    }

    @Test
    void aFileWithoutACpuLineIsAnErrorNamingIt() {
        assertThatThrownBy(() -> new HostCpu(Fixtures.file("proc/4242/stat"), 100).sample())
                .isInstanceOf(SysException.class)
                .hasMessageContaining("proc/4242/stat")
                .hasMessageContaining("'cpu' line");
    }

    @Test
    void readsTheRealHost() {
        HostCpuTimes a = HostCpu.system().sample();
        HostCpuTimes b = HostCpu.system().sample();
        assertThat(b.totalSeconds()).isGreaterThanOrEqualTo(a.totalSeconds()).isPositive();
        assertThat(b.cpus()).isPositive();
    }
}

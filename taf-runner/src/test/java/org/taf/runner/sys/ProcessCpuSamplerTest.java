package org.taf.runner.sys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

class ProcessCpuSamplerTest {
    @Test
    void cpuSecondsAreUserPlusSystemTicksOverTheTickRate() {
        assertThat(new ProcessCpuSampler(ProcPidStatTest.PROC, 4242, 100).cpuSeconds()).isEqualTo(18.01);
        assertThat(new ProcessCpuSampler(ProcPidStatTest.PROC, 4242, 1000).cpuSeconds()).isEqualTo(1.801);
    }

    @Test
    void saysWhereItsReadingsComeFrom() {
        assertThat(new ProcessCpuSampler(ProcPidStatTest.PROC, 4242, 100).source())
                .isEqualTo("/proc/<pid>/stat utime+stime (1/100 s ticks)");
        CpuSampler unnamed = () -> 1.0;
        assertThat(unnamed.source()).isEqualTo("unspecified CPU sampler");
    }

    @Test
    void aVanishedEngineIsAnErrorNamingThePid() {
        assertThatThrownBy(() -> new ProcessCpuSampler(ProcPidStatTest.PROC, 31337, 100).cpuSeconds())
                .isInstanceOf(SysException.class).hasMessageContaining("31337").hasMessageContaining("is gone");
    }

    @Test
    void aZombieEngineHasExited() {
        assertThatThrownBy(() -> new ProcessCpuSampler(ProcPidStatTest.PROC, 778, 100).cpuSeconds())
                .isInstanceOf(SysException.class).hasMessageContaining("778").hasMessageContaining("has exited");
    }

    @Test
    void agreesWithTheJvmsOwnCpuTime() {
        // the check on ClockTicks: if USER_HZ were read wrong, /proc and the JVM would disagree by that factor
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        ProcessCpuSampler self = ProcessCpuSampler.of(ProcessHandle.current().pid());
        double jvmBefore = os.getProcessCpuTime() / 1e9;
        double procBefore = self.cpuSeconds();
        burn(300);
        double jvm = os.getProcessCpuTime() / 1e9 - jvmBefore;
        double proc = self.cpuSeconds() - procBefore;
        assertThat(jvm).isGreaterThan(0.2);
        // both count every thread of this JVM; /proc rounds to ticks, other test threads may add a little
        assertThat(proc).isCloseTo(jvm, within(0.05 + 0.2 * jvm));
        assertThat(ClockTicks.perSecond()).isEqualTo(100); // x86-64 and arm64 Linux
    }

    private static void burn(long cpuMillis) {
        var bean = ManagementFactory.getThreadMXBean();
        long end = bean.getCurrentThreadCpuTime() + cpuMillis * 1_000_000;
        long x = 0;
        while (bean.getCurrentThreadCpuTime() < end) {
            for (int i = 0; i < 100_000; i++) {
                x += i ^ (x >>> 3);
            }
        }
        assertThat(x).isNotEqualTo(42); // keep the loop
    }
}

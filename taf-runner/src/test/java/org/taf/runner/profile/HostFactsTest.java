package org.taf.runner.profile;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Host facts and cpufreq state from fake /proc and /sys trees, and from this machine. */
class HostFactsTest {
    @TempDir
    Path root;

    private void write(String path, String content) throws IOException {
        Path p = root.resolve(path);
        Files.createDirectories(p.getParent());
        Files.writeString(p, content);
    }

    @Test
    void twoSocketsFourCoresEightThreadsWithCpufreq() throws IOException {
        write("sys/devices/system/cpu/online", "0-7\n");
        for (int cpu = 0; cpu < 8; cpu++) {
            write("sys/devices/system/cpu/cpu" + cpu + "/topology/physical_package_id", (cpu / 4) + "\n");
            write("sys/devices/system/cpu/cpu" + cpu + "/topology/core_id", (cpu % 2) + "\n");
            write("sys/devices/system/cpu/cpu" + cpu + "/cpufreq/scaling_governor", "performance\n");
            write("sys/devices/system/cpu/cpu" + cpu + "/cpufreq/scaling_min_freq", "2100000\n");
            write("sys/devices/system/cpu/cpu" + cpu + "/cpufreq/scaling_max_freq", "2100000\n");
        }
        write("sys/devices/system/cpu/cpufreq/boost", "0\n");
        write("proc/cpuinfo", "processor\t: 0\nmodel name\t: Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz\n");
        write("proc/meminfo", "MemTotal:       24684092 kB\nMemFree: 1 kB\n");
        write("etc/os-release", "NAME=\"Debian\"\nPRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\n");
        write("proc/sys/kernel/osrelease", "6.1.0-13-amd64\n");
        write("proc/sys/kernel/hostname", "bench-7\n");
        HostFacts probe = new HostFacts(root);
        assertThat(probe.host()).isEqualTo(new HostInfo("bench-7", "Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz", 2, 4, 8,
                24684092L * 1024, "Debian GNU/Linux 12 (bookworm)", "6.1.0-13-amd64"));
        CpuFreqState f = probe.cpuFreq();
        assertThat(f.available()).isTrue();
        assertThat(f.cpus()).hasSize(8).first()
                .isEqualTo(new CpuFreqState.Cpu(0, "performance", 2_100_000, 2_100_000, "off"));
    }

    @Test
    void aVmWithoutCpufreqSaysSo() throws IOException {
        write("sys/devices/system/cpu/online", "0-1\n");
        Files.createDirectories(root.resolve("sys/devices/system/cpu/cpufreq"));
        HostFacts probe = new HostFacts(root);
        assertThat(probe.cpuFreq().available()).isFalse();
        assertThat(probe.host().threads()).isEqualTo(2);
        assertThat(probe.host().cpuModel()).isEqualTo("unknown");
    }

    @Test
    void thisMachineIsDescribed() {
        HostInfo h = HostFacts.system().host();
        assertThat(h.threads()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(h.memoryBytes()).isPositive();
        assertThat(h.kernel()).isEqualTo(System.getProperty("os.version"));
    }
}

package org.taf.runner.sys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Finding and reading a container's CPU counter from /proc/PID/cgroup, on fake cgroup trees. */
class CgroupCpuFileTest {
    static final String ID = "1755ee4670b22f0935e49811c2ca0aa99dd261d2c20a23c741447e0e2f3d0f3c";
    static final String V1 = "9:name=systemd:/docker/" + ID + "\n4:memory:/docker/" + ID + "\n2:cpuacct:/docker/" + ID
            + "\n1:cpu:/docker/" + ID + "\n0::/docker/" + ID + "\n";
    static final String V1_JOINED =
            "5:cpu,cpuacct:/system.slice/docker-" + ID + ".scope\n0::/system.slice/docker-" + ID + ".scope\n";
    static final String V2 = "0::/system.slice/docker-" + ID + ".scope\n";

    @TempDir
    Path root;

    private Path write(String relative, String text) throws Exception {
        Path f = root.resolve(relative);
        Files.createDirectories(f.getParent());
        Files.writeString(f, text);
        return f;
    }

    @Test
    void cgroupV1CpuacctUsageInNanoseconds() throws Exception {
        Path f = write("cpuacct/docker/" + ID + "/cpuacct.usage", "1983690871\n");
        CgroupCpuFile c = CgroupCpuFile.find(root, V1).orElseThrow();
        assertThat(c).isEqualTo(new CgroupCpuFile(f, false));
        assertThat(c.seconds("1983690871\n")).isEqualTo(1.983690871);
    }

    @Test
    void cgroupV1WithCpuAndCpuacctJoinedUnderSystemd() throws Exception {
        Path f = write("cpu,cpuacct/system.slice/docker-" + ID + ".scope/cpuacct.usage", "5\n");
        assertThat(CgroupCpuFile.find(root, V1_JOINED)).contains(new CgroupCpuFile(f, false));
    }

    @Test
    void cgroupV2CpuStatInMicroseconds() throws Exception {
        Path f = write(
                "system.slice/docker-" + ID + ".scope/cpu.stat",
                "usage_usec 2500000\nuser_usec 2000000\nsystem_usec 500000\n");
        CgroupCpuFile c = CgroupCpuFile.find(root, V2).orElseThrow();
        assertThat(c).isEqualTo(new CgroupCpuFile(f, true));
        assertThat(c.seconds(Files.readString(f))).isEqualTo(2.5);
        assertThatThrownBy(() -> c.seconds("user_usec 1\n")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void v1IsPreferredOnAHybridHostAndNothingIsFoundWithoutACounter() throws Exception {
        assertThat(CgroupCpuFile.find(root, V1)).isEmpty();
        write("docker/" + ID + "/cpu.stat", "usage_usec 1\n");
        Path v1 = write("cpuacct/docker/" + ID + "/cpuacct.usage", "7\n");
        assertThat(CgroupCpuFile.find(root, V1)).contains(new CgroupCpuFile(v1, false));
    }

    @Test
    void samplerReadsTheCounterAndNamesTheContainerWhenItIsGone() throws Exception {
        Path counter = write("cpuacct/docker/" + ID + "/cpuacct.usage", "1500000000\n");
        Path proc = root.resolve("proc");
        write("proc/42/cgroup", V1);
        CgroupCpuSampler s = CgroupCpuSampler.forPid(proc, root, 42, "1755ee4670b2").orElseThrow();
        assertThat(s.cpuSeconds()).isEqualTo(1.5);
        assertThat(s.source()).isEqualTo("cgroup v1 cpuacct.usage (ns) of the engine's container");
        Files.delete(counter);
        assertThatThrownBy(s::cpuSeconds).isInstanceOf(SysException.class)
                .hasMessageContaining("container 1755ee4670b2 is gone").hasMessageContaining(counter.toString());
        assertThat(CgroupCpuSampler.forPid(proc, root, 43, "x")).isEmpty();
    }
}

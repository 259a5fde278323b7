package org.taf.runner.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.AccessMode;
import com.github.dockerjava.api.model.Bind;
import com.github.dockerjava.api.model.HostConfig;
import com.github.dockerjava.api.model.Volume;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.taf.runner.sys.Affinity;
import org.taf.runner.sys.CgroupCpuSampler;
import org.taf.runner.sys.ProcessCpuSampler;

/**
 * The cgroup CPU counter against {@code /proc}: a shell busy loop in a container pinned to CPU 1
 * (a single process, so its {@code /proc/<pid>/stat} counts all the container's CPU) is sampled
 * both ways over the same interval, until it has used one CPU second; they agree within 3% (plus
 * two clock ticks of {@code /proc}'s resolution).
 */
class CgroupCpuIT {

    @Test
    void cgroupCounterAgreesWithProcForACpuBurner() throws Exception {
        DockerClient docker = ContainerTests.docker();
        String image = RootfsImage.ensure(docker);
        HostConfig host = HostConfig.newHostConfig().withNetworkMode("none").withCpusetCpus("1")
                .withBinds(new Bind("/usr", new Volume("/usr"), AccessMode.ro));
        String id = docker.createContainerCmd(image).withCmd("/bin/sh", "-c", "while :; do :; done")
                .withLabels(Map.of(ContainerPlan.LABEL, "test-burner", ContainerPlan.LABEL_PID,
                        Long.toString(ProcessHandle.current().pid())))
                .withHostConfig(host).exec().getId();
        try {
            docker.startContainerCmd(id).exec();
            long pid = docker.inspectContainerCmd(id).exec().getState().getPidLong();
            CgroupCpuSampler cgroup = CgroupCpuSampler.forPid(pid, id.substring(0, 12)).orElseThrow();
            ProcessCpuSampler proc = ProcessCpuSampler.of(pid);
            assertThat(cgroup.file().toString()).contains(id);

            // until the burner has used 1 CPU second (a busy shared machine may give it little of CPU 1), at most 2
            // minutes
            double c0 = cgroup.cpuSeconds();
            double p0 = proc.cpuSeconds();
            long t0 = System.nanoTime();
            double c1;
            double p1;
            do {
                Thread.sleep(200);
                c1 = cgroup.cpuSeconds();
                p1 = proc.cpuSeconds();
            } while (p1 - p0 < 1.0 && System.nanoTime() - t0 < 120_000_000_000L);
            double wall = (System.nanoTime() - t0) / 1e9;

            double byCgroup = c1 - c0;
            double byProc = p1 - p0;
            assertThat(byProc).as("the burner used CPU (wall %.2f s)", wall).isGreaterThanOrEqualTo(1.0);
            assertThat(byCgroup)
                    .as("cgroup %.3f s vs /proc %.3f s", byCgroup, byProc)
                    .isCloseTo(byProc, within(0.03 * byProc + 0.02));
            assertThat(byCgroup)
                    .as("one pinned CPU cannot give more than the wall time")
                    .isLessThanOrEqualTo(wall * 1.02);
            assertThat(Affinity.of(pid)).contains("1");
        } finally {
            docker.removeContainerCmd(id).withForce(true).exec();
        }
        assertThat(docker.listContainersCmd()
                        .withShowAll(true)
                        .withLabelFilter(Map.of(
                                ContainerPlan.LABEL,
                                "test-burner",
                                ContainerPlan.LABEL_PID,
                                Long.toString(ProcessHandle.current().pid())))
                        .exec())
                .isEmpty();
    }
}

package org.taf.runner.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.model.Container;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.sys.Affinity;
import org.taf.runner.sys.CgroupCpuSampler;
import org.taf.runner.sys.Processes;
import org.taf.runner.sys.Sleeper;
import org.taf.runner.sys.Ticker;

/**
 * The container runtime with real Docker and TAF's engine jar: pinned to CPU 1 with a memory limit,
 * checked through Docker's inspection and the kernel; sysbench runs against it; a startup failure
 * shows the container's output; nothing is left behind.
 */
class ContainerRuntimeIT {
    static final long MEMORY = 512L * 1024 * 1024;

    @TempDir
    Path tmp;
    EngineRegistry registry;
    ContainerRuntime runtime;

    @BeforeEach
    void runtime() {
        registry = new EngineRegistry(false);
        runtime = new ContainerRuntime(
                new ContainerOptions(Optional.empty(), OptionalLong.of(MEMORY)),
                new SocketProbe(),
                Ticker.system(),
                Sleeper.system(),
                registry);
    }

    @AfterEach
    void nothingLeft() {
        registry.stopAll();
        assertThat(registry.engines()).isEmpty();
        assertThat(ContainerTests.containersOf(ProcessHandle.current().pid()))
                .as("containers left by this test")
                .isEmpty();
    }

    private LaunchSpec spec(List<String> command, int port, String cpus) throws Exception {
        Files.createDirectories(tmp.resolve("data"));
        return new LaunchSpec(command, tmp, new TreeMap<>(), port, tmp.resolve("data"), tmp.resolve("engine.log"),
                Duration.ofSeconds(60), Duration.ofSeconds(30), Optional.ofNullable(cpus));
    }

    @Test
    void engineRunsPinnedToCpu1WithAMemoryLimitAndServesSysbench() throws Exception {
        int port = PortFinder.freePort();
        RunningEngine engine =
                runtime.start(spec(ContainerTests.engine(ContainerTests.engineJar(), tmp, port), port, "1"));

        assertThat(engine.serverVersion()).contains("TAF");
        assertThat(engine.isAlive()).isTrue();
        assertThat(registry.engines()).containsExactly(engine);
        // the kernel's view: every thread of the engine JVM may run on CPU 1 only
        assertThat(Affinity.of(engine.pid())).contains("1");
        assertThat(org.taf.runner.sys.Affinity.of(engine.pid())).contains("1");
        assertThat(Affinity.threads(engine.pid()).values()).isNotEmpty().containsOnly("1");
        // Docker's view
        List<Container> mine = ContainerTests.containersOf(ProcessHandle.current().pid());
        assertThat(mine).hasSize(1);
        DockerClient docker = ContainerTests.docker();
        InspectContainerResponse inspect = docker.inspectContainerCmd(mine.get(0).getId()).exec();
        assertThat(inspect.getHostConfig().getCpusetCpus()).isEqualTo("1");
        assertThat(inspect.getHostConfig().getMemory()).isEqualTo(MEMORY);
        assertThat(inspect.getHostConfig().getMemorySwap()).isEqualTo(MEMORY);
        assertThat(inspect.getHostConfig().getNetworkMode()).isEqualTo("host");
        assertThat(inspect.getConfig().getImage()).isEqualTo(RootfsImage.name());
        assertThat(inspect.getConfig().getLabels()).containsEntry(ContainerPlan.LABEL_PORT, Integer.toString(port));
        assertThat(inspect.getState().getPidLong()).isEqualTo(engine.pid());
        assertThat(engine.cpuSampler()).isInstanceOf(CgroupCpuSampler.class);

        // a short workload: sysbench prepares a table and runs point selects over the MySQL protocol
        try (Connection c = DriverManager.getConnection("jdbc:mariadb://127.0.0.1:" + port + "/?user=root")) {
            c.createStatement().execute("CREATE DATABASE sbtest");
        }
        ContainerTests.sysbench(port, "prepare");
        double before = engine.cpuSampler().cpuSeconds();
        String run = ContainerTests.sysbench(port, "--threads=2", "--time=3", "run");
        double used = engine.cpuSampler().cpuSeconds() - before;
        assertThat(run).containsPattern("queries:\\s+[1-9]");
        assertThat(used).as("engine CPU seconds during 3 s of sysbench on one CPU").isGreaterThan(0.3).isLessThan(3.6);

        StopResult stop = engine.stop();
        assertThat(stop.how()).isEqualTo(StopResult.How.GRACEFUL);
        assertThat(engine.stop()).isSameAs(stop);
        assertThat(ContainerTests.containersOf(ProcessHandle.current().pid())).isEmpty();
        assertThat(Processes.running(engine.pid())).isFalse();
        assertThat(Files.readString(tmp.resolve("engine.log"))).contains("ready for connections on 127.0.0.1:" + port);
        assertThat(tmp.resolve("data")).isNotEmptyDirectory(); // the engine wrote its datadir through the bind
    }

    @Test
    void anEngineThatDiesOnStartIsReportedWithTheContainersOutputAndRemoved() throws Exception {
        int port = PortFinder.freePort();
        List<String> command = ContainerTests.engine(tmp.resolve("missing.jar"), tmp, port);
        assertThatThrownBy(() -> runtime.start(spec(command, port, "1")))
                .isInstanceOf(LaunchException.class)
                .hasMessageContaining("engine exited with code 1 during startup")
                .hasMessageContaining("output, last")
                .hasMessageContaining("Unable to access jarfile " + tmp.resolve("missing.jar"));
    }

    @Test
    void aCpuSetTheMachineLacksIsRefusedNamingIt() throws Exception {
        int port = PortFinder.freePort();
        LaunchSpec spec = spec(ContainerTests.engine(ContainerTests.engineJar(), tmp, port), port, "4000");
        assertThatThrownBy(() -> runtime.start(spec)).isInstanceOf(LaunchException.class).hasMessageContaining("4000");
    }
}

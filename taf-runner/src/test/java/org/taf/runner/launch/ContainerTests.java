package org.taf.runner.launch;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.Container;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/** What the container ITs share: the engine jar of this reactor, its command, Docker, sysbench. */
final class ContainerTests {
    private ContainerTests() {}

    /** engine/target/engine.jar, built by the reactor before this module's tests; a failure, never a skip. */
    static Path engineJar() {
        Path jar = Path.of("..", "engine", "target", "engine.jar").toAbsolutePath().normalize();
        assertThat(jar).as("the engine jar (build the reactor: mvn -pl taf-runner -am verify)").isRegularFile();
        return jar;
    }

    /** The TAF engine on {@code dir/data}, logging to {@code dir/engine.log}, with a small buffer pool and heap. */
    static List<String> engine(Path jar, Path dir, int port) {
        return EngineCommands.tafEngine(
                Path.of(System.getProperty("java.home"), "bin", "java"),
                List.of("-Xmx320m"),
                jar,
                dir.resolve("data"),
                port,
                dir.resolve("engine.pid"),
                dir.resolve("engine.log"),
                new TreeMap<>(Map.of("innodb_buffer_pool_size", "32M")));
    }

    static DockerClient docker() {
        return DockerEnvironment.client();
    }

    /** TAF engine containers this test's runner (this JVM or a child) made: by the runner-pid label. */
    static List<Container> containersOf(long runnerPid) {
        return docker().listContainersCmd()
                .withShowAll(true)
                .withLabelFilter(Map.of(
                        ContainerPlan.LABEL, ContainerPlan.ENGINE, ContainerPlan.LABEL_PID, Long.toString(runnerPid)))
                .exec();
    }

    /** Runs sysbench oltp_point_select against 127.0.0.1:port; returns its output. */
    static String sysbench(int port, String... args) throws IOException, InterruptedException {
        List<String> cmd = new java.util.ArrayList<>(List.of("sysbench", "oltp_point_select", "--mysql-host=127.0.0.1",
                "--mysql-port=" + port, "--mysql-user=root", "--tables=1", "--table-size=1000"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as("sysbench %s:%n%s", String.join(" ", args), out).isZero();
        return out;
    }
}

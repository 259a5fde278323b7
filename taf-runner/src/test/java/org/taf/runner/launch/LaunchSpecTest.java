package org.taf.runner.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class LaunchSpecTest {
    private static final Path D = Path.of("/d");

    @Test
    void defaults() {
        LaunchSpec s = LaunchSpec.of(List.of("mariadbd"), D, 4000, D, D.resolve("log"));
        assertThat(s.startupTimeout()).isEqualTo(Duration.ofSeconds(60));
        assertThat(s.shutdownTimeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(s.cpuSet()).isEmpty();
        assertThat(s.environment()).isEmpty();
        assertThat(s.withTimeouts(Duration.ofSeconds(5), Duration.ofSeconds(1)).shutdownTimeout())
                .isEqualTo(Duration.ofSeconds(1));
    }

    @Test
    void isImmutable() {
        List<String> cmd = new java.util.ArrayList<>(List.of("mariadbd"));
        TreeMap<String, String> env = new TreeMap<>();
        LaunchSpec s = new LaunchSpec(
                cmd, D, env, 4000, D, D, Duration.ofSeconds(1), Duration.ofSeconds(1), Optional.of("0-1,3"));
        cmd.add("--oops");
        env.put("A", "b");
        assertThat(s.command()).containsExactly("mariadbd");
        assertThat(s.environment()).isEmpty();
        assertThatThrownBy(() -> s.command().add("x")).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void validatesWithKeyValueAndRule() {
        assertThatThrownBy(() -> LaunchSpec.of(List.of("m"), D, 0, D, D))
                .hasMessage("launch.port (0) must be 1-65535 (resolve 0 with PortFinder.freePort())");
        assertThatThrownBy(() -> LaunchSpec.of(List.of(), D, 1, D, D)).hasMessage("the engine command is empty");
        assertThatThrownBy(() ->
                        LaunchSpec.of(List.of("m"), D, 1, D, D).withTimeouts(Duration.ZERO, Duration.ofSeconds(1)))
                .hasMessage("launch.startup_timeout (0s) must be positive");
        assertThatThrownBy(() -> LaunchSpec.of(List.of("m"), D, 1, D, D)
                        .withTimeouts(Duration.ofSeconds(1), Duration.ofSeconds(-2)))
                .hasMessage("launch.shutdown_timeout (-2s) must be positive");
        assertThatThrownBy(() -> new LaunchSpec(
                        List.of("m"),
                        D,
                        new TreeMap<>(),
                        1,
                        D,
                        D,
                        Duration.ofSeconds(1),
                        Duration.ofSeconds(1),
                        Optional.of("cpu1")))
                .hasMessage("the engine CPU set (cpu1) must be a CPU list like 0-1,3");
    }
}

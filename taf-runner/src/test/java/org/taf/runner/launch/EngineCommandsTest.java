package org.taf.runner.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class EngineCommandsTest {
    private static TreeMap<String, String> vars(String... kv) {
        TreeMap<String, String> m = new TreeMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return m;
    }

    @Test
    void tafEngineCommandLine() {
        List<String> cmd = EngineCommands.tafEngine(Path.of("/usr/bin/java"), List.of("-Xmx2g", "-XX:+UseParallelGC"),
                Path.of("/c/engine.jar"), Path.of("/d/data"), 41234, Path.of("/d/engine.pid"), Path.of("/d/engine.log"),
                vars("innodb_buffer_pool_size", "2G", "innodb_buffer_pool_instances", "4"));
        assertThat(cmd).containsExactly("/usr/bin/java", "-Xmx2g", "-XX:+UseParallelGC", "-jar", "/c/engine.jar",
                "--datadir=/d/data", "--port=41234", "--bind_address=127.0.0.1", "--pid_file=/d/engine.pid",
                "--log_error=/d/engine.log", "--innodb_buffer_pool_instances=4", "--innodb_buffer_pool_size=2G");
    }

    private static List<String> engine(TreeMap<String, String> variables) {
        return EngineCommands.tafEngine(Path.of("j"), List.of(), Path.of("e.jar"), Path.of("d"), 1, Path.of("p"),
                Path.of("l"), variables);
    }

    @Test
    void variablesTheLauncherSetsAreRefused() {
        assertThatThrownBy(() -> engine(vars("bind-address", "0.0.0.0"))).isInstanceOf(LaunchException.class)
                .hasMessage("engine.bind-address cannot be set: the launcher sets it (use the launch.* settings)");
        assertThatThrownBy(() -> engine(vars("port", "3306"))).hasMessageStartingWith("engine.port cannot be set");
    }

    @Test
    void badNamesAndValuesAreRefused() {
        assertThatThrownBy(() -> engine(vars("Buffer Pool", "1")))
                .hasMessage("engine.Buffer Pool: not a variable name (lower-case letters, digits, '_' or '-')");
        assertThatThrownBy(() -> engine(vars("init_connect", "a\nb")))
                .hasMessage("engine.init_connect (a\\nb) must not contain a newline or NUL");
    }
}

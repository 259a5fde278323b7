package org.taf.runner.launch;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.sys.Affinity;

/**
 * Engine and load generator never share a CPU when the profile keeps them apart: the runner pins
 * itself (every thread, and threads made later) to CPU 0; the engine runs on CPU 1 only, as a
 * process (taskset) and in a container (cpuset); an unpinned process engine gets the CPUs the
 * runner started with, not the load generator's.
 */
class PinningIT {
    @TempDir
    Path tmp;

    @Test
    void clientOnCpu0EngineOnCpu1InBothRuntimes() throws Exception {
        Process runner = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), PinnedRunnerMain.class.getName(), tmp.toString(),
                ContainerTests.engineJar().toString())
                .redirectErrorStream(true).start();
        String out = new String(runner.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(runner.waitFor(300, TimeUnit.SECONDS)).isTrue();
        assertThat(runner.exitValue()).as(out).isZero();
        Map<String, String> seen = out.lines().filter(l -> l.matches("[a-zA-Z]+=.*"))
                .collect(Collectors.toMap(l -> l.substring(0, l.indexOf('=')), l -> l.substring(l.indexOf('=') + 1)));
        String all = Affinity.of(ProcessHandle.current().pid()).orElseThrow();
        assertThat(seen).as(out)
                .containsEntry("client", "0")
                .containsEntry("clientThreads", "[0]")
                .containsEntry("lateThread", "[0]")
                .containsEntry("process", "1")
                .containsEntry("container", "1")
                .containsEntry("processUnpinned", all);
        assertThat(ContainerTests.containersOf(runner.pid())).isEmpty();
    }
}

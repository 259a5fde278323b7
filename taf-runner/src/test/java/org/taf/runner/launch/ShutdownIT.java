package org.taf.runner.launch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.sys.Processes;

/**
 * No orphans: a runner stopped with SIGTERM (as Ctrl-C or a CI abort would) stops its engine through
 * the shutdown hook; a runner killed with SIGKILL leaves its engine running, and the next runtime's
 * sweep kills it. The runner is a child JVM running {@link EngineHolderMain}.
 */
class ShutdownIT {
    @TempDir
    static Path shared;
    static Path template;

    @TempDir
    Path tmp;
    Process runner;
    long enginePid;

    @BeforeAll
    static void installTemplate() throws Exception {
        template = Mariadb.installTemplate(shared.resolve("template"));
    }

    @AfterEach
    void nothingLeftRunning() throws Exception {
        if (runner != null) {
            runner.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
        if (enginePid > 0 && Processes.running(enginePid)) {
            ProcessHandle.of(enginePid).ifPresent(ProcessHandle::destroyForcibly);
            throw new AssertionError("engine pid " + enginePid + " was still running after the test");
        }
        assertThat(Mariadb.processesMentioning(tmp.toString())).isEmpty();
    }

    private void startRunner() throws Exception {
        Path data = DataDirectories.copyTemplate(template, tmp.resolve("data"));
        String classpath =
                location(ProcessRuntime.class) + java.io.File.pathSeparator + location(EngineHolderMain.class);
        runner = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        classpath,
                        EngineHolderMain.class.getName(),
                        tmp.resolve("state").toString(),
                        data.toString(),
                        tmp.resolve("engine.log").toString(),
                        Integer.toString(PortFinder.freePort()))
                .redirectError(tmp.resolve("runner.err").toFile())
                .start();
        BufferedReader out = new BufferedReader(new InputStreamReader(runner.getInputStream(), StandardCharsets.UTF_8));
        String line = out.readLine(); // blocks until the engine answered its handshake, or the runner died
        assertThat(line)
                .as("runner output; stderr: " + Files.readString(tmp.resolve("runner.err")))
                .startsWith("READY ");
        enginePid = Long.parseLong(line.substring(6).trim());
        assertThat(Processes.running(enginePid)).isTrue();
        assertThat(tmp.resolve("state/engines/" + enginePid + ".pid")).exists();
    }

    private static String location(Class<?> c) throws URISyntaxException {
        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }

    @Test
    void sigtermToTheRunnerStopsItsEngine() throws Exception {
        startRunner();
        runner.destroy(); // SIGTERM
        assertThat(runner.waitFor(60, TimeUnit.SECONDS)).as("runner exited").isTrue();
        assertThat(Processes.running(enginePid)).as("engine after the runner's SIGTERM").isFalse();
        assertThat(tmp.resolve("state/engines/" + enginePid + ".pid")).doesNotExist();
        assertThat(Files.readString(tmp.resolve("runner.err"))).contains("taf: stopping engine pid " + enginePid);
        assertThat(Files.readString(tmp.resolve("engine.log"))).contains("Shutdown complete");
    }

    @Test
    void sigkillLeavesTheEngineForTheNextStartToSweep() throws Exception {
        startRunner();
        runner.destroyForcibly(); // SIGKILL: no hook runs
        assertThat(runner.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(Processes.running(enginePid)).as("engine outlives a SIGKILLed runner").isTrue();

        List<SweptEngine> swept = new ProcessRuntime(tmp.resolve("state")).sweepLeftovers();
        assertThat(swept).containsExactly(new SweptEngine(tmp.resolve("state/engines/" + enginePid + ".pid"), enginePid,
                SweptEngine.Outcome.KILLED));
        assertThat(Processes.running(enginePid)).isFalse();
        assertThat(tmp.resolve("state/engines/" + enginePid + ".pid")).doesNotExist();
    }
}

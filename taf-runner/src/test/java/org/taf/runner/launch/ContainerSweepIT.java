package org.taf.runner.launch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.sys.Processes;
import org.testcontainers.images.builder.ImageFromDockerfile;
import org.testcontainers.images.builder.Transferable;

/**
 * No container outlives its runner: SIGTERM to the runner removes it through the shutdown hook;
 * after SIGKILL it keeps running until the next runtime's sweep removes it, while the containers
 * of live runners (this JVM's) are left alone, and so is the current root file system image. The runner is a child JVM
 * running {@link ContainerHolderMain}.
 */
class ContainerSweepIT {
    /** The local image, no memory limit. */
    private static final ContainerOptions LOCAL = new ContainerOptions(Optional.empty(), OptionalLong.empty());

    @TempDir
    Path tmp;
    Process runner;
    long enginePid;

    @AfterEach
    void nothingLeft() throws Exception {
        if (runner != null) {
            runner.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            List<com.github.dockerjava.api.model.Container> left = ContainerTests.containersOf(runner.pid());
            left.forEach(c -> ContainerTests.docker().removeContainerCmd(c.getId()).withForce(true).exec());
            assertThat(left).as("containers of the killed runner pid " + runner.pid()).isEmpty();
        }
    }

    private void startRunner() throws Exception {
        runner = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        ContainerHolderMain.class.getName(),
                        tmp.resolve("work").toString(),
                        Integer.toString(PortFinder.freePort()),
                        ContainerTests.engineJar().toString())
                .redirectError(tmp.resolve("runner.err").toFile())
                .start();
        BufferedReader out = new BufferedReader(new InputStreamReader(runner.getInputStream(), StandardCharsets.UTF_8));
        String line = out.readLine(); // blocks until the engine answered its handshake, or the runner died
        assertThat(line)
                .as("runner output; stderr: " + Files.readString(tmp.resolve("runner.err")))
                .startsWith("READY ");
        enginePid = Long.parseLong(line.substring(6).trim());
        assertThat(Processes.running(enginePid)).isTrue();
        assertThat(ContainerTests.containersOf(runner.pid())).hasSize(1);
    }

    @Test
    void sigtermToTheRunnerRemovesItsContainer() throws Exception {
        startRunner();
        runner.destroy(); // SIGTERM
        assertThat(runner.waitFor(60, TimeUnit.SECONDS)).as("runner exited").isTrue();
        assertThat(ContainerTests.containersOf(runner.pid())).isEmpty();
        assertThat(Processes.running(enginePid)).isFalse();
        assertThat(Files.readString(tmp.resolve("runner.err"))).contains("taf: stopping engine pid " + enginePid);
    }

    @Test
    void sigkillLeavesTheContainerForTheNextStartToSweep() throws Exception {
        startRunner();
        String id = ContainerTests.containersOf(runner.pid()).get(0).getId();
        runner.destroyForcibly(); // SIGKILL: no hook runs
        assertThat(runner.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(Processes.running(enginePid)).as("engine outlives a SIGKILLed runner").isTrue();

        List<SweptEngine> swept = new ContainerRuntime(LOCAL).sweepLeftovers();
        assertThat(swept)
                .contains(new SweptEngine(
                        Path.of("docker:" + id.substring(0, 12)), enginePid, SweptEngine.Outcome.KILLED));
        assertThat(ContainerTests.containersOf(runner.pid())).isEmpty();
        assertThat(Processes.running(enginePid)).isFalse();
    }

    @Test
    void theSweepRemovesRootfsImagesOfOtherContentAndKeepsTheCurrentOne() {
        var docker = ContainerTests.docker();
        String current = RootfsImage.ensure(docker);
        String stale = RootfsImage.REPOSITORY + ":stale-sweep-it";
        new ImageFromDockerfile(stale, false)
                .withFileFromString("Dockerfile", RootfsImage.dockerfile() + "LABEL stale=yes\n")
                .withFileFromTransferable("rootfs.tar", Transferable.of(RootfsImage.rootfs()))
                .withBuildImageCmdModifier(cmd -> cmd.withNetworkMode("none")).get();
        assertThat(docker.listImagesCmd().withFilter("reference", List.of(stale)).exec()).hasSize(1);

        new ContainerRuntime(LOCAL).sweepLeftovers();
        assertThat(docker.listImagesCmd().withFilter("reference", List.of(stale)).exec()).isEmpty();
        assertThat(docker.listImagesCmd().withFilter("reference", List.of(current)).exec()).hasSize(1);
    }
}

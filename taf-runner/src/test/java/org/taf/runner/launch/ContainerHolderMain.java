package org.taf.runner.launch;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * A stand-in for the runner, run in a child JVM by {@link ContainerSweepIT}: starts TAF's engine
 * through {@link ContainerRuntime} pinned to CPU 1, prints "READY pid", then waits to be killed.
 * Arguments: workDir port engineJar.
 */
public final class ContainerHolderMain {
    private ContainerHolderMain() {}

    public static void main(String[] args) throws Exception {
        Path work = Path.of(args[0]);
        int port = Integer.parseInt(args[1]);
        Files.createDirectories(work.resolve("data"));
        LaunchSpec spec = new LaunchSpec(
                ContainerTests.engine(Path.of(args[2]), work, port),
                work,
                new TreeMap<>(),
                port,
                work.resolve("data"),
                work.resolve("engine.log"),
                LaunchSpec.DEFAULT_STARTUP_TIMEOUT,
                LaunchSpec.DEFAULT_SHUTDOWN_TIMEOUT,
                Optional.of("1"));
        RunningEngine engine =
                new ContainerRuntime(new ContainerOptions(Optional.empty(), OptionalLong.of(512L << 20))).start(spec);
        System.out.println("READY " + engine.pid());
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}

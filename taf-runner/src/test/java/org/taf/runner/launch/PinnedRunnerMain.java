package org.taf.runner.launch;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.TreeSet;
import org.taf.runner.sys.Affinity;

/**
 * A stand-in for {@code taf run} with a profile of client CPU 0 and engine CPU 1, run in a child
 * JVM by {@link PinningIT} (pinning is JVM-wide, so not in the test's own JVM): makes both runtimes,
 * pins itself to CPU 0 as the CLI does, starts the engine pinned to CPU 1 in each runtime and once
 * unpinned as a process, and prints what the kernel reports for each, one {@code name=cpus} line each.
 * Arguments: workDir engineJar.
 */
public final class PinnedRunnerMain {
    private PinnedRunnerMain() {}

    public static void main(String[] args) throws Exception {
        Path work = Path.of(args[0]);
        Path jar = Path.of(args[1]);
        ProcessRuntime process = new ProcessRuntime(work.resolve("state"));
        ContainerRuntime container =
                new ContainerRuntime(new ContainerOptions(Optional.empty(), OptionalLong.of(512L << 20)));
        System.out.println("client=" + Affinity.pinSelf("0"));
        System.out.println("clientThreads=" + new TreeSet<>(Affinity.threads(ProcessHandle.current().pid()).values()));
        // a thread made after pinning inherits it
        Thread late = new Thread(() -> System.out.println("lateThread="
                + Affinity.threads(ProcessHandle.current().pid()).values().stream()
                        .distinct()
                        .toList()));
        late.start();
        late.join();
        report("process", process, spec(work.resolve("p"), jar, Optional.of("1")));
        report("processUnpinned", process, spec(work.resolve("u"), jar, Optional.empty()));
        report("container", container, spec(work.resolve("c"), jar, Optional.of("1")));
    }

    private static LaunchSpec spec(Path dir, Path jar, Optional<String> cpus) throws Exception {
        Files.createDirectories(dir.resolve("data"));
        int port = PortFinder.freePort();
        return new LaunchSpec(
                ContainerTests.engine(jar, dir, port),
                dir,
                new TreeMap<>(),
                port,
                dir.resolve("data"),
                dir.resolve("engine.log"),
                LaunchSpec.DEFAULT_STARTUP_TIMEOUT,
                LaunchSpec.DEFAULT_SHUTDOWN_TIMEOUT,
                cpus);
    }

    private static void report(String name, EngineRuntime runtime, LaunchSpec spec) {
        try (RunningEngine engine = runtime.start(spec)) {
            List<String> threads = Affinity.threads(engine.pid()).values().stream().distinct().toList();
            System.out.println(name + "=" + String.join(";", threads));
        }
    }
}

package org.taf.runner.build;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.taf.runner.sys.Processes;

/**
 * Runs one build command: {@code bash -c COMMAND} in its own session (so it can be killed as a group), in
 * a given directory, stdin from {@code /dev/null}, stdout and stderr appended to the log, bounded by a
 * timeout after which the whole process tree is killed. If the runner's JVM exits meanwhile (Ctrl-C), a
 * shutdown hook kills the tree too, so no build outlives the runner.
 */
final class BuildProcess {
    /** How one attempt ended. */
    record Outcome(int exitStatus, boolean timedOut) {
        boolean succeeded() {
            return !timedOut && exitStatus == 0;
        }
    }

    /** How long a killed build tree may take to go away. */
    private static final Duration KILL_WAIT = Duration.ofSeconds(10);

    private BuildProcess() {}

    static Outcome run(String command, Path dir, Path log, Duration timeout) throws IOException, InterruptedException {
        List<String> argv = new ArrayList<>();
        setsid().ifPresent(setsid -> {
            argv.add(setsid);
            argv.add("--wait");
        });
        argv.addAll(List.of("bash", "-c", command));
        Process process = new ProcessBuilder(argv)
                .directory(dir.toFile())
                .redirectInput(new File("/dev/null"))
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .start();
        Thread killer =
                new Thread(() -> Processes.killTree(process.toHandle(), List.of(), KILL_WAIT), "taf-build-killer");
        Runtime.getRuntime().addShutdownHook(killer);
        try {
            if (!process.waitFor(Math.max(1, timeout.toMillis()), TimeUnit.MILLISECONDS)) {
                Processes.killTree(process.toHandle(), List.of(), KILL_WAIT);
                return new Outcome(-1, true);
            }
            return new Outcome(process.exitValue(), false);
        } catch (InterruptedException e) {
            Processes.killTree(process.toHandle(), List.of(), KILL_WAIT);
            throw e;
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(killer);
            } catch (IllegalStateException shuttingDown) {
                // The hook is running or about to: nothing to remove.
            }
        }
    }

    /** util-linux {@code setsid}, found on PATH as the shell would; absent on exotic systems. */
    private static Optional<String> setsid() {
        String path = System.getenv().getOrDefault("PATH", "/usr/bin:/bin");
        for (String dir : path.split(File.pathSeparator)) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, "setsid");
            if (Files.isExecutable(candidate)) {
                return Optional.of(candidate.toString());
            }
        }
        return Optional.empty();
    }
}

package org.taf.runner.launch;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.taf.runner.sys.Durations;

/**
 * Everything an {@link EngineRuntime} needs to start one engine. Paths are host paths; a
 * container runtime binds them into the container at the same place.
 *
 * @param command         argv, the program first (see {@link EngineCommands}); not empty
 * @param workingDir      the engine's working directory
 * @param environment     variables added to the runner's environment (none by default)
 * @param port            TCP port the engine listens on at 127.0.0.1, 1-65535 (resolve
 *                        {@code launch.port = 0} with {@link PortFinder#freePort()} first)
 * @param datadir         the engine's data directory (a fresh copy per iteration, see {@link DataDirectories})
 * @param logFile         where the engine's stdout and stderr go (appended)
 * @param startupTimeout  {@code launch.startup_timeout}: longest wait for the handshake; default 60s
 * @param shutdownTimeout {@code launch.shutdown_timeout}: longest wait after SIGTERM before SIGKILL; default 30s
 * @param cpuSet          CPUs to pin the engine to, in cpuset list form ({@code 0-1,3}):
 *                        {@code --cpuset-cpus} in the container runtime, {@code taskset -c} in
 *                        the process runtime, checked after startup; empty: not pinned
 */
public record LaunchSpec(List<String> command, Path workingDir, SortedMap<String, String> environment, int port,
                         Path datadir, Path logFile, Duration startupTimeout, Duration shutdownTimeout,
                         Optional<String> cpuSet) {

    /** Default for {@code launch.startup_timeout}: InnoDB recovery of a large datadir can take a while. */
    public static final Duration DEFAULT_STARTUP_TIMEOUT = Duration.ofSeconds(60);
    /** Default for {@code launch.shutdown_timeout}: a clean InnoDB shutdown flushes the buffer pool. */
    public static final Duration DEFAULT_SHUTDOWN_TIMEOUT = Duration.ofSeconds(30);

    private static final Pattern CPU_LIST = Pattern.compile("\\d+(-\\d+)?(,\\d+(-\\d+)?)*");

    public LaunchSpec {
        command = List.copyOf(command);
        environment = Collections.unmodifiableSortedMap(new TreeMap<>(environment));
        if (command.isEmpty() || command.get(0).isBlank()) {
            throw new IllegalArgumentException("the engine command is empty");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("launch.port (" + port
                    + ") must be 1-65535 (resolve 0 with PortFinder.freePort())");
        }
        requirePositive("launch.startup_timeout", startupTimeout);
        requirePositive("launch.shutdown_timeout", shutdownTimeout);
        if (cpuSet.isPresent() && !CPU_LIST.matcher(cpuSet.get()).matches()) {
            throw new IllegalArgumentException("the engine CPU set (" + cpuSet.get()
                    + ") must be a CPU list like 0-1,3");
        }
    }

    /** A spec with no extra environment, the default timeouts and no CPU pinning. */
    public static LaunchSpec of(List<String> command, Path workingDir, int port, Path datadir, Path logFile) {
        return new LaunchSpec(command, workingDir, new TreeMap<>(), port, datadir, logFile,
                DEFAULT_STARTUP_TIMEOUT, DEFAULT_SHUTDOWN_TIMEOUT, Optional.empty());
    }

    /** This spec with other timeouts. */
    public LaunchSpec withTimeouts(Duration startup, Duration shutdown) {
        return new LaunchSpec(command, workingDir, environment, port, datadir, logFile, startup, shutdown, cpuSet);
    }

    /**
     * Checks, before anything starts, that the working directory and the datadir exist (both
     * runtimes bind or use them as they are).
     *
     * @throws LaunchException naming the directory that is missing
     */
    public void requireDirectories() {
        if (!Files.isDirectory(workingDir)) {
            throw new LaunchException("the engine's working directory " + workingDir + " does not exist");
        }
        if (!Files.isDirectory(datadir)) {
            throw new LaunchException("the engine's datadir " + datadir + " does not exist");
        }
    }

    private static void requirePositive(String key, Duration value) {
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(key + " (" + Durations.format(value) + ") must be positive");
        }
    }
}

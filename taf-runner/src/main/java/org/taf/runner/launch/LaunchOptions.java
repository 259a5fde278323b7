package org.taf.runner.launch;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import org.taf.runner.sys.Durations;

/**
 * How every engine of a run is started and stopped ({@code launch.*}; where it runs is {@code profile.runtime}):
 * built by the configuration stage from the keys and checked here once. Each start's own {@link LaunchSpec}
 * comes from {@link #spec}.
 *
 * @param startupTimeout  the engine must complete a protocol handshake within this (default 60s)
 * @param shutdownTimeout graceful stop time before a kill (default 30s)
 * @param port            port on 127.0.0.1, 0 for a free one at each start (default 0)
 * @param java            java executable, absolute; {@link #AUTO} for {@code launch.java = auto} (the default:
 *                        a JDK 25 or newer when one is found, else this JVM's; resolved by {@link EngineJava}
 *                        before a run starts anything)
 * @param jvmArgs         extra JVM arguments of the engine (default none)
 * @param aotCache        start the engine from an AOT cache trained once per build (JDK 25+; default false)
 * @param aotTraining     load per workload of the cache's training run (default 10s)
 */
public record LaunchOptions(Duration startupTimeout, Duration shutdownTimeout, int port, Path java,
        List<String> jvmArgs, boolean aotCache, Duration aotTraining) {
    /** {@code launch.java = auto}: a relative path, which no parsed path is (they are made absolute). */
    public static final Path AUTO = Path.of("auto");

    public LaunchOptions {
        positive("launch.startup_timeout", startupTimeout);
        positive("launch.shutdown_timeout", shutdownTimeout);
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("launch.port (" + port + ") must be in [0, 65535]");
        }
        Objects.requireNonNull(java, "launch.java");
        jvmArgs = List.copyOf(jvmArgs);
        positive("launch.aot_training", aotTraining);
    }

    /** Whether {@code launch.java = auto}: the JVM is found when the run starts. */
    public boolean javaAuto() {
        return AUTO.equals(java);
    }

    /** These options with the JVM found for {@code auto}, and whether the engine starts from the AOT cache. */
    public LaunchOptions withJava(Path newJava, boolean newAotCache) {
        return new LaunchOptions(startupTimeout, shutdownTimeout, port, newJava, jvmArgs, newAotCache, aotTraining);
    }

    /**
     * One engine start on these options' timeouts.
     *
     * @param port   the start's port, resolved ({@code launch.port = 0} picks a free one first)
     * @param cpuSet the engine's CPUs in cpuset list form, empty: not pinned
     */
    public LaunchSpec spec(List<String> command, Path workingDir, int port, Path datadir, Path logFile,
                           Optional<String> cpuSet) {
        return new LaunchSpec(command, workingDir, new TreeMap<>(), port, datadir, logFile, startupTimeout,
                shutdownTimeout, cpuSet);
    }

    private static void positive(String key, Duration value) {
        Objects.requireNonNull(value, key);
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(key + " (" + Durations.format(value) + ") must be positive");
        }
    }
}

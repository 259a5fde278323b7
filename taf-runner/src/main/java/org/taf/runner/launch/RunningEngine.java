package org.taf.runner.launch;

import java.nio.file.Path;
import org.taf.runner.sys.CpuSampler;

/**
 * An engine started by an {@link EngineRuntime} that answered the MySQL handshake. Closing it
 * stops it (and is a no-op after {@link #stop()}); the runner also stops it on Ctrl-C or SIGTERM.
 */
public interface RunningEngine extends AutoCloseable {

    /** Host pid of the engine's main process (for a container, the pid of its init on the host). */
    long pid();

    /** The TCP port at 127.0.0.1 it answers on. */
    int port();

    /** The version string from its handshake, e.g. {@code 5.5.5-10.11.18-MariaDB-0+deb12u1}. */
    String serverVersion();

    /** Its cumulative CPU seconds, for rest and warm-up detection. */
    CpuSampler cpuSampler();

    /** The file its stdout and stderr go to. */
    Path logFile();

    /** True until its main process exits. */
    boolean isAlive();

    /**
     * Stops it: SIGTERM, wait up to the shutdown timeout, then SIGKILL of the whole process tree.
     * Idempotent: later calls return the first result.
     *
     * @throws LaunchException when processes survive SIGKILL (a kernel-level problem; their pids are named)
     */
    StopResult stop();

    /** {@link #stop()}, ignoring the result. */
    @Override
    default void close() {
        stop();
    }
}

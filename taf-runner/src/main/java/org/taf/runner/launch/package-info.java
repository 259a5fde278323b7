/**
 * The engine's lifecycle: start it on a fresh datadir through an {@link org.taf.runner.launch.EngineRuntime}
 * (a local process, or a Docker container through Testcontainers), ready only after a real MySQL protocol handshake,
 * stop it gracefully then forcefully, and leave nothing running even when the runner is killed.
 *
 * <p>No orphans: every started engine is registered with the {@link org.taf.runner.launch.EngineRegistry},
 * whose JVM shutdown hook stops it on normal exit, Ctrl-C, SIGTERM or SIGHUP. SIGKILL of the runner
 * cannot be caught, so each engine also has a {@link org.taf.runner.launch.PidRecord} in
 * {@code <state dir>/engines/<pid>.pid}; the next runtime's first start sweeps records whose runner is
 * gone and whose process still runs with the recorded start time and command line. Containers are
 * labelled with their runner's pid and start time instead, and swept by label.
 *
 * <p>CPUs: each engine is pinned to {@link org.taf.runner.launch.LaunchSpec#cpuSet()} and checked
 * through {@code /proc/<pid>/status}; the runner pins itself (the load generator) with
 * {@link org.taf.runner.sys.Affinity#pinSelf}.
 */
package org.taf.runner.launch;

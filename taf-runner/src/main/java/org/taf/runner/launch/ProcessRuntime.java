package org.taf.runner.launch;

import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.taf.runner.sys.Affinity;
import org.taf.runner.sys.Processes;
import org.taf.runner.sys.Sleeper;
import org.taf.runner.sys.Ticker;

/**
 * Runs the engine as a local child process: checks the port, starts the command with stdout and
 * stderr appended to the log file, records a {@link PidRecord}, registers the engine with the
 * {@link EngineRegistry} (stopped on Ctrl-C/SIGTERM), and waits for the handshake. Before its
 * first start it sweeps engines left by a runner killed with SIGKILL.
 *
 * <p>CPUs: with {@link LaunchSpec#cpuSet()} the command runs under {@code taskset -c CPUS}, checked
 * after startup through {@code /proc/<pid>/status}. Without one the engine gets the CPUs the runner
 * had when this runtime was made, not the runner's current ones: once the runner has pinned itself
 * to the load generator's CPUs ({@link Affinity#pinSelf}), an unpinned engine must not inherit them.
 */
public final class ProcessRuntime extends AbstractRuntime<ProcessEngine> {
    private final PidFiles pidFiles;
    private final String runnerCpus = Affinity.of(ProcessHandle.current().pid()).orElse("");

    /**
     * @param stateDir where pid records live ({@code stateDir/engines/*.pid}); shared by runs on one machine
     */
    public ProcessRuntime(
            Path stateDir, HandshakeProbe probe, Ticker ticker, Sleeper sleeper, EngineRegistry registry) {
        super(probe, ticker, sleeper, registry);
        this.pidFiles = new PidFiles(stateDir);
    }

    /** A runtime with the real socket probe, the system clock and the JVM-wide registry. */
    public ProcessRuntime(Path stateDir) {
        this(stateDir, new SocketProbe(), Ticker.system(), Sleeper.system(), EngineRegistry.global());
    }

    @Override
    public String name() {
        return "process";
    }

    @Override
    protected List<SweptEngine> sweep() {
        return pidFiles.sweep();
    }

    @Override
    protected Supplier<ProcessEngine> spawner(LaunchSpec spec) {
        String program = spec.command().get(0);
        if (program.contains("/") && !Files.isExecutable(Path.of(program))) {
            throw new LaunchException("the engine program " + program + " does not exist or is not executable");
        }
        Optional<String> cpus = cpus(spec);
        return () -> new ProcessEngine(spawn(spec, cpus), spec, registry, pidFiles, ticker);
    }

    @Override
    protected void started(ProcessEngine engine) {
        pidFiles.write(engine.pid(), engine.port(), engine.spec.command());
    }

    /** The CPUs to start the engine on; empty to inherit the runner's (when it has not been pinned). */
    private Optional<String> cpus(LaunchSpec spec) {
        if (spec.cpuSet().isPresent()) {
            return spec.cpuSet();
        }
        String now = Affinity.of(ProcessHandle.current().pid()).orElse("");
        return runnerCpus.isEmpty() || CpuList.same(now, runnerCpus) ? Optional.empty() : Optional.of(runnerCpus);
    }

    private static Process spawn(LaunchSpec spec, Optional<String> cpus) {
        try {
            Path parent = spec.logFile().toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            List<String> command = cpus.map(c -> Affinity.pinned(c, spec.command())).orElse(spec.command());
            ProcessBuilder builder = new ProcessBuilder(command)
                    .directory(spec.workingDir().toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(Redirect.appendTo(spec.logFile().toFile()));
            builder.environment().putAll(spec.environment());
            Process process = builder.start();
            process.getOutputStream().close(); // the engine reads no stdin; EOF rather than a pipe left open
            return process;
        } catch (IOException e) {
            throw new LaunchException(
                    "cannot start the engine (" + Processes.describe(spec.command()) + "): " + e.getMessage(), e);
        }
    }
}

package org.taf.runner.launch;

import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.taf.runner.warmup.Sleeper;
import org.taf.runner.warmup.Ticker;

/**
 * Runs the engine as a local child process: checks the port, starts the command with stdout and
 * stderr appended to the log file, records a {@link PidRecord}, registers the engine with the
 * {@link EngineRegistry} (stopped on Ctrl-C/SIGTERM), and waits for the handshake. Before its
 * first start it sweeps engines left by a runner killed with SIGKILL. {@link LaunchSpec#cpuSet()}
 * is not applied here (container profiles pin CPUs).
 */
public final class ProcessRuntime implements EngineRuntime {
    private final PidFiles pidFiles;
    private final Readiness readiness;
    private final Ticker ticker;
    private final EngineRegistry registry;
    private boolean swept;

    /**
     * @param stateDir where pid records live ({@code stateDir/engines/*.pid}); shared by runs on one machine
     */
    public ProcessRuntime(Path stateDir, HandshakeProbe probe, Ticker ticker, Sleeper sleeper, EngineRegistry registry) {
        this.pidFiles = new PidFiles(stateDir);
        this.readiness = new Readiness(probe, ticker, sleeper);
        this.ticker = ticker;
        this.registry = registry;
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
    public synchronized List<SweptEngine> sweepLeftovers() {
        swept = true;
        return pidFiles.sweep();
    }

    @Override
    public RunningEngine start(LaunchSpec spec) {
        synchronized (this) {
            if (!swept) {
                sweepLeftovers();
            }
        }
        check(spec);
        PortFinder.requireFree(spec.port());
        // Spawned and registered under the registry's lock, so that Ctrl-C during startup stops it too.
        ProcessEngine engine = registry.spawnRegistered(
                () -> new ProcessEngine(spawn(spec), spec, registry, pidFiles, ticker));
        try {
            pidFiles.write(engine.pid(), spec.port(), spec.command());
            engine.ready(readiness.await(spec.port(), spec.startupTimeout(), engine));
            return engine;
        } catch (InterruptedException e) {
            engine.kill();
            Thread.currentThread().interrupt();
            throw new LaunchException("interrupted while waiting for the engine on 127.0.0.1:" + spec.port() + " to start", e);
        } catch (RuntimeException e) {
            engine.kill();
            throw e;
        }
    }

    private static void check(LaunchSpec spec) {
        if (!Files.isDirectory(spec.workingDir())) {
            throw new LaunchException("the engine's working directory " + spec.workingDir() + " does not exist");
        }
        if (!Files.isDirectory(spec.datadir())) {
            throw new LaunchException("the engine's datadir " + spec.datadir() + " does not exist");
        }
        String program = spec.command().get(0);
        if (program.contains("/") && !Files.isExecutable(Path.of(program))) {
            throw new LaunchException("the engine program " + program + " does not exist or is not executable");
        }
    }

    private static Process spawn(LaunchSpec spec) {
        try {
            Path parent = spec.logFile().toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            ProcessBuilder builder = new ProcessBuilder(spec.command())
                    .directory(spec.workingDir().toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(Redirect.appendTo(spec.logFile().toFile()));
            builder.environment().putAll(spec.environment());
            Process process = builder.start();
            process.getOutputStream().close(); // the engine reads no stdin; EOF rather than a pipe left open
            return process;
        } catch (IOException e) {
            throw new LaunchException("cannot start the engine (" + Processes.describe(spec.command()) + "): " + e.getMessage(), e);
        }
    }
}

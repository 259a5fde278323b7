package org.taf.runner.launch;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import org.taf.runner.sys.CpuSampler;
import org.taf.runner.sys.LogTail;
import org.taf.runner.sys.ProcessCpuSampler;
import org.taf.runner.sys.Processes;
import org.taf.runner.sys.Ticker;

/** An engine running as a child process of the runner; made by {@link ProcessRuntime}. */
final class ProcessEngine implements RunningEngine, StartupWatch {
    // after SIGKILL the kernel tears a process down within milliseconds; this bound only guards a hung kernel
    private static final Duration KILL_WAIT = Duration.ofSeconds(10);

    private final Process process;
    private final LaunchSpec spec;
    private final ProcessCpuSampler sampler;
    private final EngineRegistry registry;
    private final PidFiles pidFiles;
    private final Ticker ticker;
    private volatile String serverVersion = "";
    private StopResult stopped;

    ProcessEngine(Process process, LaunchSpec spec, EngineRegistry registry, PidFiles pidFiles, Ticker ticker) {
        this.process = process;
        this.spec = spec;
        this.sampler = ProcessCpuSampler.of(process.pid());
        this.registry = registry;
        this.pidFiles = pidFiles;
        this.ticker = ticker;
    }

    void ready(Handshake handshake) {
        serverVersion = handshake.serverVersion();
    }

    @Override
    public long pid() {
        return process.pid();
    }

    @Override
    public int port() {
        return spec.port();
    }

    @Override
    public String serverVersion() {
        return serverVersion;
    }

    @Override
    public CpuSampler cpuSampler() {
        return sampler;
    }

    @Override
    public Path logFile() {
        return spec.logFile();
    }

    @Override
    public boolean isAlive() {
        return process.isAlive();
    }

    @Override
    public OptionalInt exitCode() {
        return process.isAlive() ? OptionalInt.empty() : OptionalInt.of(process.exitValue());
    }

    @Override
    public String logTail() {
        return LogTail.describe(spec.logFile(), LogTail.DEFAULT_LINES);
    }

    @Override
    public synchronized StopResult stop() {
        if (stopped != null) {
            return stopped;
        }
        long start = ticker.nanoTime();
        try {
            if (!process.isAlive()) {
                // it crashed on its own; still sweep up any children it left
                killTree(List.of());
                stopped = new StopResult(StopResult.How.EXITED_BEFORE_STOP, process.exitValue(), Duration.ZERO);
                return stopped;
            }
            // remember the tree now: once the engine exits its children are re-parented out of reach
            List<ProcessHandle> tree = Processes.tree(process.toHandle());
            process.destroy(); // SIGTERM
            boolean graceful;
            try {
                graceful = process.waitFor(spec.shutdownTimeout().toNanos(), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // asked to hurry: go straight to SIGKILL
                graceful = false;
            }
            killTree(tree); // SIGKILL whatever is left: everything if it ignored SIGTERM, stray children if not
            stopped = new StopResult(graceful ? StopResult.How.GRACEFUL : StopResult.How.FORCED, waitExit(),
                    Duration.ofNanos(ticker.nanoTime() - start));
            return stopped;
        } finally {
            if (stopped != null || !process.isAlive()) {
                registry.unregister(this);
                pidFiles.delete(process.pid());
            }
        }
    }

    /** Kills the whole tree at once, for a failed start: no graceful stop owed to an engine that never got ready. */
    void kill() {
        killTree(Processes.tree(process.toHandle()));
        registry.unregister(this);
        pidFiles.delete(process.pid());
    }

    private void killTree(List<ProcessHandle> known) {
        List<Long> survivors = Processes.killTree(process.toHandle(), known, KILL_WAIT);
        if (!survivors.isEmpty()) {
            throw new LaunchException("engine pid " + process.pid() + " (port " + spec.port() + "): processes "
                    + survivors + " are still running " + KILL_WAIT.toSeconds() + "s after SIGKILL");
        }
    }

    private int waitExit() {
        try {
            // the process is dead (killTree checked); this only reaps it and reads the status
            process.waitFor(KILL_WAIT.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return process.isAlive() ? -1 : process.exitValue();
    }

    @Override
    public String toString() {
        return "engine pid " + pid() + " on 127.0.0.1:" + port();
    }
}

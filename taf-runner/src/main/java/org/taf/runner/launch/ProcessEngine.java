package org.taf.runner.launch;

import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.taf.runner.sys.CpuSampler;
import org.taf.runner.sys.LogTail;
import org.taf.runner.sys.ProcessCpuSampler;
import org.taf.runner.sys.Processes;
import org.taf.runner.sys.Ticker;

/** An engine running as a child process of the runner; made by {@link ProcessRuntime}. */
final class ProcessEngine extends AbstractEngine {
    private final Process process;
    private final ProcessCpuSampler sampler;
    private final PidFiles pidFiles;

    ProcessEngine(Process process, LaunchSpec spec, EngineRegistry registry, PidFiles pidFiles, Ticker ticker) {
        super(spec, registry, ticker);
        this.process = process;
        this.sampler = ProcessCpuSampler.of(process.pid());
        this.pidFiles = pidFiles;
    }

    @Override
    public long pid() {
        return process.pid();
    }

    @Override
    public CpuSampler cpuSampler() {
        return sampler;
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
    protected StopResult stopNow(Supplier<Duration> took) {
        if (!process.isAlive()) {
            // it crashed on its own; still sweep up any children it left
            killTree(List.of());
            return new StopResult(StopResult.How.EXITED_BEFORE_STOP, process.exitValue(), Duration.ZERO);
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
        return new StopResult(graceful ? StopResult.How.GRACEFUL : StopResult.How.FORCED, waitExit(), took.get());
    }

    @Override
    protected void killNow() {
        killTree(Processes.tree(process.toHandle()));
    }

    @Override
    protected boolean goneAfterFailedStop() {
        return !process.isAlive();
    }

    @Override
    protected void released() {
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

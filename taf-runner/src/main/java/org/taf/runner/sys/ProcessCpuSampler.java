package org.taf.runner.sys;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * CPU seconds of one process from {@code <procRoot>/<pid>/stat}: utime + stime of the whole
 * thread group, divided by the kernel's {@link ClockTicks}. Resolution is one tick (10 ms), so
 * sample at intervals of a second or so.
 */
public final class ProcessCpuSampler implements CpuSampler {
    private final Path procRoot;
    private final long pid;
    private final int ticksPerSecond;

    /**
     * @param procRoot       normally {@code /proc}; a fixture directory in tests
     * @param pid            the engine's process id
     * @param ticksPerSecond clock ticks per second, normally {@link ClockTicks#perSecond()}
     */
    public ProcessCpuSampler(Path procRoot, long pid, int ticksPerSecond) {
        if (pid <= 0 || ticksPerSecond <= 0) {
            throw new IllegalArgumentException(
                    "pid " + pid + " and ticks per second " + ticksPerSecond + " must be positive");
        }
        this.procRoot = procRoot;
        this.pid = pid;
        this.ticksPerSecond = ticksPerSecond;
    }

    /** A sampler of a live process on this machine. */
    public static ProcessCpuSampler of(long pid) {
        return new ProcessCpuSampler(Path.of("/proc"), pid, ClockTicks.perSecond());
    }

    /**
     * {@code /proc/<pid>/stat utime+stime (1/100 s ticks)}: the file read and its resolution; the pid
     * is left out so that every iteration (a new process each) names the same source.
     */
    @Override
    public String source() {
        return "/proc/<pid>/stat utime+stime (1/" + ticksPerSecond + " s ticks)";
    }

    @Override
    public double cpuSeconds() {
        Path file = procRoot.resolve(Long.toString(pid)).resolve("stat");
        ProcPidStat stat;
        try {
            stat = ProcPidStat.read(procRoot, pid)
                    .orElseThrow(
                            () -> new SysException("engine process " + pid + " is gone (" + file + " does not exist)"));
        } catch (IOException e) {
            throw new SysException("cannot read " + file + ": " + e.getMessage(), new UncheckedIOException(e));
        } catch (IllegalArgumentException e) {
            throw new SysException("cannot parse " + file + ": " + e.getMessage(), e);
        }
        if (!stat.running()) {
            throw new SysException("engine process " + pid + " (" + stat.comm() + ") has exited (state " + stat.state()
                    + " in " + file + ")");
        }
        return stat.cpuSeconds(ticksPerSecond);
    }
}

package org.taf.runner.sys;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Samples the whole host's CPU from {@code /proc/stat}, so that a measurement can report the CPU
 * used by everything other than the engine and the time stolen by the hypervisor.
 */
public final class HostCpu {
    private final Path procStat;
    private final int ticksPerSecond;

    /**
     * @param procStat       normally {@code /proc/stat}; a fixture file in tests
     * @param ticksPerSecond clock ticks per second, normally {@link ClockTicks#perSecond()}
     */
    public HostCpu(Path procStat, int ticksPerSecond) {
        this.procStat = procStat;
        this.ticksPerSecond = ticksPerSecond;
    }

    /** This machine's {@code /proc/stat}. */
    public static HostCpu system() {
        return new HostCpu(Path.of("/proc/stat"), ClockTicks.perSecond());
    }

    /**
     * The cumulative host CPU times now.
     *
     * @throws SysException when the file cannot be read or parsed
     */
    public HostCpuTimes sample() {
        try {
            return HostCpuTimes.parse(Files.readString(procStat, StandardCharsets.US_ASCII), ticksPerSecond);
        } catch (IOException e) {
            throw new SysException("cannot read " + procStat + ": " + e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            throw new SysException("cannot parse " + procStat + ": " + e.getMessage(), e);
        }
    }
}

package org.taf.runner.results;

import java.util.Objects;

/**
 * The engine's CPU time during one iteration's measured window (the same intervals as its measured
 * samples), the raw number behind CPU time per transaction. Optional in results files: files
 * written before it existed read it as absent.
 *
 * @param source     where it was read, e.g. {@code /proc/4711/stat (utime+stime, 1/100 s)}
 * @param cpuSeconds engine CPU seconds (user + system, all threads) over the measured window, {@code >= 0}
 */
public record EngineCpuRecord(String source, double cpuSeconds) {
    public EngineCpuRecord {
        Objects.requireNonNull(source, "source");
        if (!(cpuSeconds >= 0) || Double.isInfinite(cpuSeconds)) {
            throw new IllegalArgumentException("engine CPU seconds (" + cpuSeconds + ") must be finite and >= 0");
        }
    }
}

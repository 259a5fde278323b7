package org.taf.runner.warmup;

import org.taf.runner.sys.Durations;

import java.time.Duration;

/**
 * One CPU sample of the engine.
 *
 * @param elapsed    time since the sampling started (the baseline reading)
 * @param cpuSeconds the engine's cumulative CPU seconds at this sample (raw, as read)
 * @param cpuPercent CPU use over the interval that ends here, one core = 100%
 */
public record CpuPoint(Duration elapsed, double cpuSeconds, double cpuPercent) {

    public CpuPoint {
        if (elapsed.isNegative()) {
            throw new IllegalArgumentException("elapsed (" + Durations.format(elapsed) + ") must not be negative");
        }
        if (!Double.isFinite(cpuPercent) || cpuPercent < 0) {
            throw new IllegalArgumentException("cpu percent (" + cpuPercent + ") must be a finite number >= 0");
        }
    }

    /** CPU percent between two cumulative readings: delta CPU seconds / delta wall seconds x 100. */
    public static double percent(double cpuSecondsBefore, double cpuSecondsAfter, Duration wall) {
        double seconds = wall.toNanos() / 1e9;
        if (seconds <= 0) {
            throw new IllegalArgumentException("wall interval (" + Durations.format(wall) + ") must be positive");
        }
        // a counter never goes back; clamp tick rounding of a re-read to zero rather than report < 0
        double pct = Math.max(0, cpuSecondsAfter - cpuSecondsBefore) / seconds * 100;
        // CPU time comes in 10 ms ticks: digits past 1e-6 % are floating-point noise, and would make
        // a sample that is exactly at a threshold (30 % = 0.3 s / 1 s) land a hair above it
        return Math.round(pct * 1e6) / 1e6;
    }
}

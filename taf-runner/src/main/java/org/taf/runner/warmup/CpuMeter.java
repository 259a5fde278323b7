package org.taf.runner.warmup;

import java.time.Duration;
import org.taf.runner.sys.CpuSampler;
import org.taf.runner.sys.Durations;
import org.taf.runner.sys.Sleeper;
import org.taf.runner.sys.Ticker;

/**
 * Turns a cumulative {@link CpuSampler} into a series of {@link CpuPoint}s, one per interval.
 * The first {@link #next()} takes a baseline reading, then every call waits for the next tick of a
 * fixed schedule (baseline + k x interval), so slow reads do not make the series drift. Each
 * point's percent uses the wall time actually measured between the two readings.
 */
public final class CpuMeter {
    private final CpuSampler sampler;
    private final Ticker ticker;
    private final Sleeper sleeper;
    private final long intervalNanos;
    private boolean started;
    private long startNanos;
    private long scheduleOrigin;
    private long ticks;
    private long previousNanos;
    private double previousCpu;

    /**
     * @param interval time between samples, positive (TAF samples every second)
     */
    public CpuMeter(CpuSampler sampler, Ticker ticker, Sleeper sleeper, Duration interval) {
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("sampling interval (" + Durations.format(interval)
                    + ") must be positive");
        }
        this.sampler = sampler;
        this.ticker = ticker;
        this.sleeper = sleeper;
        this.intervalNanos = interval.toNanos();
    }

    /**
     * Waits for the next scheduled tick and returns the CPU use since the previous reading.
     *
     * @throws org.taf.runner.sys.SysException when the sampler fails (the engine is gone)
     * @throws InterruptedException when the thread is interrupted while waiting
     */
    public CpuPoint next() throws InterruptedException {
        if (!started) {
            startNanos = ticker.nanoTime();
            scheduleOrigin = startNanos;
            previousNanos = startNanos;
            previousCpu = sampler.cpuSeconds();
            started = true;
        }
        ticks++;
        long due = scheduleOrigin + ticks * intervalNanos;
        long now = ticker.nanoTime();
        if (due > now) {
            sleeper.sleep(Duration.ofNanos(due - now));
            now = ticker.nanoTime();
        } else {
            // fell behind (a slow read, a stalled host): re-anchor rather than fire a burst of samples
            scheduleOrigin = now - ticks * intervalNanos;
        }
        if (now <= previousNanos) {
            throw new IllegalStateException("the ticker did not advance over a sampling interval");
        }
        double cpu = sampler.cpuSeconds();
        CpuPoint point = new CpuPoint(Duration.ofNanos(now - startNanos), cpu,
                CpuPoint.percent(previousCpu, cpu, Duration.ofNanos(now - previousNanos)));
        previousNanos = now;
        previousCpu = cpu;
        return point;
    }
}

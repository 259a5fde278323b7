package org.taf.runner.warmup;

import org.taf.runner.sys.Durations;

import java.time.Duration;
import java.util.List;
import org.taf.runner.sys.CpuSampler;
import org.taf.runner.sys.Ticker;

/**
 * A {@link CpuSampler} that replays a {@link CpuTrace} against a {@link Ticker}: the reading at
 * ticker time t is the trace's CPU at (t - time of construction), interpolated linearly between
 * recorded readings. With a fake ticker the detectors run on a recording in milliseconds.
 */
public final class ReplayCpuSampler implements CpuSampler {
    private final List<CpuTrace.Sample> samples;
    private final Ticker ticker;
    private final long originNanos;
    private final long firstNanos;

    /** Starts replaying {@code trace} now, as the ticker tells time. */
    public ReplayCpuSampler(CpuTrace trace, Ticker ticker) {
        this.samples = trace.samples();
        this.ticker = ticker;
        this.originNanos = ticker.nanoTime();
        this.firstNanos = samples.get(0).elapsed().toNanos();
    }

    /**
     * @throws IllegalStateException when the ticker has run past the end of the trace: a test
     *                               that needs more data than it recorded is a broken test
     */
    @Override
    public double cpuSeconds() {
        long t = firstNanos + ticker.nanoTime() - originNanos;
        int hi = 1;
        while (hi < samples.size() && samples.get(hi).elapsed().toNanos() < t) {
            hi++;
        }
        if (hi == samples.size()) {
            throw new IllegalStateException("replay at " + Durations.format(Duration.ofNanos(t - firstNanos))
                    + " ran past the end of the CPU trace (" + Durations.format(Duration.ofNanos(
                            samples.get(hi - 1).elapsed().toNanos() - firstNanos)) + ")");
        }
        CpuTrace.Sample a = samples.get(hi - 1);
        CpuTrace.Sample b = samples.get(hi);
        long a0 = a.elapsed().toNanos();
        double f = t <= a0 ? 0 : (double) (t - a0) / (b.elapsed().toNanos() - a0);
        return a.cpuSeconds() + f * (b.cpuSeconds() - a.cpuSeconds());
    }
}

package org.taf.runner.warmup;

import java.util.ArrayList;
import java.util.List;
import org.taf.runner.sys.CpuSampler;
import org.taf.runner.sys.Sleeper;
import org.taf.runner.sys.Ticker;

/**
 * Waits until the engine's CPU is at rest, with TAF's algorithm ({@code WatchDbCpuUsage} /
 * {@code CpuMonitor->wait_for_rest}, the {@code db_process_rest_*} options): sample every
 * interval; a sample at or below {@code low} adds one to a count, a sample at or above
 * {@code high} sets it back to zero, a sample in between does neither (so the count is of
 * "low" samples since the last "high" one, not strictly back to back). Rested when the count
 * reaches {@code consecutive}; not rested after {@code maxAttempts} samples.
 *
 * <p>One deliberate difference: TAF's process_cpu_monitor.py declares rest on the low sample
 * <em>after</em> the count reached its target (so N + 1 low samples), and measures each sample
 * over 1 s then sleeps the interval. Here N counted samples suffice and consecutive samples tile
 * time without gaps, so every instant is observed.
 */
public final class RestDetector {
    private final RestOptions options;

    public RestDetector(RestOptions options) {
        this.options = options;
    }

    /**
     * Samples {@code engine} until it rests or the attempts run out. Not resting is a result, not
     * an error: the caller decides whether to go on (and flags the measurement) or stop.
     *
     * @throws org.taf.runner.sys.SysException when the engine disappears while being watched
     * @throws InterruptedException when the waiting thread is interrupted
     */
    public RestTrace await(CpuSampler engine, Ticker ticker, Sleeper sleeper) throws InterruptedException {
        CpuMeter meter = new CpuMeter(engine, ticker, sleeper, options.interval());
        List<CpuPoint> samples = new ArrayList<>();
        int count = 0;
        for (int attempt = 1; attempt <= options.maxAttempts(); attempt++) {
            CpuPoint p = meter.next();
            samples.add(p);
            if (p.cpuPercent() <= options.lowPct()) {
                count++;
                if (count >= options.consecutive()) {
                    return new RestTrace(samples, true, p.elapsed());
                }
            } else if (p.cpuPercent() >= options.highPct()) {
                count = 0;
            }
        }
        return new RestTrace(samples, false, samples.get(samples.size() - 1).elapsed());
    }
}

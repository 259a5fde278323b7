package org.taf.runner.warmup;

import java.time.Duration;

/**
 * How to warm the engine up while the workload runs, before measuring. Factory vocabulary:
 * {@link #untilCpuSettles(SettleOptions)}, {@link #fixed(Duration)}, {@link #none()}. Every
 * strategy is bounded in time and records the CPU samples it took.
 */
public interface Warmup {

    /**
     * Runs the warm-up; the caller has started the workload and keeps it running meanwhile.
     *
     * @throws WarmupException      when the engine disappears
     * @throws InterruptedException when the thread is interrupted
     */
    SettleTrace warmUp(CpuSampler engine, Ticker ticker, Sleeper sleeper) throws InterruptedException;

    /** One line for logs and results, e.g. "fixed 30s". */
    String describe();

    /** Until the CPU load settles, within {@code options.min()} and {@code options.max()}. */
    static Warmup untilCpuSettles(SettleOptions options) {
        return new SettleDetector(options);
    }

    /** A fixed time (TAF's {@code warmup_duration}), sampling CPU every second for the record; never flagged. */
    static Warmup fixed(Duration duration) {
        return new FixedWarmup(duration, Duration.ofSeconds(1));
    }

    /** No warm-up: measure at once. */
    static Warmup none() {
        return NoWarmup.INSTANCE;
    }
}

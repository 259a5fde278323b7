package org.taf.runner.warmup;
import org.taf.runner.sys.CpuSampler;
import org.taf.runner.sys.Ticker;
import org.taf.runner.sys.Sleeper;

/**
 * How to warm the engine up while the workload runs, before measuring. Factory vocabulary:
 * {@link #untilCpuSettles(SettleOptions)}. Every strategy is bounded in time and records the CPU samples it took.
 */
public interface Warmup {

    /**
     * Runs the warm-up; the caller has started the workload and keeps it running meanwhile.
     *
     * @throws WarmupException      when the engine disappears
     * @throws InterruptedException when the thread is interrupted
     */
    SettleTrace warmUp(CpuSampler engine, Ticker ticker, Sleeper sleeper) throws InterruptedException;

    /** One line for logs and results, e.g. "until CPU settles (window 5s, ...)". */
    String describe();

    /** Until the CPU load settles, within {@code options.min()} and {@code options.max()}. */
    static Warmup untilCpuSettles(SettleOptions options) {
        return new SettleDetector(options);
    }
}

package org.taf.runner.warmup;

import java.time.Duration;
import org.taf.runner.results.WarmupMode;
import org.taf.runner.sys.Sleeper;
import org.taf.runner.sys.Ticker;

/**
 * How an engine start warms up under load before it is measured: the one vocabulary of the warm-up stage.
 * {@link #none()}, {@link #untilCpuSettles}, {@link #untilTpsSettles} and {@link #untilJitQuiet} each end, settled
 * or not, by {@link #timeout()} ({@code warmup.max}) at the latest, and say how in one {@link WarmupTrace}.
 * A strategy is immutable and serves every engine start of a run; the start's own state lives in
 * {@link #warmUp}.
 */
public interface Warmup {

    /**
     * Warms {@code target}'s engine up on its load and says how it ended. The CPU settle runs the load on a
     * thread of its own and samples the engine's CPU on this one, on {@code ticker} and {@code sleeper}; the TPS
     * and JIT rules judge the load's own intervals on this thread; none returns at once.
     *
     * @throws org.taf.runner.sys.SysException when the engine disappears while it is watched
     * @throws InterruptedException when the thread is interrupted (the load failed, Ctrl-C)
     */
    WarmupTrace warmUp(WarmupTarget target, Ticker ticker, Sleeper sleeper) throws InterruptedException;

    /** What the results record as this warm-up's mode. */
    WarmupMode mode();

    /** The longest it watches: {@code warmup.max}, zero for none. */
    Duration timeout();

    /** One line for logs, e.g. "until CPU settles (window 10s, ...)". */
    String describe();

    /** No warm-up: the engine start is measured as soon as it has rested. */
    static Warmup none() {
        return NoWarmup.INSTANCE;
    }

    /**
     * The load run for {@code options.max()}, no settle test: a warm-up too short to judge (fewer than 3 samples).
     */
    static Warmup forTime(SettleOptions options) {
        return LoadWarmup.fixed(options);
    }

    /**
     * Until the engine's CPU load settles ({@code warmup.signal = cpu}, TAF's rule), sampled every
     * {@code options.interval()} while the load runs, within {@code options.min()} and {@code options.max()}.
     */
    static Warmup untilCpuSettles(SettleOptions options) {
        return new CpuSettle(options);
    }

    /**
     * Until the load's own throughput settles ({@code warmup.signal = tps}), by the same rule as the CPU's on
     * its report intervals ({@code options.interval()}), within {@code options.min()} and {@code options.max()}.
     */
    static Warmup untilTpsSettles(SettleOptions options) {
        return LoadWarmup.tps(options);
    }

    /**
     * Until the engine JVM's JIT compiler threads go quiet ({@code warmup.signal = jit}): at most
     * {@code maxJitPct} of one CPU over the window of the load's intervals, within {@code options.min()} and
     * {@code options.max()}; the TPS rule where no compiler thread is visible.
     *
     * @param maxJitPct {@code warmup.max_jit_pct}, positive
     */
    static Warmup untilJitQuiet(SettleOptions options, double maxJitPct) {
        return LoadWarmup.jit(options, maxJitPct);
    }
}

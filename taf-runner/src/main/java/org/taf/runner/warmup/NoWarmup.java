package org.taf.runner.warmup;

import java.time.Duration;
import org.taf.runner.results.WarmupMode;
import org.taf.runner.sys.Sleeper;
import org.taf.runner.sys.Ticker;

/** {@link Warmup#none()}: the engine start goes from its rest straight to its measurement. */
enum NoWarmup implements Warmup {
    INSTANCE;

    /** Touches neither the engine nor its load. */
    @Override
    public WarmupTrace warmUp(WarmupTarget target, Ticker ticker, Sleeper sleeper) {
        return WarmupTrace.NOT_REACHED;
    }

    @Override
    public WarmupMode mode() {
        return WarmupMode.NONE;
    }

    @Override
    public Duration timeout() {
        return Duration.ZERO;
    }

    @Override
    public String describe() {
        return "no warm-up";
    }
}

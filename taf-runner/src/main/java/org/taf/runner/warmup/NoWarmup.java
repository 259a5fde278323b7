package org.taf.runner.warmup;

import java.time.Duration;
import java.util.List;

/** {@link Warmup#none}: measure at once. */
final class NoWarmup implements Warmup {
    static final NoWarmup INSTANCE = new NoWarmup();

    private NoWarmup() {}

    @Override
    public SettleTrace warmUp(CpuSampler engine, Ticker ticker, Sleeper sleeper) {
        return new SettleTrace(List.of(), true, Duration.ZERO, "no warm-up");
    }

    @Override
    public String describe() {
        return "none";
    }
}

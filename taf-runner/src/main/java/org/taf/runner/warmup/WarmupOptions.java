package org.taf.runner.warmup;

import java.util.Objects;

/**
 * How every engine start of a run warms up ({@code warmup.*}): built by the configuration stage from the keys,
 * checked here once, and turned into the run's {@link Warmup} by {@link #strategy()}.
 *
 * @param enabled   {@code warmup.enabled}: whether to warm up at all (default true)
 * @param signal    {@code warmup.signal}: what must settle, the load's TPS, the JIT or the engine's CPU (default tps)
 * @param threads   {@code warmup.threads}, resolved: client threads of a CPU warm-up on a load of its own, at
 *                  least 1 ({@code 0} in the definition is the largest of {@code workload.threads})
 * @param settle    the settle rule on the signal's samples: one a second for the CPU, one per
 *                  {@code workload.report_interval} for TPS and JIT
 * @param maxJitPct {@code warmup.max_jit_pct}: with the JIT signal, the compilers' largest share of one CPU over
 *                  the window that counts as quiet, percent, positive (default 5)
 */
public record WarmupOptions(boolean enabled, WarmupSignal signal, int threads, SettleOptions settle,
                            double maxJitPct) {
    public WarmupOptions {
        Objects.requireNonNull(signal, "warmup.signal");
        Objects.requireNonNull(settle, "settle");
        if (threads < 1) {
            throw new IllegalArgumentException("warmup.threads (" + threads + ") must be at least 1");
        }
        JitSettle.checkLimit(maxJitPct);
    }

    /** The definition's warm-up: none, or until the signal settles within {@code warmup.min} and {@code max}. */
    public Warmup strategy() {
        if (!enabled) {
            return Warmup.none();
        }
        if (SettleOptions.fixed(settle.interval(), settle.max())) {
            return Warmup.forTime(settle);
        }
        return switch (signal) {
            case CPU -> Warmup.untilCpuSettles(settle);
            case TPS -> Warmup.untilTpsSettles(settle);
            case JIT -> Warmup.untilJitQuiet(settle, maxJitPct);
        };
    }
}

package org.taf.runner.warmup;

import java.time.Duration;
import java.util.Locale;
import java.util.function.Function;
import org.taf.runner.results.WarmupMode;
import org.taf.runner.sys.Durations;
import org.taf.runner.sys.Sleeper;
import org.taf.runner.sys.Ticker;

/**
 * The warm-ups judged on the load's own intervals, {@link Warmup#untilTpsSettles} and {@link Warmup#untilJitQuiet}:
 * a fresh rule per engine start, offered every interval of the load on the calling thread. The load's time is
 * the clock, so the ticker and sleeper are not used; {@code warmup.max} bounds the rule, and the orchestrator's
 * limit on the load bounds a load that stops reporting.
 */
final class LoadWarmup implements Warmup {
    private final WarmupMode mode;
    private final SettleOptions options;
    private final Function<WarmupTarget, AbstractLoadSettle> rule;
    private final String description;

    private LoadWarmup(WarmupMode mode, SettleOptions options, Function<WarmupTarget, AbstractLoadSettle> rule,
                       String description) {
        this.mode = mode;
        this.options = options;
        this.rule = rule;
        this.description = description;
    }

    static LoadWarmup tps(SettleOptions options) {
        return new LoadWarmup(WarmupMode.TPS, options, target -> new TpsSettle(options), String.format(Locale.ROOT,
                "until TPS settles (window %s, cv <= %s%%, slope <= %s%%, min %s, max %s)",
                Durations.format(options.window()), AbstractLoadSettle.num(options.maxCvPct()),
                AbstractLoadSettle.num(options.maxSlopePct()), Durations.format(options.min()),
                Durations.format(options.max())));
    }

    static LoadWarmup fixed(SettleOptions options) {
        double seconds = options.max().toNanos() / 1e9;
        String why = "a fixed warm-up of " + Durations.format(options.max())
                + " (too short for a settle test's 3 samples)";
        return new LoadWarmup(WarmupMode.FIXED, options, target -> new AbstractLoadSettle() {
                    @Override
                    public boolean offer(double elapsedSeconds, double intervalSeconds, double tps) {
                        return over() || elapsedSeconds >= seconds - 1e-9 && end(true, elapsedSeconds, why);
                    }

                    @Override
                    WarmupMode mode() {
                        return WarmupMode.FIXED;
                    }
                }, why);
    }

    static LoadWarmup jit(SettleOptions options, double maxJitPct) {
        JitSettle.checkLimit(maxJitPct); // when the run starts, not at its first engine start
        return new LoadWarmup(WarmupMode.JIT, options,
                target -> new JitSettle(options, maxJitPct, target.jitCompilers()),
                String.format(Locale.ROOT, "until the JIT is quiet (window %s, compiler threads <= %s%% of a CPU,"
                        + " min %s, max %s)", Durations.format(options.window()), AbstractLoadSettle.num(maxJitPct),
                        Durations.format(options.min()), Durations.format(options.max())));
    }

    /**
     * The rule is made before the load is readied: the JIT rule's first reading of the compilers leaves out what
     * they did before, and whatever readying the load costs the engine is the load's.
     */
    @Override
    public WarmupTrace warmUp(WarmupTarget target, Ticker ticker, Sleeper sleeper) {
        AbstractLoadSettle r = rule.apply(target);
        target.openLoad();
        target.runLoad(r);
        return r.trace();
    }

    @Override
    public WarmupMode mode() {
        return mode;
    }

    @Override
    public Duration timeout() {
        return options.max();
    }

    @Override
    public String describe() {
        return description;
    }
}

package org.taf.runner.warmup;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import java.util.function.DoubleSupplier;
import org.taf.runner.results.WarmupMode;
import org.taf.runner.sys.Durations;

/**
 * The warm-up that watches the engine JVM's JIT compilers ({@code warmup.signal = jit}): over once
 * {@code min} has passed and the compiler threads used at most {@code maxJitPct} of one CPU over the last
 * {@code window} of the load's intervals; not settled at {@code max}. A fresh engine's throughput climbs
 * while C2 compiles its hot paths and stops climbing when it is done (docs/benchmarks/rules-evidence.md);
 * unlike the throughput, the compilers'
 * CPU time does not carry the host's second-to-second noise, so a quiet JIT is seen in one window where
 * a flat throughput may take many.
 *
 * <p>Where no compiler thread is visible (the engine is not a JVM, or runs where its threads cannot be
 * read) the throughput rule ({@link TpsSettle}) decides, and the reason says so. Not thread-safe: the
 * load's sampling thread feeds it.
 */
final class JitSettle extends AbstractLoadSettle {
    private final SettleOptions options;
    private final double maxJitPct;
    private final DoubleSupplier jitSeconds;
    private final TpsSettle throughput;
    private final Deque<double[]> window = new ArrayDeque<>(); // {interval seconds, JIT seconds, tps}
    private boolean blind;

    /**
     * @param options    window, min and max ({@code interval}: the load's report interval)
     * @param maxJitPct  {@code warmup.max_jit_pct}: the compilers' largest share of one CPU that counts as quiet
     * @param jitSeconds the compilers' CPU seconds since its previous call, -1 when none is visible
     *                   ({@code JitActivity::cpuSecondsSinceLastCall}); called once now and once per interval
     */
    JitSettle(SettleOptions options, double maxJitPct, DoubleSupplier jitSeconds) {
        checkLimit(maxJitPct);
        this.options = options;
        this.maxJitPct = maxJitPct;
        this.jitSeconds = jitSeconds;
        this.throughput = new TpsSettle(options);
        this.blind = jitSeconds.getAsDouble() < 0; // the compilers' time before the load is not the load's
    }

    @Override
    public boolean offer(double elapsedSeconds, double intervalSeconds, double tps) {
        if (over()) {
            return true;
        }
        boolean tpsOver = throughput.offer(elapsedSeconds, tps);
        double jit = blind ? -1 : jitSeconds.getAsDouble();
        if (jit < 0) {
            blind = true;
        }
        if (blind) {
            return tpsOver && end(throughput.settled(), throughput.cutAtSeconds(),
                    "no JIT compiler threads visible, so the TPS rule: " + throughput.reason());
        }
        window.addLast(new double[] {intervalSeconds, jit, tps});
        while (window.size() > options.windowSamples()) {
            window.removeFirst();
        }
        if (window.size() == options.windowSamples() && elapsedSeconds >= options.min().toNanos() / 1e9 - 1e-9
                && jitPct() <= maxJitPct) {
            return end(true, elapsedSeconds, String.format(Locale.ROOT, "JIT quiet at %.1fs: %s", elapsedSeconds,
                    describe()));
        }
        if (elapsedSeconds >= options.max().toNanos() / 1e9 - 1e-9) {
            return end(false, elapsedSeconds, "JIT not quiet by warmup.max (" + Durations.format(options.max())
                    + "): " + (window.size() < options.windowSamples() ? "the " + Durations.format(options.window())
                    + " window never filled" : describe()));
        }
        return false;
    }

    /** The compilers' share of one CPU over the window, in percent. */
    private double jitPct() {
        double seconds = 0;
        double jit = 0;
        for (double[] s : window) {
            seconds += s[0];
            jit += s[1];
        }
        return seconds <= 0 ? 0 : 100 * jit / seconds;
    }

    private String describe() {
        double tps = window.stream().mapToDouble(s -> s[2]).average().orElse(0);
        double pct = jitPct();
        return String.format(Locale.ROOT, "compiler threads %.1f%% of a CPU %s %s%% over the last %s (mean %.0f TPS)",
                pct, pct <= maxJitPct ? "<=" : ">", num(maxJitPct), Durations.format(options.window()), tps);
    }

    @Override
    WarmupMode mode() {
        return WarmupMode.JIT;
    }

    /** Refuses a {@code warmup.max_jit_pct} that is not a positive number. */
    static void checkLimit(double maxJitPct) {
        if (!(maxJitPct > 0) || Double.isInfinite(maxJitPct)) {
            throw new IllegalArgumentException("warmup.max_jit_pct (" + maxJitPct + ") must be a positive number");
        }
    }
}

package org.taf.runner.config;

import static org.taf.runner.config.Checks.atLeast;
import static org.taf.runner.config.Checks.notNull;
import static org.taf.runner.config.Checks.percent;
import static org.taf.runner.config.Checks.positive;

import java.time.Duration;
import org.taf.runner.warmup.WarmupSignal;

/**
 * Warm-up until the engine's CPU load settles ({@code warmup.*}): settled when, over the rolling
 * {@code window}, the coefficient of variation is at most {@code maxCvPct} and the trend moves the
 * mean by at most {@code maxSlopePct} per window; never shorter than {@code min}, never longer than
 * {@code max} (then flagged "not settled").
 *
 * @param enabled     whether to warm up (default true)
 * @param signal      what must settle: the load's TPS or the engine's CPU (default tps)
 * @param threads     client threads while warming up, resolved: {@code warmup.threads = 0} becomes
 *                    the largest of {@code workload.threads}
 * @param min         shortest warm-up (default 10s)
 * @param max         longest warm-up (default 120s), >= min
 * @param window      rolling window (default 10s)
 * @param maxCvPct    coefficient-of-variation limit, percent (default 5)
 * @param maxSlopePct slope limit, percent of the mean per window (default 2)
 * @param maxJitPct   with signal jit: the JIT compilers' largest share of one CPU over the window that
 *                    counts as quiet, percent (default 5)
 */
public record WarmupSettings(boolean enabled, WarmupSignal signal, int threads, Duration min, Duration max, Duration window,
        double maxCvPct, double maxSlopePct, double maxJitPct) {
    public WarmupSettings {
        notNull("warmup.signal", signal);
        atLeast("warmup.threads", threads, 1);
        notNull("warmup.min", min);
        positive("warmup.max", max);
        positive("warmup.window", window);
        if (min.isNegative() || min.compareTo(max) > 0) {
            throw new IllegalArgumentException("warmup.min (" + min + ") must be in [0, warmup.max (" + max + ")]");
        }
        percent("warmup.max_cv_pct", maxCvPct);
        percent("warmup.max_slope_pct", maxSlopePct);
        percent("warmup.max_jit_pct", maxJitPct);
    }
}

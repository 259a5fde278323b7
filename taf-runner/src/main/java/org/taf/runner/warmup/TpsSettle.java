package org.taf.runner.warmup;

import org.taf.runner.sys.Durations;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.taf.runner.results.WarmupMode;

/**
 * The warm-up that watches the load's own throughput ({@code warmup.signal = tps}): fed every
 * sample of the workload while it warms up, it ends the warm-up once {@code min} has passed and the
 * last {@code window} of samples is steady by the same rule as {@link SettleDetector} (CV and
 * relative slope within limits), or at {@code max}, not settled. On a CPU-bound engine the CPU load
 * is flat from the first second while the JIT is still compiling, and throughput climbs for seconds
 * more: throughput is the signal that says the engine has reached its steady rate.
 *
 * <p>Not thread-safe: the load's sampling thread feeds it.
 */
final class TpsSettle extends AbstractLoadSettle {
    private final SettleOptions options;
    private final List<Double> times = new ArrayList<>();
    private final List<Double> values = new ArrayList<>();

    /** @param options window, limits, min and max; {@code interval} is the load's report interval */
    TpsSettle(SettleOptions options) {
        this.options = options;
    }

    @Override
    public boolean offer(double elapsedSeconds, double intervalSeconds, double tps) {
        return offer(elapsedSeconds, tps);
    }

    @Override
    WarmupMode mode() {
        return WarmupMode.TPS;
    }

    /**
     * The next sample; returns true once the warm-up is over (then later samples are ignored).
     *
     * @param elapsedSeconds end of the sample's interval, seconds since the load started
     * @param tps            its throughput
     */
    boolean offer(double elapsedSeconds, double tps) {
        if (over()) {
            return true;
        }
        times.add(elapsedSeconds);
        values.add(tps);
        int n = options.windowSamples();
        WindowStats last = null;
        if (values.size() >= n) {
            double[] t = new double[n];
            double[] v = new double[n];
            for (int i = 0; i < n; i++) {
                t[i] = times.get(values.size() - n + i);
                v[i] = values.get(values.size() - n + i);
            }
            last = WindowStats.of(t, v, options.window().toNanos() / 1e9);
            if (elapsedSeconds >= options.min().toNanos() / 1e9 - 1e-9 && within(last)) {
                return end(true, elapsedSeconds, String.format(Locale.ROOT, "TPS settled at %s: %s",
                        seconds(elapsedSeconds), describe(last)));
            }
        }
        if (elapsedSeconds >= options.max().toNanos() / 1e9 - 1e-9) {
            return end(false, elapsedSeconds, "TPS not settled by warmup.max (" + Durations.format(options.max())
                    + "): " + (last == null ? "the " + Durations.format(options.window()) + " window never filled"
                    : describe(last)));
        }
        return false;
    }

    private boolean within(WindowStats s) {
        return s.cvPct() <= options.maxCvPct() && Math.abs(s.slopePct()) <= options.maxSlopePct();
    }

    private String describe(WindowStats s) {
        if (s.mean() <= 0) {
            return "no transactions over the last " + Durations.format(options.window());
        }
        return String.format(Locale.ROOT, "cv %.1f%% %s %s%%, slope %+.1f%% %s %s%% over the last %s (mean %.0f TPS)",
                s.cvPct(), s.cvPct() <= options.maxCvPct() ? "<=" : ">", num(options.maxCvPct()), s.slopePct(),
                Math.abs(s.slopePct()) <= options.maxSlopePct() ? "<=" : ">", num(options.maxSlopePct()),
                Durations.format(options.window()), s.mean());
    }

    private static String seconds(double s) {
        return String.format(Locale.ROOT, "%.1fs", s);
    }
}

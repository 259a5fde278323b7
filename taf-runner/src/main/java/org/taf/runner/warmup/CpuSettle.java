package org.taf.runner.warmup;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.taf.runner.results.WarmupMode;
import org.taf.runner.sys.CpuSampler;
import org.taf.runner.sys.Durations;
import org.taf.runner.sys.Sleeper;
import org.taf.runner.sys.Ticker;

/**
 * Warms up until the engine's CPU load settles (steady-state detection on a rolling window).
 * While the workload runs, CPU percent is sampled every interval; once the window is full and
 * {@code min} has passed, the load is settled when the window's coefficient of variation and
 * relative least-squares slope are both within limits ({@link WindowStats}). CV alone misses a
 * slow ramp whose noise is small; slope alone misses a flat but noisy load; both together say
 * "the engine has reached its steady rate". At {@code max} it gives up and flags the run.
 *
 * <p>The CPU is sampled on its own schedule, not the load's, so the load runs on a thread of its own meanwhile.
 */
final class CpuSettle implements Warmup {
    private final SettleOptions options;

    CpuSettle(SettleOptions options) {
        this.options = options;
    }

    /**
     * Readies the load, runs it on another thread while this one watches the engine's CPU, tells the target
     * when the watch is over, and returns once the load has ended. A watch that fails stops the load; a load
     * that fails is this warm-up's failure.
     */
    @Override
    public WarmupTrace warmUp(WarmupTarget target, Ticker ticker, Sleeper sleeper) throws InterruptedException {
        target.openLoad();
        ExecutorService loader = Executors.newSingleThreadExecutor(CpuSettle::daemon);
        boolean ended = false;
        try {
            Future<?> running = loader.submit(() -> target.runLoad(null));
            WarmupTrace t = watch(target.engineCpu(), ticker, sleeper);
            target.warmedUp();
            running.get();
            ended = true;
            return t;
        } catch (ExecutionException e) {
            ended = true;
            throw e.getCause() instanceof RuntimeException re ? re : new IllegalStateException(e.getCause());
        } finally {
            if (!ended) {
                target.stopLoad(); // the watch failed or was interrupted while the load ran
            }
            loader.shutdownNow();
        }
    }

    /**
     * Samples the engine's CPU until it settles or {@code max} passes.
     *
     * @throws org.taf.runner.sys.SysException when the engine disappears during the warm-up
     * @throws InterruptedException when the thread is interrupted (the workload failed, Ctrl-C)
     */
    private WarmupTrace watch(CpuSampler engine, Ticker ticker, Sleeper sleeper) throws InterruptedException {
        CpuMeter meter = new CpuMeter(engine, ticker, sleeper, options.interval());
        int n = options.windowSamples();
        List<CpuPoint> samples = new ArrayList<>();
        WindowStats last = null;
        while (true) {
            CpuPoint p = meter.next();
            samples.add(p);
            if (samples.size() >= n) {
                last = WindowStats.of(samples.subList(samples.size() - n, samples.size()), options.window());
                if (p.elapsed().compareTo(options.min()) >= 0 && within(last)) {
                    return trace(samples, true, p.elapsed(),
                            "settled at " + Durations.format(round(p.elapsed())) + ": " + describe(last));
                }
            }
            if (p.elapsed().compareTo(options.max()) >= 0) {
                String why = last == null ? "the " + Durations.format(options.window()) + " window never filled"
                        : describe(last);
                return trace(samples, false, p.elapsed(),
                        "not settled by warmup.max (" + Durations.format(options.max()) + "): " + why);
            }
        }
    }

    /** Cut to the millisecond: the ticker's digits below it are jitter, and results have always held ms. */
    private static WarmupTrace trace(List<CpuPoint> samples, boolean settled, Duration cutAt, String reason) {
        return new WarmupTrace(WarmupMode.CPU, settled, cutAt.toMillis() / 1000.0, reason, samples);
    }

    @Override
    public WarmupMode mode() {
        return WarmupMode.CPU;
    }

    @Override
    public Duration timeout() {
        return options.max();
    }

    @Override
    public String describe() {
        return String.format(Locale.ROOT, "until CPU settles (window %s, cv <= %s%%, slope <= %s%%, min %s, max %s)",
                Durations.format(options.window()), num(options.maxCvPct()), num(options.maxSlopePct()),
                Durations.format(options.min()), Durations.format(options.max()));
    }

    private boolean within(WindowStats s) {
        return s.cvPct() <= options.maxCvPct() && Math.abs(s.slopePct()) <= options.maxSlopePct();
    }

    private String describe(WindowStats s) {
        if (s.mean() <= 0) {
            return "the engine used no CPU over the last " + Durations.format(options.window())
                    + " (is the workload running?)";
        }
        return String.format(Locale.ROOT, "cv %.1f%% %s %s%%, slope %+.1f%% %s %s%% over the last %s (mean %.0f%%)",
                s.cvPct(), s.cvPct() <= options.maxCvPct() ? "<=" : ">", num(options.maxCvPct()),
                s.slopePct(), Math.abs(s.slopePct()) <= options.maxSlopePct() ? "<=" : ">", num(options.maxSlopePct()),
                Durations.format(options.window()), s.mean());
    }

    private static String num(double v) {
        return AbstractLoadSettle.num(v);
    }

    // sample times jitter by microseconds; reasons read better in whole milliseconds
    private static Duration round(Duration d) {
        return Duration.ofMillis(Math.round(d.toNanos() / 1e6));
    }

    private static Thread daemon(Runnable r) {
        Thread t = new Thread(r, "taf-load");
        t.setDaemon(true);
        return t;
    }
}

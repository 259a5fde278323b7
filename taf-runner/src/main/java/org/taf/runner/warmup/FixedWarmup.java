package org.taf.runner.warmup;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** {@link Warmup#fixed}: runs for a set time, sampling CPU for the record without judging it. */
final class FixedWarmup implements Warmup {
    private final Duration duration;
    private final Duration interval;

    FixedWarmup(Duration duration, Duration interval) {
        if (duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException("warmup.duration (" + Durations.format(duration) + ") must be positive");
        }
        this.duration = duration;
        // never sample more coarsely than the warm-up itself lasts
        this.interval = interval.compareTo(duration) > 0 ? duration : interval;
    }

    @Override
    public SettleTrace warmUp(CpuSampler engine, Ticker ticker, Sleeper sleeper) throws InterruptedException {
        CpuMeter meter = new CpuMeter(engine, ticker, sleeper, interval);
        List<CpuPoint> samples = new ArrayList<>();
        CpuPoint p;
        do {
            p = meter.next();
            samples.add(p);
        } while (p.elapsed().compareTo(duration) < 0);
        return new SettleTrace(samples, true, p.elapsed(), "fixed warm-up of " + Durations.format(duration) + " (settling not checked)");
    }

    @Override
    public String describe() {
        return "fixed " + Durations.format(duration);
    }
}

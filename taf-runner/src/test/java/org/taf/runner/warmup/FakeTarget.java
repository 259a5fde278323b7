package org.taf.runner.warmup;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.function.DoubleSupplier;
import java.util.function.DoubleUnaryOperator;
import org.taf.runner.sys.CpuSampler;

/**
 * A {@link WarmupTarget} without an engine: the engine's CPU and its JIT compilers are given, and the load is a
 * script. Offered a rule, the load reports {@code tps(elapsed)} every {@code interval} seconds until the rule
 * says over or {@code limit} seconds have passed; without one, it runs until it is told the warm-up is over or
 * to stop, waiting on a latch, not a clock. Every call is logged, in order, for the test to read.
 */
final class FakeTarget implements WarmupTarget {
    private final CpuSampler cpu;
    private final DoubleSupplier jit;
    private final double interval;
    private final double limit;
    private final DoubleUnaryOperator tps;
    private final CountDownLatch ended = new CountDownLatch(1);
    private final List<String> calls = new ArrayList<>();
    /** Intervals the load reported to its rule. */
    int reported;

    private FakeTarget(CpuSampler cpu, DoubleSupplier jit, double interval, double limit, DoubleUnaryOperator tps) {
        this.cpu = cpu;
        this.jit = jit;
        this.interval = interval;
        this.limit = limit;
        this.tps = tps;
    }

    /** An engine whose CPU is {@code cpu}, under a load that runs until the warm-up is over. */
    static FakeTarget cpu(CpuSampler cpu) {
        return new FakeTarget(cpu, () -> -1, 1, 0, t -> 0);
    }

    /** A load reporting {@code tps(elapsed)} every {@code interval} seconds for at most {@code limit} seconds. */
    static FakeTarget load(double interval, double limit, DoubleUnaryOperator tps, DoubleSupplier jit) {
        return new FakeTarget(() -> 0, jit, interval, limit, tps);
    }

    /** The calls so far, in order: open, run, run with a rule, warmed up, stop. */
    synchronized List<String> calls() {
        return List.copyOf(calls);
    }

    private synchronized void log(String call) {
        calls.add(call);
    }

    @Override
    public CpuSampler engineCpu() {
        return cpu;
    }

    @Override
    public DoubleSupplier jitCompilers() {
        log("jit");
        return jit;
    }

    @Override
    public void openLoad() {
        log("open");
    }

    @Override
    public void runLoad(LoadSettle rule) {
        if (rule == null) {
            log("run");
            try {
                ended.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return;
        }
        log("run with a rule");
        for (double t = interval; t <= limit + 1e-9; t += interval) {
            reported++;
            if (rule.offer(t, interval, tps.applyAsDouble(t))) {
                return;
            }
        }
    }

    @Override
    public void warmedUp() {
        log("warmed up");
        ended.countDown();
    }

    @Override
    public void stopLoad() {
        log("stop");
        ended.countDown();
    }
}

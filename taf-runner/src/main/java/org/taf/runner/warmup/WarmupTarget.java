package org.taf.runner.warmup;

import java.util.function.DoubleSupplier;
import org.taf.runner.sys.CpuSampler;

/**
 * What a {@link Warmup} works on: one engine start, and the load it warms up on. The orchestrator gives one per
 * warm-up, and decides what the load does once the warm-up is over (goes on into the measurement, or ends);
 * tests fake it. A warm-up that runs the load calls {@link #openLoad} once, then {@link #runLoad} once.
 */
public interface WarmupTarget {

    /** The engine's cumulative CPU seconds: what the CPU settle samples on its own clock. */
    CpuSampler engineCpu();

    /**
     * The engine JVM's JIT compilers: each call gives their CPU seconds since the previous one, -1 while none is
     * visible ({@code sys.JitActivity}). The JIT rule calls it once before the load runs, then once an interval.
     */
    DoubleSupplier jitCompilers();

    /**
     * Readies the load on the calling thread, before it runs: what must be read before the load's first
     * interval (the engine's counters, for a measurement that follows) is read here.
     */
    void openLoad();

    /**
     * Runs the load on the calling thread until it ends. While the warm-up lasts, each report interval goes to
     * {@code rule} (null for a warm-up that watches from another thread) until it returns true; from then on, or
     * from {@link #warmedUp()}, the load goes on as the orchestrator planned.
     */
    void runLoad(LoadSettle rule);

    /** A warm-up watching from another thread is over; the load goes on as planned. Any thread. */
    void warmedUp();

    /** Ends the load from any thread: the warm-up failed or was interrupted while the load ran. */
    void stopLoad();
}

package org.taf.runner.warmup;

import java.util.Locale;

/** What the warm-up watches to decide the engine has reached its steady rate ({@code warmup.signal}). */
public enum WarmupSignal {
    /**
     * The load's own throughput, sampled every {@code workload.report_interval}: on a CPU-bound engine
     * the CPU load is flat while the JIT is still compiling and throughput still climbs.
     */
    TPS,
    /**
     * The engine JVM's JIT compiler threads, read each {@code workload.report_interval}: quiet once the
     * compilers are done with the hot paths, which is when a fresh JVM's throughput stops climbing; the
     * TPS rule where the engine shows no compiler thread.
     */
    JIT,
    /** The engine's CPU load, sampled every second (TAF's rule). */
    CPU;

    /** The name as written in properties, lower case. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}

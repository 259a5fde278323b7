package org.taf.runner.warmup;

/**
 * The cumulative CPU time used by the engine so far, in seconds (user + system, all threads).
 * Only differences between two readings are meaningful: CPU percent over an interval is
 * {@code delta CPU seconds / delta wall seconds x 100}, so one busy core is 100%.
 *
 * <p>Implementations: {@link ProcessCpuSampler} ({@code /proc/<pid>/stat}), {@link ReplayCpuSampler}
 * (a recorded {@link CpuTrace}); the container runtime will add one over the cgroup's usage.
 */
@FunctionalInterface
public interface CpuSampler {
    /**
     * Cumulative CPU seconds of the engine now.
     *
     * @throws WarmupException when the engine is gone or its counters cannot be read
     */
    double cpuSeconds();

    /**
     * Where the readings come from, shown beside every number made from them, e.g.
     * {@code /proc/<pid>/stat (utime+stime)} or the container cgroup's {@code cpu.stat}. The default
     * says only that it is not known.
     */
    default String source() {
        return "unspecified CPU sampler";
    }
}

package org.taf.runner.sys;


/**
 * The cumulative CPU time used by the engine so far, in seconds (user + system, all threads).
 * Only differences between two readings are meaningful: CPU percent over an interval is
 * {@code delta CPU seconds / delta wall seconds x 100}, so one busy core is 100%.
 *
 * <p>Implementations: {@link ProcessCpuSampler} ({@code /proc/<pid>/stat}) and {@link CgroupCpuSampler}
 * (a container's cgroup); tests replay recorded traces.
 */
@FunctionalInterface
public interface CpuSampler {
    /**
     * Cumulative CPU seconds of the engine now.
     *
     * @throws SysException when the engine is gone or its counters cannot be read
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

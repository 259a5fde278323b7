package org.taf.runner.results;

import java.util.List;

/**
 * Where a run was measured, as read from the host at the start of the run.
 *
 * @param host          host name
 * @param cpuModel      CPU model name from /proc/cpuinfo
 * @param sockets       physical packages
 * @param cores         physical cores
 * @param threads       logical CPUs
 * @param memoryBytes   total memory
 * @param os            operating system (PRETTY_NAME of /etc/os-release)
 * @param kernel        kernel release
 * @param jvm           the JVM that ran TAF and its load generator (name, version)
 * @param engineJvm     the JVM that ran the engine, its arguments and AOT cache
 * @param runtime       process or container
 * @param engineCpuset  CPUs the engine was pinned to ("" = not pinned)
 * @param clientCpuset  CPUs the load generator was pinned to ("" = not pinned)
 * @param cpufreq       the CPU frequency state achieved
 * @param cpuIdle       what idle CPUs did ({@code profile.cpu.idle}): {@code poll: ...} when TAF held them polling,
 *                      {@code unchanged: ...} or {@code failed: ...}, with cpuidle's driver and governor; null in
 *                      runs from before it was recorded
 */
public record EnvironmentRecord(String host, String cpuModel, int sockets, int cores, int threads, long memoryBytes,
                                String os, String kernel, String jvm, EngineJvmRecord engineJvm, String runtime,
                                String engineCpuset, String clientCpuset, CpuFreqRecord cpufreq,
                                String cpuIdle) {

    /** This environment with the engine's JVM started with {@code args} (known once its data is prepared). */
    public EnvironmentRecord withEngineArgs(List<String> args) {
        return new EnvironmentRecord(host, cpuModel, sockets, cores, threads, memoryBytes, os, kernel, jvm,
                engineJvm.withArgs(args), runtime, engineCpuset, clientCpuset, cpufreq, cpuIdle);
    }

    /** Whether idle CPUs polled during the run because TAF asked it ({@code profile.cpu.idle = poll}). */
    public boolean idlePolled() {
        return cpuIdle != null && cpuIdle.startsWith("poll");
    }

    /**
     * CPU frequency scaling as it was during the run.
     *
     * @param pinned whether TAF set the governor/frequencies it was asked to
     * @param note   why not, e.g. "not pinned: no cpufreq" or "failed: <file>: cannot set <key>=<value>: <why>",
     *               or what was done, e.g. "pinned: governor performance, min 2100000 kHz, ..."
     * @param cpus   per-CPU state read back after pinning (empty without cpufreq)
     */
    public record CpuFreqRecord(boolean pinned, String note, List<CpuState> cpus) {
        public CpuFreqRecord {
            cpus = List.copyOf(cpus);
        }
    }

    /**
     * One CPU's frequency settings, read back after pinning.
     *
     * @param cpu      logical CPU number
     * @param governor scaling governor ("none" without cpufreq)
     * @param minKhz   scaling_min_freq (0 without cpufreq)
     * @param maxKhz   scaling_max_freq (0 without cpufreq)
     * @param boost    on, off or unknown
     * @param status   {@code pinned}, {@code not pinned: <why>} (e.g. {@code not pinned: no cpufreq}) or
     *                 {@code failed: <sysfs file and value>}
     */
    public record CpuState(int cpu, String governor, long minKhz, long maxKhz, String boost, String status) {
    }
}

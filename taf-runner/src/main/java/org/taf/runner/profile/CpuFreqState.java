package org.taf.runner.profile;

import java.util.List;

/**
 * The CPU frequency scaling state of the host, per CPU, as read back from sysfs.
 *
 * @param available whether the kernel exposes cpufreq (a VM often does not)
 * @param cpus      per-CPU settings (empty when not available)
 */
public record CpuFreqState(boolean available, List<Cpu> cpus) {
    public CpuFreqState {
        cpus = List.copyOf(cpus);
    }

    /**
     * One CPU's scaling settings.
     *
     * @param cpu      logical CPU number
     * @param governor scaling_governor
     * @param minKhz   scaling_min_freq
     * @param maxKhz   scaling_max_freq
     * @param boost    "on", "off" or "unknown" (cpufreq/boost or intel_pstate/no_turbo)
     */
    public record Cpu(int cpu, String governor, long minKhz, long maxKhz, String boost) {
    }
}

package org.taf.runner.profile;

/**
 * One CPU's frequency settings as read back after pinning (or as found, when nothing was pinned).
 *
 * @param cpu      logical CPU number
 * @param governor scaling_governor ("none" without cpufreq)
 * @param minKhz   scaling_min_freq, kHz (0 without cpufreq)
 * @param maxKhz   scaling_max_freq, kHz (0 without cpufreq)
 * @param boost    on, off or unknown (host-wide)
 * @param status   {@code pinned}, {@code not pinned: <why>} or {@code failed: <file and value>}
 */
public record PinnedCpu(int cpu, String governor, long minKhz, long maxKhz, String boost, String status) {
}

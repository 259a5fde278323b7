package org.taf.runner.sys;

/**
 * What the host's CPUs did between two {@link HostCpuTimes} readings, in percent of one core
 * (the same unit as the engine's CPU percent: a 2-core host runs at most 200%).
 *
 * @param wallSeconds  the interval, derived from the host's total time / CPUs
 * @param busyPct      everything that ran (engine, load generator, the rest of the machine, steal)
 * @param enginePct    the engine's share, from its own CPU seconds
 * @param othersPct    busy minus engine minus steal: the CPU used by everything else, never below 0
 * @param stealPct     time the hypervisor gave to other guests
 * @param iowaitPct    idle time waiting on I/O
 */
public record HostCpuUsage(
        double wallSeconds, double busyPct, double enginePct, double othersPct, double stealPct, double iowaitPct) {

    /**
     * The usage between two readings, with the engine's CPU seconds over the same interval.
     *
     * @throws IllegalArgumentException when {@code later} is not after {@code earlier}
     */
    public static HostCpuUsage between(HostCpuTimes earlier, HostCpuTimes later, double engineCpuSeconds) {
        double wall = (later.totalSeconds() - earlier.totalSeconds()) / later.cpus();
        if (wall == 0) {
            // Two readings within one clock tick: no time passed that /proc/stat can show.
            return new HostCpuUsage(0, 0, 0, 0, 0, 0);
        }
        if (wall < 0) {
            throw new IllegalArgumentException("host CPU readings are not in time order (total "
                    + earlier.totalSeconds() + "s then " + later.totalSeconds() + "s)");
        }
        double busy = later.busySeconds() - earlier.busySeconds();
        double steal = later.stealSeconds() - earlier.stealSeconds();
        double others = Math.max(0, busy - steal - engineCpuSeconds);
        return new HostCpuUsage(wall, pct(busy, wall), pct(engineCpuSeconds, wall), pct(others, wall), pct(steal, wall),
                pct(later.iowaitSeconds() - earlier.iowaitSeconds(), wall));
    }

    private static double pct(double seconds, double wall) {
        return seconds / wall * 100;
    }
}

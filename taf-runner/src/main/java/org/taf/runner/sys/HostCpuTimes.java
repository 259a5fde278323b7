package org.taf.runner.sys;

/**
 * Cumulative CPU time of the whole host from the {@code cpu} line of {@code /proc/stat}, in
 * seconds summed over all CPUs. Only differences between two readings mean anything; see
 * {@link HostCpuUsage#between}.
 *
 * @param cpus          logical CPUs counted in /proc/stat (the {@code cpuN} lines)
 * @param totalSeconds  user + nice + system + idle + iowait + irq + softirq + steal (guest time is
 *                      already inside user and nice, so it is not added again)
 * @param idleSeconds   idle time
 * @param iowaitSeconds idle time with I/O outstanding
 * @param stealSeconds  time the hypervisor gave to other guests while this one wanted to run
 */
public record HostCpuTimes(
        int cpus, double totalSeconds, double idleSeconds, double iowaitSeconds, double stealSeconds) {

    public HostCpuTimes {
        if (cpus < 1) {
            throw new IllegalArgumentException("cpus (" + cpus + ") must be at least 1");
        }
    }

    /** Time the CPUs spent running something: total - idle - iowait (steal counts as busy: it is not ours to use). */
    public double busySeconds() {
        return totalSeconds - idleSeconds - iowaitSeconds;
    }

    /**
     * Parses the text of {@code /proc/stat}.
     *
     * @throws IllegalArgumentException when there is no aggregate {@code cpu} line or it has fewer than 4 numbers
     */
    public static HostCpuTimes parse(String procStat, int ticksPerSecond) {
        long[] cpu = null;
        int cpus = 0;
        for (String line : procStat.split("\n")) {
            if (line.startsWith("cpu ")) {
                cpu = numbers(line);
            } else if (line.startsWith("cpu") && line.length() > 3 && Character.isDigit(line.charAt(3))) {
                cpus++;
            }
        }
        if (cpu == null || cpu.length < 4) {
            throw new IllegalArgumentException(
                    "no aggregate 'cpu' line with user, nice, system and idle in /proc/stat");
        }
        // fields: user nice system idle iowait irq softirq steal guest guest_nice (later ones absent on old kernels)
        long total = 0;
        for (int i = 0; i < Math.min(cpu.length, 8); i++) {
            total += cpu[i];
        }
        double hz = ticksPerSecond;
        return new HostCpuTimes(Math.max(cpus, 1), total / hz, cpu[3] / hz, field(cpu, 4) / hz, field(cpu, 7) / hz);
    }

    private static long field(long[] values, int index) {
        return index < values.length ? values[index] : 0;
    }

    private static long[] numbers(String line) {
        String[] parts = line.trim().split(" +");
        long[] out = new long[parts.length - 1];
        try {
            for (int i = 1; i < parts.length; i++) {
                out[i - 1] = Long.parseLong(parts[i]);
            }
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("bad number in /proc/stat line '" + line + "'", e);
        }
        return out;
    }
}

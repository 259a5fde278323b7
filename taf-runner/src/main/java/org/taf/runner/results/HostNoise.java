package org.taf.runner.results;

import java.util.List;
import java.util.Locale;
import org.taf.runner.sys.HostCpuTimes;
import org.taf.runner.sys.HostCpuUsage;

/**
 * The CPU the rest of the host used while the engine was measured, in percent of one CPU: every
 * busy tick of {@code /proc/stat} minus the engine's CPU, minus the runner's own JVM (it is the
 * load generator) and minus steal time, which is reported on its own. This is the one place these
 * numbers are derived: per interval from two {@code /proc/stat} readings, per iteration as the mean
 * of the intervals kept in its results.
 *
 * @param intervals how many intervals the numbers cover (0: nothing measured)
 * @param otherPct  CPU of other processes, never below 0
 * @param stealPct  time the hypervisor gave to other guests
 */
public record HostNoise(int intervals, double otherPct, double stealPct) {
    /** Nothing measured: no noise to report. */
    public static final HostNoise NONE = new HostNoise(0, 0, 0);

    /**
     * The noise between two host readings, given the engine's and the runner's CPU seconds over the
     * same interval.
     */
    public static HostNoise between(HostCpuTimes before, HostCpuTimes after, double engineCpuSeconds,
                                    double runnerCpuSeconds) {
        HostCpuUsage u = HostCpuUsage.between(before, after, engineCpuSeconds);
        if (u.wallSeconds() == 0) {
            return NONE;
        }
        double runnerPct = runnerCpuSeconds / u.wallSeconds() * 100;
        return new HostNoise(1, Math.max(0, u.othersPct() - runnerPct), u.stealPct());
    }

    /** The mean over an iteration's per-interval CPU points, as its results keep them. */
    public static HostNoise of(List<? extends Point> points) {
        if (points.isEmpty()) {
            return NONE;
        }
        double other = points.stream().mapToDouble(Point::hostOtherPct).average().orElse(0);
        double steal = points.stream().mapToDouble(Point::stealPct).average().orElse(0);
        return new HostNoise(points.size(), other, steal);
    }

    /**
     * One interval's readings of the rest of the host, percent of one CPU ({@code results.CpuPointRecord} is
     * one): an interface here, so that the results may hold them without this stage reading the results.
     */
    public interface Point {
        /** Everything on the host but the engine, the load generator included. */
        double hostOtherPct();

        /** Time the hypervisor gave to other guests. */
        double stealPct();
    }

    /** {@code other processes 34.0% of one CPU, steal 0.0%}. */
    public String describe() {
        return String.format(Locale.ROOT, "other processes %.1f%% of one CPU, steal %.1f%%", otherPct, stealPct);
    }
}

package org.taf.runner.profile;

import java.util.List;

/**
 * What pinning achieved, for the results' environment: read back from sysfs, never assumed.
 *
 * @param pinned   every CPU got every setting asked
 * @param note     one line for people: {@code pinned: governor performance, ...},
 *                 {@code not pinned: no cpufreq}, {@code not pinned: the profile leaves the CPU as it is},
 *                 or {@code failed: <file>: cannot set <key>=<value>: <reason>}
 * @param cpus     per CPU, in CPU order
 * @param smt      the SMT control as read back (on, off, notsupported, ...; unknown when absent)
 * @param problems what could not be applied (empty when pinned)
 */
public record PinOutcome(boolean pinned, String note, List<PinnedCpu> cpus, String smt, List<PinProblem> problems) {
    /** The status and note of a host without cpufreq, exactly as every output shows it. */
    public static final String NO_CPUFREQ = "not pinned: no cpufreq";
    /** The status of a CPU the profile did not ask to change. */
    public static final String LEFT_AS_FOUND = "not pinned: the profile leaves the CPU as it is";

    public PinOutcome {
        cpus = List.copyOf(cpus);
        problems = List.copyOf(problems);
    }
}

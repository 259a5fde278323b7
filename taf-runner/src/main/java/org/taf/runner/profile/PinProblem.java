package org.taf.runner.profile;

/**
 * Why a CPU setting cannot be (or was not) applied.
 *
 * @param cpu       the CPU it concerns, or -1 for a host-wide switch (boost, SMT)
 * @param setting   the profile key and value asked, e.g. {@code profile.cpu.governor=performance}
 * @param file      the sysfs file at fault
 * @param reason    what is wrong, e.g. {@code not one of: powersave schedutil}
 * @param noCpufreq the host has no cpufreq for this CPU (a VM): "not pinned", not "failed"
 */
public record PinProblem(int cpu, String setting, String file, String reason, boolean noCpufreq) {
    /** {@code /sys/.../scaling_governor: cannot set profile.cpu.governor=performance: not one of: ...}. */
    public String message() {
        return file + ": cannot set " + setting + ": " + reason;
    }

    /** The per-CPU status this problem gives: {@code not pinned: no cpufreq} or {@code failed: <message>}. */
    public String status() {
        return noCpufreq ? PinOutcome.NO_CPUFREQ : "failed: " + message();
    }
}

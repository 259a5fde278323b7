package org.taf.runner.config;

import static org.taf.runner.config.Checks.notNull;

import java.util.Optional;
import java.util.OptionalLong;

/**
 * Where and how pinned the engine runs ({@code profile.*}, usually from
 * {@code profiles/<name>.properties}). Empty optionals mean "leave the host as it is".
 *
 * @param name          the profile's name (the {@code profile} key, default {@code default})
 * @param runtime       process or container (default process)
 * @param engineCpuset  CPUs of the engine
 * @param clientCpuset  CPUs of the load generator
 * @param memoryLimit   memory limit of the engine's container, bytes
 * @param governor      cpufreq governor, e.g. {@code performance}
 * @param minFreqKhz    minimum CPU frequency, kHz
 * @param maxFreqKhz    maximum CPU frequency, kHz
 * @param boost         boost/turbo (default unchanged)
 * @param smt           simultaneous multithreading (default unchanged)
 * @param strict        a CPU setting that cannot be applied is an error (default false)
 * @param image         container image (empty: built locally)
 * @param jfr           record JFR in the engine for flame graphs ({@code profile.jfr}, default false)
 */
public record ProfileSettings(String name, RuntimeKind runtime, Optional<CpuSet> engineCpuset,
        Optional<CpuSet> clientCpuset, OptionalLong memoryLimit, Optional<String> governor, OptionalLong minFreqKhz,
        OptionalLong maxFreqKhz, CpuToggle boost, CpuToggle smt, boolean strict, Optional<String> image, boolean jfr) {
    public ProfileSettings {
        notNull("profile", name);
        notNull("profile.runtime", runtime);
        notNull("profile.engine_cpuset", engineCpuset);
        notNull("profile.client_cpuset", clientCpuset);
        notNull("profile.memory_limit", memoryLimit);
        notNull("profile.cpu.governor", governor);
        notNull("profile.cpu.min_freq", minFreqKhz);
        notNull("profile.cpu.max_freq", maxFreqKhz);
        notNull("profile.cpu.boost", boost);
        notNull("profile.cpu.smt", smt);
        notNull("profile.image", image);
        if (minFreqKhz.isPresent() && maxFreqKhz.isPresent() && minFreqKhz.getAsLong() > maxFreqKhz.getAsLong()) {
            throw new IllegalArgumentException("profile.cpu.min_freq must be <= profile.cpu.max_freq");
        }
    }

    /** Whether the profile changes any CPU frequency setting (and so needs restoring). */
    public boolean changesCpu() {
        return governor.isPresent() || minFreqKhz.isPresent() || maxFreqKhz.isPresent()
                || boost != CpuToggle.UNCHANGED || smt != CpuToggle.UNCHANGED;
    }
}

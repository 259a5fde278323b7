package org.taf.runner.profile;

import static java.util.Objects.requireNonNull;

import java.util.Optional;
import java.util.OptionalLong;
import org.taf.runner.results.NoiseThresholds;

/**
 * Where and how pinned the engine runs ({@code profile.*}, usually from {@code profiles/<name>.properties}),
 * and how much the rest of the host may disturb it. Empty optionals mean "leave the host as it is". Built
 * by the configuration stage from the keys, and checked here once.
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
 * @param idle          what idle CPUs do: unchanged, or poll instead of halting ({@link IdlePolling})
 * @param strict        a CPU setting that cannot be applied is an error (default false)
 * @param image         container image (empty: built locally)
 * @param noise         {@code profile.noise.*}: the host noise that flags an iteration
 */
public record ProfileOptions(String name, RuntimeKind runtime, Optional<CpuSet> engineCpuset,
        Optional<CpuSet> clientCpuset, OptionalLong memoryLimit, Optional<String> governor, OptionalLong minFreqKhz,
        OptionalLong maxFreqKhz, CpuToggle boost, CpuToggle smt, CpuIdle idle, boolean strict, Optional<String> image,
        NoiseThresholds noise) {
    public ProfileOptions {
        requireNonNull(name, "profile");
        requireNonNull(runtime, "profile.runtime");
        requireNonNull(engineCpuset, "profile.engine_cpuset");
        requireNonNull(clientCpuset, "profile.client_cpuset");
        requireNonNull(memoryLimit, "profile.memory_limit");
        requireNonNull(governor, "profile.cpu.governor");
        requireNonNull(minFreqKhz, "profile.cpu.min_freq");
        requireNonNull(maxFreqKhz, "profile.cpu.max_freq");
        requireNonNull(boost, "profile.cpu.boost");
        requireNonNull(smt, "profile.cpu.smt");
        requireNonNull(idle, "profile.cpu.idle");
        requireNonNull(image, "profile.image");
        requireNonNull(noise, "profile.noise");
        if (minFreqKhz.isPresent() && maxFreqKhz.isPresent() && minFreqKhz.getAsLong() > maxFreqKhz.getAsLong()) {
            throw new IllegalArgumentException("profile.cpu.min_freq (" + minFreqKhz.getAsLong()
                    + " kHz) must be <= profile.cpu.max_freq (" + maxFreqKhz.getAsLong() + " kHz)");
        }
    }

    /** Whether the profile changes any CPU frequency setting (and so needs restoring). */
    public boolean changesCpu() {
        return governor.isPresent() || minFreqKhz.isPresent() || maxFreqKhz.isPresent()
                || boost != CpuToggle.UNCHANGED || smt != CpuToggle.UNCHANGED;
    }
}

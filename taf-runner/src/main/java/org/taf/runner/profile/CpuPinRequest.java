package org.taf.runner.profile;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeSet;

/**
 * What a profile asks of the CPUs, for {@link CpuPinner}: the CPUs to pin and the values to give
 * them. Empty optionals and {@link CpuToggle#UNCHANGED} leave a setting as the host has it.
 *
 * @param profile    the profile's name, for messages
 * @param cpus       CPUs whose governor and frequencies are set (engine and client cpusets
 *                   together; every online CPU when the profile names none), ascending, not empty
 * @param governor   scaling_governor to set
 * @param minFreqKhz scaling_min_freq to set, kHz
 * @param maxFreqKhz scaling_max_freq to set, kHz
 * @param boost      boost/turbo, one switch for the whole host
 * @param smt        simultaneous multithreading, one switch for the whole host
 * @param strict     any setting that cannot be applied is an error (default false: recorded)
 */
public record CpuPinRequest(String profile, List<Integer> cpus, Optional<String> governor, OptionalLong minFreqKhz,
                            OptionalLong maxFreqKhz, CpuToggle boost, CpuToggle smt, boolean strict) {
    public CpuPinRequest {
        cpus = List.copyOf(new TreeSet<>(cpus));
        if (cpus.isEmpty()) {
            throw new IllegalArgumentException("profile " + profile + ": no CPUs to pin");
        }
        if (minFreqKhz.isPresent() && maxFreqKhz.isPresent() && minFreqKhz.getAsLong() > maxFreqKhz.getAsLong()) {
            throw new IllegalArgumentException("profile.cpu.min_freq (" + minFreqKhz.getAsLong()
                    + " kHz) must be <= profile.cpu.max_freq (" + maxFreqKhz.getAsLong() + " kHz)");
        }
    }

    /** The request of {@code profile} on a host whose online CPUs are {@code online}. */
    public static CpuPinRequest of(ProfileOptions profile, List<Integer> online) {
        List<Integer> cpus = new ArrayList<>();
        profile.engineCpuset().map(CpuSet::cpus).ifPresent(cpus::addAll);
        profile.clientCpuset().map(CpuSet::cpus).ifPresent(cpus::addAll);
        return new CpuPinRequest(profile.name(), cpus.isEmpty() ? online : cpus, profile.governor(),
                profile.minFreqKhz(), profile.maxFreqKhz(), profile.boost(), profile.smt(), profile.strict());
    }

    /** Whether a per-CPU cpufreq setting (governor, minimum or maximum frequency) is asked for. */
    public boolean asksFrequency() {
        return governor.isPresent() || minFreqKhz.isPresent() || maxFreqKhz.isPresent();
    }

    /** Whether anything at all is to be changed. */
    public boolean asksAnything() {
        return asksFrequency() || boost != CpuToggle.UNCHANGED || smt != CpuToggle.UNCHANGED;
    }

    /** What is asked, in words: {@code governor performance, min 2100000 kHz, max 2100000 kHz, boost off}. */
    public String describe() {
        List<String> parts = new ArrayList<>();
        governor.ifPresent(g -> parts.add("governor " + g));
        minFreqKhz.ifPresent(f -> parts.add("min " + f + " kHz"));
        maxFreqKhz.ifPresent(f -> parts.add("max " + f + " kHz"));
        if (boost != CpuToggle.UNCHANGED) {
            parts.add("boost " + boost.label());
        }
        if (smt != CpuToggle.UNCHANGED) {
            parts.add("smt " + smt.label());
        }
        return parts.isEmpty() ? "nothing" : String.join(", ", parts);
    }
}

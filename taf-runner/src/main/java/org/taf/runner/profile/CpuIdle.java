package org.taf.runner.profile;

import java.util.Locale;

/**
 * What idle CPUs do while TAF runs ({@code profile.cpu.idle}): leave the host's idle states as they are, or
 * make an idle CPU poll instead of halting ({@link IdlePolling}).
 */
public enum CpuIdle {
    UNCHANGED, POLL;

    /** The name as written in properties, lower case. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}

package org.taf.runner.profile;

import java.util.Locale;

/** A CPU feature switch in a profile (boost/turbo, SMT): force it on or off, or leave the host as it is. */
public enum CpuToggle {
    ON, OFF, UNCHANGED;

    /** The name as written in properties, lower case. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}

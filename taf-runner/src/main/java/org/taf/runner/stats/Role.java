package org.taf.runner.stats;

/** Which side of a comparison a measurement belongs to. */
public enum Role {
    PARENT,
    PATCH;

    /** "parent" or "patch", as results and file names say it. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}

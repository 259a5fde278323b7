package org.taf.runner.profile;

import java.util.Locale;

/** Where the engine runs: a local child process, or a container made through Testcontainers. */
public enum RuntimeKind {
    PROCESS, CONTAINER;

    /** The name as written in properties, lower case. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}

package org.taf.runner.config;

import java.util.ArrayList;
import java.util.List;

/** Collects the errors and warnings of one load so that all of them are reported together. */
final class Problems {
    private final List<String> errors = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();
    private final List<ResolvedConfig.Dropped> dropped = new ArrayList<>();

    void error(String message) {
        errors.add(message);
    }

    void warn(String message) {
        warnings.add(message);
    }

    /** A key read and dropped because it has no effect here: one warning naming it and why. */
    void drop(ResolvedConfig.Dropped d) {
        dropped.add(d);
        warn(d.origin().where() + ": " + d.written() + " has no effect here: " + d.reason() + "; ignored");
    }

    List<ResolvedConfig.Dropped> dropped() {
        return List.copyOf(dropped);
    }

    List<String> warnings() {
        return List.copyOf(warnings);
    }

    /** Throws every error collected so far as one {@link ConfigException}. */
    void throwIfAny() {
        if (!errors.isEmpty()) {
            throw new ConfigException(errors);
        }
    }
}

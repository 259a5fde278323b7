package org.taf.runner.config;

import java.util.ArrayList;
import java.util.List;

/** Collects the errors and warnings of one load so that all of them are reported together. */
final class Problems {
    private final List<String> errors = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();

    void error(String message) {
        errors.add(message);
    }

    void warn(String message) {
        warnings.add(message);
    }

    boolean hasErrors() {
        return !errors.isEmpty();
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

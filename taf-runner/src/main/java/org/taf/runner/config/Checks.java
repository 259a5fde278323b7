package org.taf.runner.config;

import java.time.Duration;
import java.util.Objects;

/** Guards for the compact constructors of config's own records: a violation is a bug, not bad input. */
final class Checks {
    private Checks() {}

    static int atLeast(String name, int value, int min) {
        if (value < min) {
            throw new IllegalArgumentException(name + " (" + value + ") must be >= " + min);
        }
        return value;
    }

    static Duration positive(String name, Duration value) {
        Objects.requireNonNull(value, name);
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(name + " (" + value + ") must be positive");
        }
        return value;
    }

    static <T> T notNull(String name, T value) {
        return Objects.requireNonNull(value, name);
    }
}

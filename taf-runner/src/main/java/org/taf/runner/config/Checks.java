package org.taf.runner.config;

import java.time.Duration;
import java.util.Objects;

/** Guards for the compact constructors of the settings records: a violation is a bug, not bad input. */
final class Checks {
    private Checks() {}

    static int atLeast(String name, int value, int min) {
        if (value < min) {
            throw new IllegalArgumentException(name + " (" + value + ") must be >= " + min);
        }
        return value;
    }

    static double percent(String name, double value) {
        if (!(value >= 0 && value <= 100)) {
            throw new IllegalArgumentException(name + " (" + value + ") must be in [0, 100]");
        }
        return value;
    }

    static double fraction(String name, double value) {
        if (!(value > 0 && value < 1)) {
            throw new IllegalArgumentException(name + " (" + value + ") must be in (0, 1)");
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

package org.taf.engine.config;

import java.util.Objects;

/**
 * One variable setting as written by the user, before validation.
 *
 * @param name   the variable name as written (dashes or underscores, any case)
 * @param value  the value as text ({@code ON} for a bare boolean option, {@code OFF} for {@code skip-})
 * @param origin where it was written, for error messages: {@code my.cnf:12} or {@code command line}
 * @param loose  true when written with the {@code loose-} prefix: an unknown name is then ignored
 */
public record Setting(String name, String value, String origin, boolean loose) {
    public Setting {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(origin, "origin");
    }
}

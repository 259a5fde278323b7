package org.taf.runner.config;

import java.util.Objects;

/**
 * One key/value pair of a {@code .properties} text, unescaped, with the line it starts on.
 *
 * @param key   the key as written, unescaped
 * @param value the value, unescaped, continuation lines joined, leading blanks removed
 * @param line  1-based line where the entry starts (its first line when continued)
 */
public record PropertyLine(String key, String value, int line) {
    public PropertyLine {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(value, "value");
        if (line < 1) {
            throw new IllegalArgumentException("line must be >= 1: " + line);
        }
    }
}

package org.taf.runner.config;

import java.util.Objects;

/**
 * One effective key after layering, as {@code explain} shows it.
 *
 * @param key    canonical key
 * @param value  the value as written (trimmed); defaults with {@code ${...}} filled in
 * @param origin where the winning value came from
 * @param secret whether displays should mask the value
 */
public record ResolvedValue(String key, String value, Origin origin, boolean secret) {
    public ResolvedValue {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(origin, "origin");
    }

    /** The value for display: secrets that are set become {@code ****}. */
    public String displayValue() {
        return secret && !value.isEmpty() ? "****" : value;
    }
}

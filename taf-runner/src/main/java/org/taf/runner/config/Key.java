package org.taf.runner.config;

import java.util.Objects;

/**
 * One fixed configuration key, declared once in {@link Keys}.
 *
 * @param name         dot-namespaced lower_snake name, e.g. {@code workload.table_size}
 * @param type         how its values are parsed and checked
 * @param defaultValue the raw default; may hold {@code ${file.basename}} or {@code ${java.home}},
 *                     which the loader fills in
 * @param description  one line for the reference docs
 * @param secret       whether {@code explain} masks the value (passwords)
 * @param <T>          the Java type of a parsed value
 */
public record Key<T>(String name, ValueType<T> type, String defaultValue, String description, boolean secret)
        implements KeySpec {

    public Key {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(defaultValue, "defaultValue");
        Objects.requireNonNull(description, "description");
        if (!name.matches("[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)*")) {
            throw new IllegalArgumentException("key names are dot-namespaced lower_snake: " + name);
        }
    }

    @Override
    public String template() {
        return name;
    }
}

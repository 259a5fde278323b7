package org.taf.runner.config;

import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Engine variables of one side ({@code innodb_buffer_pool_size -> 2G}), immutable and sorted by
 * name. Values stay strings: the engine parses and checks them when it starts.
 */
public final class EngineSettings {
    private final SortedMap<String, String> values;

    private EngineSettings(SortedMap<String, String> values) {
        this.values = Collections.unmodifiableSortedMap(values);
    }

    /** The given variables; names must be lower_snake. */
    public static EngineSettings of(Map<String, String> values) {
        TreeMap<String, String> copy = new TreeMap<>();
        values.forEach((k, v) -> {
            if (!k.matches(KeyPattern.VARIABLE) || v == null) {
                throw new IllegalArgumentException("bad engine variable " + k + " = " + v);
            }
            copy.put(k, v);
        });
        return new EngineSettings(copy);
    }

    /** These variables with {@code overrides} replacing or adding theirs. */
    public EngineSettings overlay(EngineSettings overrides) {
        TreeMap<String, String> merged = new TreeMap<>(values);
        merged.putAll(overrides.values);
        return new EngineSettings(merged);
    }

    /** One variable's value. */
    public Optional<String> get(String name) {
        return Optional.ofNullable(values.get(name));
    }

    /** All variables, sorted by name, unmodifiable. */
    public SortedMap<String, String> asMap() {
        return values;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof EngineSettings other && values.equals(other.values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    /** {@code name=value} pairs, comma-separated: {@code innodb_buffer_pool_instances=4, ...}. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        values.forEach((k, v) -> sb.append(sb.length() == 0 ? "" : ", ").append(k).append('=').append(v));
        return sb.toString();
    }
}

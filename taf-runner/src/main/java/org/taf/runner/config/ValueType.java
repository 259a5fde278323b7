package org.taf.runner.config;

/**
 * The type of a configuration key: parses a raw string into a typed value or says which rule it
 * broke. Instances come from {@link ValueTypes}.
 *
 * @param <T> the Java type of a parsed value
 */
public interface ValueType<T> {

    /** Parses {@code raw} (already trimmed); throws with the rule it broke, e.g. {@code must be >= 1}. */
    T parse(String raw, ValueContext context) throws InvalidValueException;

    /** A short human description for the reference docs, e.g. {@code int >= 1}. */
    String describe();

    /**
     * The raw values at the edges of what this type accepts ({@code min} and {@code max} of a range),
     * for the test that every stage takes every value the registry lets through; empty when the type
     * has no range.
     */
    default java.util.List<String> extremes() {
        return java.util.List.of();
    }
}

package org.taf.runner.config;

/**
 * A declared configuration key: a fixed {@link Key} ({@code workload.threads}) or a family of keys
 * matching a {@link KeyPattern} ({@code engine.<variable>}).
 */
public sealed interface KeySpec permits Key, KeyPattern {

    /** The key's name, or the pattern's template such as {@code engine.<variable>}. */
    String template();

    /** How values of this key are parsed and checked. */
    ValueType<?> type();

    /** One line for the reference docs. */
    String description();
}

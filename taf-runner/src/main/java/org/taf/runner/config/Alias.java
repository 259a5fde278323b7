package org.taf.runner.config;

/**
 * A legacy TAF property name accepted in place of a canonical key.
 *
 * @param name             the legacy name, e.g. {@code threads} or {@code taf.threads}
 * @param canonical        the canonical key it stands for, e.g. {@code workload.threads}
 * @param bareMeansSeconds TAF wrote durations as plain seconds ({@code duration=300}); for these
 *                         aliases a number without a unit is read as seconds
 */
record Alias(String name, String canonical, boolean bareMeansSeconds) {

    /** The value as the canonical key reads it. */
    String adapt(String raw) {
        return bareMeansSeconds && raw.matches("\\d+") ? raw + "s" : raw;
    }
}

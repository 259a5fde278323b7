package org.taf.runner.config;

/**
 * A TAF (perl) property name accepted in place of a canonical key.
 *
 * @param name             the legacy name, e.g. {@code threads}, {@code taf.threads} or
 *                         {@code sysbench_lua.number_of_rows}
 * @param canonical        the canonical key it stands for, e.g. {@code workload.threads}
 * @param bareMeansSeconds TAF wrote durations as plain seconds ({@code duration=300}); for these
 *                         aliases a number without a unit is read as seconds
 */
record Alias(String name, String canonical, boolean bareMeansSeconds) {

    /**
     * The value as the canonical key reads it. TAF's files write {@code null} for "not set", and its
     * examples quote text ({@code taf.comments="MDEV-32750 AHI ON "}): the quotes are not part of it, and
     * the text inside is trimmed as every value is.
     */
    String adapt(String raw) {
        if (raw.equals("null")) {
            return "";
        }
        if (raw.length() >= 2 && raw.startsWith("\"") && raw.endsWith("\"")) {
            return raw.substring(1, raw.length() - 1).strip();
        }
        return bareMeansSeconds && raw.matches("\\d+") ? raw + "s" : raw;
    }
}

package org.taf.runner.config;

/**
 * An old name accepted in place of a canonical key: TAF (perl)'s, or one of ours that was renamed.
 *
 * @param name      the legacy name, e.g. {@code threads}, {@code taf.threads} or
 *                  {@code sysbench_lua.number_of_rows}
 * @param canonical the canonical key it stands for, e.g. {@code workload.threads}
 * @param bare      how TAF read a number without a unit: {@link Bare#NONE}, {@link Bare#SECONDS}
 *                  ({@code duration=300}, in every suite: MDEV-32750's TPROC-C definition runs
 *                  {@code taf.duration=600}, ten minutes, and HammerDB's own default_duration)
 * @param fallback  TAF (perl) reads it only when no other name of {@code canonical} is set (the suite's
 *                  {@code default_duration}): another one in the same file drops it with a warning
 * @param renamed   our own key's old name ({@code profile.jfr} for {@code jfr}): still read, and each use
 *                  warned about once with the new name, so that files move to it
 */
record Alias(String name, String canonical, Bare bare, boolean fallback, boolean renamed) {

    /** How TAF wrote a duration without its unit. */
    enum Bare { NONE, SECONDS }

    /** Our own key's old name. */
    static Alias renamed(String name, String canonical) {
        return new Alias(name, canonical, Bare.NONE, false, true);
    }

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
        if (!raw.matches("\\d+")) {
            return raw;
        }
        return switch (bare) {
            case NONE -> raw;
            case SECONDS -> raw + "s";
        };
    }

    /** How the reference docs note the unit of a bare number; empty for none. */
    String unitNote() {
        return switch (bare) {
            case NONE -> "";
            case SECONDS -> "*seconds*";
        } + (fallback ? " (read when no other name of the key is set)" : "");
    }
}

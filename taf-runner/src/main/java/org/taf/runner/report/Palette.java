package org.taf.runner.report;

/**
 * Colours of the charts: the two sides, the verdicts, and a cycle for comparisons. Chosen to stay
 * apart for common colour blindness; lines also differ by dash and marker for print.
 */
final class Palette {
    static final String PARENT = "#4e6e9e";
    static final String PATCH = "#d9730d";
    static final String MARK = "#57606a";
    private static final String[] CYCLE = {"#1f6feb", "#d9730d", "#1a7f37", "#8250df", "#bf3989", "#6e7781",
        "#9a6700", "#0a7ea4"};

    private Palette() {}

    static String cycle(int i) {
        return CYCLE[Math.floorMod(i, CYCLE.length)];
    }

    /** The colour of a verdict (names of {@link org.taf.runner.results.Verdict}, or NOT_MEASURED). */
    static String verdict(String v) {
        return switch (v) {
            case "IMPROVED", "FIXED" -> "#1a7f37";
            case "REGRESSED", "NEWLY_FAILING" -> "#cf222e";
            case "INCONCLUSIVE" -> "#9a6700";
            default -> "#57606a";
        };
    }
}

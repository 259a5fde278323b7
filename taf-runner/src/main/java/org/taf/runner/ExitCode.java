package org.taf.runner;

/**
 * The process exit codes CI gates on (see docs/architecture.md). Each verdict maps to one
 * ({@code stats.Verdict#exitCode()}); a run exits with the worst of its cells', and with ERROR when it
 * did not complete.
 */
public enum ExitCode {
    /** Every comparison passed (no change, or an improvement). */
    PASS(0),
    /** At least one comparison regressed beyond the fail threshold. */
    REGRESSION(1),
    /** The data cannot decide (too noisy, a warning threshold crossed, not settled). */
    INCONCLUSIVE(2),
    /** Bad input, a build failure, an engine crash: nothing trustworthy was measured. */
    ERROR(3);

    private final int code;

    ExitCode(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    /** The worse of two: ERROR, then REGRESSION, then INCONCLUSIVE, then PASS. */
    public static ExitCode worst(ExitCode a, ExitCode b) {
        return rank(a) >= rank(b) ? a : b;
    }

    private static int rank(ExitCode c) {
        return switch (c) {
            case PASS -> 0;
            case INCONCLUSIVE -> 1;
            case REGRESSION -> 2;
            case ERROR -> 3;
        };
    }
}

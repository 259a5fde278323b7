package org.taf.runner;

/** The process exit codes CI gates on; fixed by ARCHITECTURE.md. */
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
}

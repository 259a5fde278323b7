package org.taf.runner.stats;

import org.taf.runner.ExitCode;

/**
 * What a cell says about the patch: the one verdict vocabulary of TAF, decided here, persisted by
 * name in the results and shown by every output. Each verdict has one exit code ({@link #exitCode()}),
 * which the process exit code, the JUnit XML, the text summary and the post all follow.
 */
public enum Verdict {
    /** Faster on a gating metric, decided: significant at the look's level and at least the warning threshold. */
    IMPROVED(ExitCode.PASS),
    /** Slower on a gating metric, decided: significant at the look's level and at least the warning threshold. */
    REGRESSED(ExitCode.REGRESSION),
    /** Every gating metric is shown within the warning threshold (its equivalence interval lies inside). */
    NO_CHANGE(ExitCode.PASS),
    /**
     * Some gating metric asked non-inferiority ({@link Question#NON_INFERIORITY}) and each answered its own
     * question: shown not worse by the fail threshold or more (one-sided), or within the warning threshold. Not
     * NO_CHANGE: a change of those metrics smaller than the fail threshold, either way, is not resolved here; the
     * nightly's ratio series against its baseline is where such changes show.
     */
    NOT_WORSE(ExitCode.PASS),
    /** The data can neither show a change nor rule one out (too noisy, too few pairs, a change too small to call). */
    INCONCLUSIVE(ExitCode.INCONCLUSIVE),
    /** The patch fails (crashes, measures nothing, stalls) where the parent ran: worse. */
    NEWLY_FAILING(ExitCode.REGRESSION),
    /** The patch runs where the parent failed: better. */
    FIXED(ExitCode.PASS),
    /** Nothing to compare: both sides failed, or a side has no measured iteration at all. */
    NOT_COMPARABLE(ExitCode.ERROR);

    private final ExitCode exitCode;

    Verdict(ExitCode exitCode) {
        this.exitCode = exitCode;
    }

    /** The exit code this verdict calls for; a run exits with the worst of its cells' ({@link ExitCode#worst}). */
    public ExitCode exitCode() {
        return exitCode;
    }

    /** True when more A/B pairs cannot change the verdict (all but INCONCLUSIVE). */
    public boolean isFinal() {
        return this != INCONCLUSIVE;
    }
}

package org.taf.runner.results;

/** What a comparison cell says about the patch, as outputs show it. */
public enum Verdict {
    /** Faster, beyond the gain threshold, with confidence. */
    IMPROVED,
    /** Slower, beyond the fail threshold, with confidence. */
    REGRESSED,
    /** The confidence interval lies within the warning threshold. */
    NO_CHANGE,
    /** The data cannot decide: too noisy, too few iterations, or between thresholds. */
    INCONCLUSIVE,
    /** The patch fails where the parent ran. */
    NEWLY_FAILING,
    /** The patch runs where the parent failed. */
    FIXED,
    /** Neither side has data to compare. */
    NOT_COMPARABLE
}

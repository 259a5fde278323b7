package org.taf.runner.stats;

/** How one metric of a cell moved, patch against parent, in the metric's own sense of better. */
public enum Change {
    /** Better by at least the warning threshold, significant at the look's level. */
    BETTER,
    /** Worse by at least the warning threshold, significant at the look's level. */
    WORSE,
    /** The equivalence interval (two one-sided tests) lies within the warning threshold. */
    SAME,
    /**
     * Shown not worse by the fail threshold or more (one one-sided test, in a cell that asks non-inferiority),
     * and not shown SAME: a smaller change either way is not resolved.
     */
    NOT_WORSE,
    /** Neither: too few pairs, too noisy, or a change too small to call. */
    UNKNOWN
}

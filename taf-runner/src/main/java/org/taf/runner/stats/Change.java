package org.taf.runner.stats;

/** How one metric of a cell moved, patch against parent, in the metric's own sense of better. */
public enum Change {
    /** Better by at least the warning threshold, significant at the look's level. */
    BETTER,
    /** Worse by at least the warning threshold, significant at the look's level. */
    WORSE,
    /** The equivalence interval (two one-sided tests) lies within the warning threshold. */
    SAME,
    /** Neither: too few pairs, too noisy, or a change too small to call. */
    UNKNOWN
}

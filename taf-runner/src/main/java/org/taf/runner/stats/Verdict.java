package org.taf.runner.stats;

/** The statistical verdict of one cell (see {@code docs/statistics.md} for the exact rules). */
public enum Verdict {
    /** The interval lies above 1, the estimate rises by at least the gain threshold, and BH-adjusted p &lt; FDR. */
    IMPROVED,
    /** The interval lies below 1, the estimate drops by at least the fail threshold, and BH-adjusted p &lt; FDR. */
    REGRESSED,
    /** No change: the whole interval lies within +-warning threshold. */
    SAME,
    /** Inconclusive: the data can neither show a change nor rule one out. */
    UNKNOWN,
    /** A side has no measured iterations and no recorded failure (e.g. the workload ran on one side only). */
    NOT_COMPARABLE,
    /** A side failed: it has recorded failures and no usable iteration, or measured 0 TPS. */
    FAILED;

    /** True when more A/B pairs cannot change the verdict. */
    public boolean isFinal() {
        return this != UNKNOWN;
    }
}

package org.taf.runner.stats;

/** TAF's classic outcome of the median-TPS ratio against fixed thresholds, without statistics. */
public enum ClassicOutcome {
    /** The change is within the thresholds. */
    PASS,
    /** TPS dropped by at least the warning threshold but less than the fail threshold. */
    WARNING,
    /** TPS dropped by at least the fail threshold. */
    FAIL,
    /** TPS rose by at least the gain threshold. */
    GAIN
}

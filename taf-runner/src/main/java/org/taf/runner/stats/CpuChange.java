package org.taf.runner.stats;

/**
 * How the engine's CPU time per transaction changed from parent to patch, judged on the ratio's
 * interval against the warning threshold w: HIGHER when the interval lies above 1 and the estimate
 * is at least w% up; LOWER when it lies below 1 and the estimate is at least w% down; SAME when the
 * whole interval lies within +-w%; UNKNOWN otherwise, and always without an interval.
 */
public enum CpuChange {
    /** The patch uses more CPU per transaction. */
    HIGHER,
    /** The patch uses less CPU per transaction. */
    LOWER,
    /** No change beyond the warning threshold. */
    SAME,
    /** The data cannot tell. */
    UNKNOWN
}

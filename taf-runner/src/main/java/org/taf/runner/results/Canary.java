package org.taf.runner.results;

/**
 * What a canary run of {@code taf canary} is: a run whose right answer is known, so that the gate's own error
 * rates can be counted ({@code taf health}). Stored by name in results.json ({@code canary}) and in the results
 * database ({@code taf_run.canary}); an ordinary run has none.
 */
public enum Canary {
    /** The patch revision against itself: any REGRESSED verdict is a false alarm. */
    AA,
    /**
     * The patch revision against itself with a known slowdown on the patch side only (the engine's
     * {@code taf_statement_cpu_work}): a REGRESSED verdict is a catch, anything else a miss.
     */
    PLANTED
}

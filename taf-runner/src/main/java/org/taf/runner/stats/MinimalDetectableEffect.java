package org.taf.runner.stats;

/**
 * The smallest drop in TPS that a comparison detects with the configured power (two-sided).
 *
 * @param pct     smallest detectable drop, percent of the parent's TPS; null with fewer than 2 pairs
 *                (see {@code warning})
 * @param sigma   SD of one pair's log-ratio ln(patch / parent) used in the formula; NaN below 2 pairs, or
 *                when not recorded
 * @param pairs   A/B pairs
 * @param alpha   the two-sided level each look tests at (the FDR, or the per-look level)
 * @param power   power the MDE is computed at
 * @param basis   where the noise came from, e.g. "measured from this cell's iterations"
 * @param warning null, or why this run cannot see a change of the fail threshold's size
 */
public record MinimalDetectableEffect(Double pct, double sigma, int pairs, double alpha, double power, String basis,
        String warning) {
    /** The same figure with another account of where its noise came from. */
    public MinimalDetectableEffect withBasis(String newBasis) {
        return new MinimalDetectableEffect(pct, sigma, pairs, alpha, power, newBasis, warning);
    }
}

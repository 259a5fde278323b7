package org.taf.runner.health;

import org.apache.commons.math3.stat.interval.ConfidenceInterval;
import org.apache.commons.math3.stat.interval.WilsonScoreInterval;

/**
 * How many of some runs did something ({@code hits} of {@code trials}), with the Wilson score interval of the rate.
 * Wilson's rather than the normal approximation's: the counts are small (30 nights at most) and the rates near 0
 * or 1, where the normal interval leaves [0, 1] or shrinks to nothing at 0 of 30.
 *
 * @param hits   the runs that did it, 0 to {@code trials}
 * @param trials the runs counted, at least 0
 */
public record Proportion(int hits, int trials) {
    public Proportion {
        if (trials < 0 || hits < 0 || hits > trials) {
            throw new IllegalArgumentException("hits " + hits + " of " + trials + ": need 0 <= hits <= trials");
        }
    }

    /** {@code hits / trials}, or NaN of no trials. */
    public double rate() {
        return trials == 0 ? Double.NaN : (double) hits / trials;
    }

    /**
     * The Wilson score interval of the rate at {@code confidence} (e.g. 0.95); [0, 1] of no trials, which says
     * nothing.
     */
    public Interval interval(double confidence) {
        if (trials == 0) {
            return new Interval(0, 1);
        }
        ConfidenceInterval ci = new WilsonScoreInterval().createInterval(trials, hits, confidence);
        // Rounding can put a bound a hair outside [0, 1] at 0 or all hits.
        return new Interval(Math.max(0, ci.getLowerBound()), Math.min(1, ci.getUpperBound()));
    }

    /** An interval of a rate, both ends in [0, 1]. */
    public record Interval(double low, double high) {
    }
}

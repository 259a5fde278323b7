package org.taf.runner.config;

import java.util.Locale;

/** In which order the iterations of parent and patch run. */
public enum MeasureOrder {
    /**
     * A B, B A, A B, ...: pairs back to back as in interleaved, each side first in every other pair, so
     * that an advantage of a pair's first engine start cancels (on this VM the second start of a pair
     * ran about 3% slower in 30 A/A pairs, t = -2.3; docs/benchmarks/power-study.md).
     */
    BALANCED,
    /** A B A B ...: drift of the host hits both sides alike, the parent always first. */
    INTERLEAVED,
    /** A seeded random permutation of the same iterations ({@code measure.order_seed}). */
    RANDOM;

    /** The name as written in properties, lower case. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}

package org.taf.runner.config;

import java.util.Locale;

/** In which order the iterations of parent and patch run. */
public enum MeasureOrder {
    /** A B A B ...: drift of the host hits both sides alike. */
    INTERLEAVED,
    /** A seeded random permutation of the same iterations ({@code measure.order_seed}). */
    RANDOM;

    /** The name as written in properties, lower case. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}

package org.taf.runner.results;

import java.util.Locale;

/**
 * How the engines of an A/B pair are measured ({@code measure.mode}). A pair is always one engine
 * start of each side; the modes differ in what happens inside it.
 */
public enum MeasureMode {
    /** One measured window per engine start: start A, measure, stop; start B, measure, stop. */
    RESTART,
    /**
     * Both engines alive at once, on their own ports and data, each rested and warmed up; the load then
     * switches between them for {@code measure.windows} windows each (A B A B ...), so one pair of starts
     * serves several alternations and slow drift of the host falls on both alike.
     */
    ALTERNATE,
    /**
     * Chosen per cell from this host's stored variance components and costs ({@code taf calibrate} and
     * earlier runs): alternate with the windows that minimise the variance per second spent, or restart
     * when between-start noise dominates or nothing is stored.
     */
    AUTO;

    /** The name as written in properties, lower case. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}

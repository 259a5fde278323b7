package org.taf.runner.stats;

import java.util.Map;
import java.util.TreeMap;

/**
 * What an engine start counted while measured: each counter's growth and the transactions it covers.
 *
 * @param transactions transactions over the counted seconds, {@code > 0}
 * @param counts       growth of each counter by name, each {@code >= 0}
 */
public record CounterSample(long transactions, Map<String, Long> counts) {
    /**
     * Half a count added to every count before dividing: a counter that stayed at 0 in one start and
     * moved in another still has a finite ratio, and one that moved by thousands is unchanged by it.
     */
    static final double CONTINUITY = 0.5;

    public CounterSample {
        if (transactions <= 0) {
            throw new IllegalArgumentException("counters over " + transactions + " transactions: need > 0");
        }
        counts = new TreeMap<>(counts);
        counts.forEach((k, v) -> {
            if (v < 0) {
                throw new IllegalArgumentException("counter " + k + " fell by " + (-v) + "; counts grow");
            }
        });
    }

    /** A counter per transaction with the continuity half-count; null when this start lacks it. */
    Double perTransaction(String name) {
        Long v = counts.get(name);
        return v == null ? null : (v + CONTINUITY) / transactions;
    }
}

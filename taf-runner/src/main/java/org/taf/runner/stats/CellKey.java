package org.taf.runner.stats;

import java.util.Comparator;
import java.util.Objects;

/**
 * One comparison cell: a workload at a thread count.
 *
 * @param workload workload name as TAF spells it, e.g. {@code POINT_SELECT}
 * @param threads  client threads, {@code >= 1}
 */
public record CellKey(String workload, int threads) implements Comparable<CellKey> {
    private static final Comparator<CellKey> ORDER =
            Comparator.comparing(CellKey::workload).thenComparingInt(CellKey::threads);

    public CellKey {
        Objects.requireNonNull(workload, "workload");
        if (workload.isBlank()) {
            throw new IllegalArgumentException("workload must not be blank");
        }
        if (threads < 1) {
            throw new IllegalArgumentException(workload + ": threads (" + threads + ") must be >= 1");
        }
    }

    @Override
    public int compareTo(CellKey o) {
        return ORDER.compare(this, o);
    }

    @Override
    public String toString() {
        return workload + " x " + threads + " threads";
    }
}

package org.taf.runner.stats;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What the runner does next: measure one more A/B pair of each cell in {@code addPairTo} (in that
 * order, most urgent first), or stop.
 *
 * @param addPairTo cells that get one more pair now; empty means stop
 * @param cellStops each cell's state: PENDING for cells still measured (or waiting for budget), else why it stopped
 * @param tooNoisy  what each cell stopped TOO_NOISY could have resolved ({@link Futility.Reach})
 * @param runStop   PENDING while pairs are added; else why the run stopped (the most limiting cell reason:
 *                  TOO_NOISY, BUDGET_SPENT, PLANNED_ONLY, MAX_PAIRS, BETWEEN_THRESHOLDS, then DECIDED)
 * @param why       one sentence for the log and the outputs
 */
public record AdaptiveDecision(List<CellKey> addPairTo, SortedMap<CellKey, StopReason> cellStops,
        SortedMap<CellKey, Futility.Reach> tooNoisy, StopReason runStop, String why) {
    public AdaptiveDecision {
        addPairTo = List.copyOf(addPairTo);
        cellStops = Collections.unmodifiableSortedMap(new TreeMap<>(cellStops));
        tooNoisy = Collections.unmodifiableSortedMap(new TreeMap<>(tooNoisy));
        if (addPairTo.isEmpty() == (runStop == StopReason.PENDING)) {
            throw new IllegalArgumentException("runStop (" + runStop + ") must be PENDING exactly when pairs are"
                    + " added (" + addPairTo.size() + ")");
        }
    }

    /** True when the runner should measure another pair. */
    public boolean addPair() {
        return !addPairTo.isEmpty();
    }

    /** The stop state of one cell. */
    public StopReason stopOf(CellKey cell) {
        StopReason r = cellStops.get(cell);
        if (r == null) {
            throw new IllegalArgumentException("no such cell in this decision: " + cell);
        }
        return r;
    }

    static AdaptiveDecision of(List<CellKey> add, Map<CellKey, StopReason> stops,
            Map<CellKey, Futility.Reach> tooNoisy, StopReason run, String why) {
        return new AdaptiveDecision(add, new TreeMap<>(stops), new TreeMap<>(tooNoisy), run, why);
    }
}

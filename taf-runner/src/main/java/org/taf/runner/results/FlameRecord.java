package org.taf.runner.results;

import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.taf.runner.stats.Role;

/**
 * One side's flame graph of one kind in a cell, folded from the measured windows of all its recordings:
 * collapsed stacks ({@code frame;frame;frame} to weight), the heaviest kept and the rest summed into
 * one {@code [other stacks]} stack, so that the results hold all the post needs and stay small.
 *
 * @param side          parent or patch
 * @param kind          what the weights are: {@code CPU} (samples) or {@code LOCKS} (nanoseconds waited)
 * @param transactions  transactions counted in the folded windows, to compare the sides per transaction
 * @param events        JFR events folded
 * @param recordings    recordings folded (engine starts)
 * @param stacksDropped stacks summed into {@code [other stacks]}
 * @param stacks        collapsed stacks to weight
 */
public record FlameRecord(Role side, String kind, long transactions, long events, int recordings, int stacksDropped,
                          Map<String, Double> stacks) {
    /** The one stack the dropped ones are summed into. */
    public static final String OTHER = "[other stacks]";

    public FlameRecord {
        Objects.requireNonNull(side, "side");
        Objects.requireNonNull(kind, "kind");
        stacks = stacks == null ? Map.of() : new TreeMap<>(stacks);
    }
}

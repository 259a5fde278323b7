package org.taf.runner.stats;

import java.util.List;

/**
 * An iteration left out of the verdict by the {@link ExclusionRule}; it stays in the data and the outputs.
 *
 * @param side  {@code parent} or {@code patch}
 * @param index iteration index
 * @param flags the iteration's flags
 */
public record ExcludedIteration(String side, int index, List<String> flags) {
    public ExcludedIteration {
        if (!side.equals("parent") && !side.equals("patch")) {
            throw new IllegalArgumentException("side (" + side + ") must be parent or patch");
        }
        flags = List.copyOf(flags);
    }
}

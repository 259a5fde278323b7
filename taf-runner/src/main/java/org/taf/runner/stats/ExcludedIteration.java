package org.taf.runner.stats;

import java.util.List;
import java.util.Objects;

/**
 * An iteration left out of the verdict by the {@link ExclusionRule}; it stays in the data and the outputs.
 *
 * @param side  the side it belongs to
 * @param index iteration index, from 0
 * @param flags the iteration's flags
 */
public record ExcludedIteration(Role side, int index, List<String> flags) {
    public ExcludedIteration {
        Objects.requireNonNull(side, "side");
        flags = List.copyOf(flags);
    }
}

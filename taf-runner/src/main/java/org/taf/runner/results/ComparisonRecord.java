package org.taf.runner.results;

import java.util.List;

/**
 * One parent/patch comparison and its cells.
 *
 * @param name   the comparison's name in the definition
 * @param label  how posts name it (a branch, "1 vs 4 instances"...)
 * @param parent the parent side
 * @param patch  the patch side
 * @param cells  one per workload x thread count, in plan order
 */
public record ComparisonRecord(String name, String label, SideRecord parent, SideRecord patch, List<CellRecord> cells) {
    /** The name of the one comparison a definition without {@code comparisons} makes. */
    public static final String SINGLE = "default";

    public ComparisonRecord {
        cells = List.copyOf(cells);
    }
}

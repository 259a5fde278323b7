package org.taf.runner.stats;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Everything measured for one cell: the parent's and the patch's iterations in the interleaved order
 * they were measured, and the failures recorded for each side (a crashed engine, a run with no
 * samples). Failures are never turned into numbers: a side with failures and no iterations makes the
 * cell {@link Verdict#FAILED}.
 *
 * @param cell           workload x threads
 * @param parent         the parent's iterations (possibly empty)
 * @param patch          the patch's iterations (possibly empty)
 * @param parentFailures one line per failed parent iteration, e.g. "iteration 2: engine exited with 137"
 * @param patchFailures  one line per failed patch iteration
 * @param patchFirst     the pairs (by iteration index) whose patch start was measured before the parent's;
 *                       with both orders the analysis takes the order as a period effect ({@link PairedTest})
 * @param alternating    both engines of a pair were alive together, the load alternating between them
 *                       ({@code measure.mode = alternate}): a drift of the host falls on both sides alike
 */
public record CellSamples(CellKey cell, List<IterationSample> parent, List<IterationSample> patch,
        List<String> parentFailures, List<String> patchFailures, Set<Integer> patchFirst, boolean alternating) {
    public CellSamples {
        Objects.requireNonNull(cell, "cell");
        parent = List.copyOf(parent);
        patch = List.copyOf(patch);
        parentFailures = List.copyOf(parentFailures);
        patchFailures = List.copyOf(patchFailures);
        patchFirst = patchFirst == null ? Set.of() : Set.copyOf(patchFirst);
        uniqueIndexes(cell, "parent", parent);
        uniqueIndexes(cell, "patch", patch);
    }

    /**
     * Measured A/B pairs: the smaller of the two sides' iteration counts, flagged and failed ones
     * included (every failed iteration has its failure line), so a cell whose starts fail still
     * reaches {@code stats.max_pairs}.
     */
    public int pairs() {
        return Math.min(parent.size() + parentFailures.size(), patch.size() + patchFailures.size());
    }

    private static void uniqueIndexes(CellKey cell, String side, List<IterationSample> its) {
        Set<Integer> seen = new HashSet<>();
        for (IterationSample s : its) {
            if (!seen.add(s.index())) {
                throw new IllegalArgumentException(cell + ": " + side + " iteration index " + s.index()
                        + " appears twice");
            }
        }
    }
}

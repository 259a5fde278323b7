package org.taf.runner.results;

import java.util.List;

/**
 * One workload at one thread count of one comparison: both sides' iterations and the verdict.
 *
 * @param workload TAF's test name, e.g. POINTS-COVERED-PK
 * @param threads  client threads
 * @param parent   the parent's iterations, in measurement order
 * @param patch    the patch's iterations, in measurement order
 * @param verdict  the comparison of the two (null until computed)
 */
public record CellRecord(String workload, int threads, List<IterationRecord> parent, List<IterationRecord> patch,
                         VerdictRecord verdict) {
    public CellRecord {
        parent = List.copyOf(parent);
        patch = List.copyOf(patch);
    }

    /** This cell with its verdict. */
    public CellRecord withVerdict(VerdictRecord v) {
        return new CellRecord(workload, threads, parent, patch, v);
    }
}

package org.taf.runner.results;

import java.util.List;
import java.util.Objects;
import org.taf.runner.config.MeasureMode;
import org.taf.runner.stats.CellKey;

/**
 * One workload at one thread count of one comparison: both sides' iterations and the verdict.
 *
 * @param workload TAF's test name, e.g. POINTS-COVERED-PK
 * @param threads  client threads
 * @param parent   the parent's iterations, in measurement order
 * @param patch    the patch's iterations, in measurement order
 * @param mode     how its pairs were measured: RESTART (one window per engine start) or ALTERNATE
 * @param windows  measured windows per engine start
 * @param verdict  the comparison of the two (null until computed)
 * @param flames   each side's profiles folded from its recordings ({@code profile.jfr}); empty without
 */
public record CellRecord(String workload, int threads, List<IterationRecord> parent, List<IterationRecord> patch,
                         MeasureMode mode, int windows, VerdictRecord verdict, List<FlameRecord> flames) {
    @com.fasterxml.jackson.annotation.JsonCreator
    public CellRecord {
        parent = List.copyOf(parent);
        patch = List.copyOf(patch);
        Objects.requireNonNull(mode, "mode");
        flames = flames == null ? List.of() : List.copyOf(flames);
    }

    /** A cell without profiles. */
    public CellRecord(String workload, int threads, List<IterationRecord> parent, List<IterationRecord> patch,
                      MeasureMode mode, int windows, VerdictRecord verdict) {
        this(workload, threads, parent, patch, mode, windows, verdict, List.of());
    }

    /** The cell's identity. */
    public CellKey key() {
        return new CellKey(workload, threads);
    }

    /** This cell with its verdict. */
    public CellRecord withVerdict(VerdictRecord v) {
        return new CellRecord(workload, threads, parent, patch, mode, windows, v, flames);
    }

    /** This cell with its folded profiles. */
    public CellRecord withFlames(List<FlameRecord> f) {
        return new CellRecord(workload, threads, parent, patch, mode, windows, verdict, f);
    }
}

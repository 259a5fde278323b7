package org.taf.runner.results;

import java.util.List;
import java.util.Objects;
import org.taf.runner.stats.CellKey;
import org.taf.runner.stats.CellVerdict;
import org.taf.runner.stats.Role;

/**
 * One workload at one thread count of one comparison: both sides' iterations and the verdict.
 *
 * @param workload TAF's test name, e.g. POINTS-COVERED-PK
 * @param threads  client threads
 * @param parent   the parent's iterations, in measurement order
 * @param patch    the patch's iterations, in measurement order
 * @param mode     how its pairs were measured: RESTART (one window per engine start) or ALTERNATE
 * @param windows  measured windows per engine start
 * @param verdict  the comparison of the two, as the stats stage judged it (null until judged); its cell is this one
 * @param flames   each side's stacks folded from its JFR recordings (key {@code jfr}); empty without them
 */
public record CellRecord(String workload, int threads, List<IterationRecord> parent, List<IterationRecord> patch,
                         MeasureMode mode, int windows, CellVerdict verdict, List<FlameRecord> flames) {
    @com.fasterxml.jackson.annotation.JsonCreator
    public CellRecord {
        parent = List.copyOf(parent);
        patch = List.copyOf(patch);
        Objects.requireNonNull(mode, "mode");
        flames = flames == null ? List.of() : List.copyOf(flames);
        CellKey key = new CellKey(workload, threads);
        if (verdict != null && !verdict.cell().equals(key)) {
            throw new IllegalArgumentException("cell " + key + " holds the verdict of " + verdict.cell());
        }
    }

    /** A cell without flame graphs. */
    public CellRecord(String workload, int threads, List<IterationRecord> parent, List<IterationRecord> patch,
                      MeasureMode mode, int windows, CellVerdict verdict) {
        this(workload, threads, parent, patch, mode, windows, verdict, List.of());
    }

    /** The iterations of one side, in measurement order. */
    public List<IterationRecord> iterations(Role side) {
        return side == Role.PARENT ? parent : patch;
    }

    /** The cell's identity. */
    public CellKey key() {
        return new CellKey(workload, threads);
    }

    /**
     * The mean cost of this cell's engine starts that measured (launch, rest, warm-up), seconds; null when
     * none did.
     */
    public Double startSeconds() {
        double cost = 0;
        int starts = 0;
        for (List<IterationRecord> side : List.of(parent, patch)) {
            for (IterationRecord it : side) {
                if (it.succeeded()) {
                    cost += it.startSeconds();
                    starts++;
                }
            }
        }
        return starts == 0 ? null : cost / starts;
    }

    /** This cell with its verdict. */
    public CellRecord withVerdict(CellVerdict v) {
        return new CellRecord(workload, threads, parent, patch, mode, windows, v, flames);
    }

    /** This cell with its folded JFR stacks. */
    public CellRecord withFlames(List<FlameRecord> f) {
        return new CellRecord(workload, threads, parent, patch, mode, windows, verdict, f);
    }
}

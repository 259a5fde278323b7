package org.taf.runner.stats;

import java.util.List;
import org.taf.runner.ExitCode;

/**
 * The verdicts of every cell of a comparison and the adaptive loop's next step.
 *
 * @param cells verdicts in cell order (workload, then threads)
 * @param next  add another pair, or stop and why; the cells' stop reasons agree with it
 */
public record RunStatistics(List<CellVerdict> cells, AdaptiveDecision next) {
    public RunStatistics {
        cells = List.copyOf(cells);
    }

    /** The exit code the verdicts call for: the worst of the cells' ({@link Verdict#exitCode()}). */
    public ExitCode exitCode() {
        return cells.stream().map(c -> c.verdict().exitCode()).reduce(ExitCode.PASS, ExitCode::worst);
    }
}

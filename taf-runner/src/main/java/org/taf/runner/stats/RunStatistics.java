package org.taf.runner.stats;

import java.util.List;
import org.taf.runner.ExitCode;

/**
 * The verdicts of every cell of a run and the adaptive loop's next step.
 *
 * @param cells verdicts in cell order (workload, then threads)
 * @param next  add another pair, or stop and why; the cells' stop reasons agree with it
 */
public record RunStatistics(List<CellVerdict> cells, AdaptiveDecision next) {
    public RunStatistics {
        cells = List.copyOf(cells);
    }

    /**
     * The exit code the verdicts call for: ERROR when a cell FAILED (a side crashed or measured
     * nothing), else REGRESSION when one REGRESSED, else INCONCLUSIVE when one is UNKNOWN or NOT_COMPARABLE,
     * else PASS.
     */
    public ExitCode exitCode() {
        if (any(Verdict.FAILED)) {
            return ExitCode.ERROR;
        }
        if (any(Verdict.REGRESSED)) {
            return ExitCode.REGRESSION;
        }
        if (any(Verdict.UNKNOWN) || any(Verdict.NOT_COMPARABLE)) {
            return ExitCode.INCONCLUSIVE;
        }
        return ExitCode.PASS;
    }

    private boolean any(Verdict v) {
        return cells.stream().anyMatch(c -> c.verdict() == v);
    }
}

package org.taf.runner.bisect;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.taf.runner.TafException;
import org.taf.runner.bisect.BisectRecord.CellResult;
import org.taf.runner.git.CommitInfo;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.RunRecord;
import org.taf.runner.run.Session;
import org.taf.runner.stats.Verdict;

/**
 * Measures one commit against good with TAF's own verdict: {@code taf bisect} runs the definition's
 * workloads and settings with its comparisons replaced by good → commit.
 */
@FunctionalInterface
public interface Judge {
    /**
     * @param good   the baseline (the parent side)
     * @param commit the commit judged (the patch side)
     * @param step   the step's number, for the run's comments
     * @return the verdict of every cell, or why there is none
     */
    Measurement measure(CommitInfo good, CommitInfo commit, int step);

    /**
     * What one measurement gave.
     *
     * @param runId   the run's id (its directory under the results), or null when no run was made
     * @param cells   every judged cell; empty on failure
     * @param failure why nothing can be judged (failed build, engine crash, interrupted), or null
     */
    record Measurement(String runId, List<CellResult> cells, String failure) {
        public Measurement {
            cells = List.copyOf(cells);
            if (failure == null && cells.isEmpty()) {
                throw new IllegalArgumentException("a measurement without cells needs its failure");
            }
        }

        /** A measurement that judged nothing, for the reason given. */
        public static Measurement failed(String runId, String failure) {
            return new Measurement(runId, List.of(), Objects.requireNonNull(failure, "failure"));
        }

        /**
         * What a step's run gave: its verdicts, or the first line of the error that ended it.
         *
         * @throws TafException when the run left no record: nothing started (the CPUs could not be pinned, say),
         *                      and every step would fail the same way
         */
        public static Measurement of(Session.Finished run, String commit) {
            if (run.record() == null) {
                throw run.failure() != null ? run.failure()
                        : new IllegalStateException("a run of " + commit + " left no record and no error");
            }
            if (run.failure() != null) {
                return failed(run.record().runId(),
                        String.valueOf(run.failure().getMessage()).lines().findFirst().orElse(""));
            }
            return of(run.record());
        }

        /**
         * The verdicts of a judged run's single comparison; a run that did not complete, or whose side
         * failed to build, is a failure with the run's own words.
         */
        public static Measurement of(RunRecord run) {
            if (run.status() != RunRecord.RunStatus.COMPLETED) {
                return failed(run.runId(), "run " + run.runId() + " " + run.status().name().toLowerCase()
                        + (run.failure() == null ? "" : ": " + run.failure().lines().findFirst().orElse("")));
            }
            ComparisonRecord c = run.comparisons().get(0);
            if (c.parent() == null || c.patch() == null || c.cells().isEmpty()) {
                return failed(run.runId(), "run " + run.runId() + " has no judged cells");
            }
            List<CellResult> cells = new ArrayList<>();
            for (CellRecord cell : c.cells()) {
                var v = cell.verdict();
                cells.add(v == null ? new CellResult(cell.workload(), cell.threads(), Verdict.NOT_COMPARABLE, null,
                        null, null)
                        : new CellResult(cell.workload(), cell.threads(), v.verdict(), v.ratio(), v.ciLow(),
                                v.ciHigh()));
            }
            return new Measurement(run.runId(), cells, null);
        }
    }
}

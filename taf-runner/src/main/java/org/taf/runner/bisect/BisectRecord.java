package org.taf.runner.bisect;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import org.taf.runner.ExitCode;
import org.taf.runner.git.CommitInfo;
import org.taf.runner.stats.CellKey;
import org.taf.runner.stats.Verdict;

/**
 * The evidence of one bisect, written as {@code bisect.json} next to the runs it made: the range,
 * every commit judged (measured, or given the verdict of a commit with the same engine tree), and how
 * it ended.
 *
 * @param formatVersion {@link BisectStore#FORMAT_VERSION} of the writer
 * @param bisectId      {@code yyyyMMdd-HHmmss-<definition name>}; its directory is {@code bisect-<id>}
 * @param definition    the test definition file, as the user named it
 * @param command       the command line that reproduces the bisect
 * @param startedAt     when it started
 * @param finishedAt    when it ended (null while it runs)
 * @param buildInputs   {@code build.inputs}: the paths whose content is a commit's engine tree
 * @param good          the commit the others are compared against
 * @param bad           the commit that is slower (once the first step confirms it)
 * @param candidates    first-parent commits after good up to bad: where the culprit can be
 * @param countedCells  the cells whose verdicts decide each search step: those that regressed from
 *                      good to bad (empty until the first step)
 * @param steps         every commit judged, in order; the first is bad against good
 * @param outcome       how it ended (UNFINISHED while it runs)
 * @param conclusion    one line saying so, with the numbers
 * @param rangeAfter    the culprit is after this commit (good, or the last commit found unchanged) ...
 * @param rangeUpTo     ... and at or before this one (bad, or the first commit found slower); the culprit
 *                      itself when {@code outcome} is CULPRIT
 * @param suspects      how many commits that range holds (1 for a culprit)
 */
public record BisectRecord(int formatVersion, String bisectId, String definition, String command, Instant startedAt,
                           Instant finishedAt, List<String> buildInputs, CommitRef good, CommitRef bad,
                           int candidates, List<String> countedCells, List<Step> steps, Outcome outcome,
                           String conclusion, CommitRef rangeAfter, CommitRef rangeUpTo, int suspects) {
    public BisectRecord {
        Objects.requireNonNull(bisectId, "bisectId");
        Objects.requireNonNull(outcome, "outcome");
        buildInputs = List.copyOf(buildInputs);
        countedCells = List.copyOf(countedCells);
        steps = List.copyOf(steps);
    }

    /** The culprit, or null unless {@code outcome} is CULPRIT. */
    public CommitRef culprit() {
        return outcome == Outcome.CULPRIT ? rangeUpTo : null;
    }

    /** How a bisect ended, and the exit code each calls for. */
    public enum Outcome {
        /** Narrowed to one commit: it is slower than good, its first parent is not. Exit 1 (regression). */
        CULPRIT(ExitCode.REGRESSION),
        /** Bad is not slower than good (no change, an improvement, or the same engine). Exit 0 (pass). */
        NO_SLOWDOWN(ExitCode.PASS),
        /** A verdict that can neither confirm nor rule out the slowdown stopped the search. Exit 2. */
        INCONCLUSIVE(ExitCode.INCONCLUSIVE),
        /** A commit could not be measured (failed build, engine crash, nothing comparable). Exit 3. */
        FAILED(ExitCode.ERROR),
        /** Still running, or interrupted: the steps so far. Exit 3. */
        UNFINISHED(ExitCode.ERROR);

        private final ExitCode exitCode;

        Outcome(ExitCode exitCode) {
            this.exitCode = exitCode;
        }

        public ExitCode exitCode() {
            return exitCode;
        }
    }

    /**
     * A commit as the evidence names it.
     *
     * @param sha      full sha
     * @param shortSha abbreviation
     * @param subject  first line of its message
     */
    public record CommitRef(String sha, String shortSha, String subject) {
        public static CommitRef of(CommitInfo c) {
            return new CommitRef(c.sha(), c.shortSha(), c.subject());
        }

        /** {@code "<shortSha> <subject>"}. */
        public String label() {
            return shortSha + " " + subject;
        }
    }

    /**
     * One commit judged against good.
     *
     * @param number     1 for the first step (bad against good), then in search order
     * @param position   the commit's place among the candidates, 0 the oldest
     * @param commit     the commit
     * @param engineTree its engine tree ({@link org.taf.runner.git.EngineTree})
     * @param verdict    the step's verdict over the counted cells ({@link Bisection#verdictOf})
     * @param ratio      TPS patch / good of the cell that speaks for the step, or null when not measured
     * @param ciLow      lower end of that ratio's interval, or null
     * @param ciHigh     upper end, or null
     * @param runId      the run that measured it, or null when it was not measured
     * @param sameTreeAs the judged commit whose engine tree it has, whose verdict it took unmeasured; or null
     * @param failure    why it could not be judged, or null
     * @param cells      every cell the run judged
     */
    public record Step(int number, int position, CommitRef commit, String engineTree, Verdict verdict, Double ratio,
                       Double ciLow, Double ciHigh, String runId, CommitRef sameTreeAs, String failure,
                       List<CellResult> cells) {
        public Step {
            Objects.requireNonNull(commit, "commit");
            cells = List.copyOf(cells);
        }
    }

    /**
     * One cell of a measured step.
     *
     * @param workload TAF's test name
     * @param threads  client threads
     * @param verdict  TAF's verdict on it
     * @param ratio    TPS patch / parent, or null (a failed side)
     * @param ciLow    lower end of the interval, or null
     * @param ciHigh   upper end, or null
     */
    public record CellResult(String workload, int threads, Verdict verdict, Double ratio, Double ciLow,
                             Double ciHigh) {
        public CellResult {
            Objects.requireNonNull(workload, "workload");
            Objects.requireNonNull(verdict, "verdict");
        }

        public CellKey key() {
            return new CellKey(workload, threads);
        }
    }
}

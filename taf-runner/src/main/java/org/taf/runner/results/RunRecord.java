package org.taf.runner.results;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import org.taf.runner.ExitCode;

/**
 * One run of TAF: what was asked, where it ran, and everything measured. Failed builds and failed
 * iterations are recorded as failures, never dropped and never turned into numbers.
 *
 * @param formatVersion {@link ResultsStore#FORMAT_VERSION} of the writer
 * @param runId         unique id, also the run's directory name: {@code yyyyMMdd-HHmmss-<name>}
 * @param name          the test definition's name
 * @param comments      why the run was made
 * @param startedAt     when the run started
 * @param finishedAt    when it ended (null while running)
 * @param status        how it ended
 * @param failure       the error that ended it, when {@code status} is FAILED
 * @param runnerVersion TAF's version
 * @param definition    the test definition, verbatim and effective
 * @param environment   the host and the CPU state actually achieved
 * @param comparisons   the comparisons, in definition order
 * @param warnings      problems computed from the data (not settled, high noise, cached builds...)
 * @param plannedMde    per workload x threads, the MDE computed before measuring from stored noise
 * @param adaptive      what the adaptive loop did (null before the planned pairs end)
 * @param judgement     the rules its verdicts are judged by, known from its start
 * @param probes        the host probe's readings, in order (empty when the run did not probe, or before it did)
 * @param canary        what canary of {@code taf canary} this run is; null (and absent from the JSON) for any other
 */
public record RunRecord(int formatVersion, String runId, String name, String comments, Instant startedAt,
                        Instant finishedAt, RunStatus status, String failure, String runnerVersion,
                        DefinitionRecord definition, EnvironmentRecord environment,
                        List<ComparisonRecord> comparisons, List<String> warnings, List<PlannedMdeRecord> plannedMde,
                        AdaptiveRecord adaptive, JudgementRecord judgement, List<ProbeRecord> probes,
                        @JsonInclude(JsonInclude.Include.NON_NULL) Canary canary) {
    @JsonCreator
    public RunRecord {
        Objects.requireNonNull(runId, "runId");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(judgement, "judgement");
        comparisons = List.copyOf(comparisons);
        warnings = List.copyOf(warnings);
        plannedMde = plannedMde == null ? List.of() : List.copyOf(plannedMde);
        probes = probes == null ? List.of() : List.copyOf(probes);
    }

    /** A record of an ordinary run (not a canary). */
    public RunRecord(int formatVersion, String runId, String name, String comments, Instant startedAt,
                     Instant finishedAt, RunStatus status, String failure, String runnerVersion,
                     DefinitionRecord definition, EnvironmentRecord environment,
                     List<ComparisonRecord> comparisons, List<String> warnings, List<PlannedMdeRecord> plannedMde,
                     AdaptiveRecord adaptive, JudgementRecord judgement, List<ProbeRecord> probes) {
        this(formatVersion, runId, name, comments, startedAt, finishedAt, status, failure, runnerVersion, definition,
                environment, comparisons, warnings, plannedMde, adaptive, judgement, probes, null);
    }

    /** A record without the host probe's readings. */
    public RunRecord(int formatVersion, String runId, String name, String comments, Instant startedAt,
                     Instant finishedAt, RunStatus status, String failure, String runnerVersion,
                     DefinitionRecord definition, EnvironmentRecord environment,
                     List<ComparisonRecord> comparisons, List<String> warnings, List<PlannedMdeRecord> plannedMde,
                     AdaptiveRecord adaptive, JudgementRecord judgement) {
        this(formatVersion, runId, name, comments, startedAt, finishedAt, status, failure, runnerVersion, definition,
                environment, comparisons, warnings, plannedMde, adaptive, judgement, List.of(), null);
    }

    /** Seconds the run waited for the host to quieten, over all its probe readings. */
    public double waitedSeconds() {
        return probes.stream().mapToDouble(ProbeRecord::waitedSeconds).sum();
    }


    /** The workloads its cells measured, each once, in the order they first appear. */
    public List<String> workloads() {
        return comparisons.stream().flatMap(c -> c.cells().stream()).map(CellRecord::workload).distinct().toList();
    }

    /** This record with other comparisons (e.g. judged ones), everything else kept. */
    public RunRecord withComparisons(List<ComparisonRecord> newComparisons) {
        return new RunRecord(formatVersion, runId, name, comments, startedAt, finishedAt, status, failure,
                runnerVersion, definition, environment, newComparisons, warnings, plannedMde, adaptive, judgement,
                probes, canary);
    }

    /**
     * The exit code this run calls for, the one policy behind the process exit code, the JUnit XML, the
     * summary and the post: ERROR unless it completed, or when a cell has no verdict or a side's build
     * failed; else the worst of its cells' verdicts ({@link org.taf.runner.stats.Verdict#exitCode()}).
     */
    public ExitCode exitCode() {
        if (status != RunStatus.COMPLETED) {
            return ExitCode.ERROR;
        }
        ExitCode worst = ExitCode.PASS;
        for (ComparisonRecord c : comparisons) {
            if (c.parent() == null || c.patch() == null) {
                return ExitCode.ERROR;
            }
            for (CellRecord cell : c.cells()) {
                worst = ExitCode.worst(worst, cell.verdict() == null ? ExitCode.ERROR
                        : cell.verdict().verdict().exitCode());
            }
        }
        return worst;
    }

    /** How a run ended. */
    public enum RunStatus {
        /** Every planned measurement was made (some may have failed and be recorded as such). */
        COMPLETED,
        /** Stopped by Ctrl-C or a signal; what was completed is kept. */
        INTERRUPTED,
        /** Stopped by an error (bad input, failed build, engine crash). */
        FAILED,
        /** Still running: a partial record written after each measurement. */
        RUNNING
    }
}

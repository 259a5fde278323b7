package org.taf.runner.run;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.taf.runner.config.Comparison;
import org.taf.runner.config.TestDefinition;
import org.taf.runner.results.AdaptiveRecord;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.DefinitionRecord;
import org.taf.runner.results.EnvironmentRecord;
import org.taf.runner.results.IterationRecord;
import org.taf.runner.results.PlannedMdeRecord;
import org.taf.runner.results.ResultsStore;
import org.taf.runner.results.RunRecord;
import org.taf.runner.results.SideRecord;
import org.taf.runner.workload.Workload;

/**
 * What a run has gathered so far, from which a {@link RunRecord} can be made at any moment: after
 * each measurement (status RUNNING), at the end, or from a shutdown hook on Ctrl-C. Synchronized,
 * because the hook runs on another thread.
 */
final class RunState {
    private final TestDefinition def;
    private final String runId;
    private final Instant startedAt;
    private final String runnerVersion;
    private final DefinitionRecord definition;
    private final EnvironmentRecord environment;
    private final List<ComparisonState> comparisons = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();
    private List<PlannedMdeRecord> plannedMde = List.of();
    private AdaptiveRecord adaptive;
    private int completed;
    private boolean closed;

    private static final class ComparisonState {
        final Comparison comparison;
        SideRecord parent;
        SideRecord patch;
        final Map<String, CellRecord> cells = new LinkedHashMap<>();

        ComparisonState(Comparison comparison) {
            this.comparison = comparison;
        }
    }

    RunState(TestDefinition def, String runId, Instant startedAt, String runnerVersion, DefinitionRecord definition,
             EnvironmentRecord environment) {
        this.def = def;
        this.runId = runId;
        this.startedAt = startedAt;
        this.runnerVersion = runnerVersion;
        this.definition = definition;
        this.environment = environment;
        for (Comparison c : def.comparisons()) {
            ComparisonState s = new ComparisonState(c);
            for (Workload w : def.workload().tests()) {
                for (int t : def.workload().threads()) {
                    s.cells.put(cellKey(w, t), new CellRecord(w.tafName(), t, List.of(), List.of(), null));
                }
            }
            comparisons.add(s);
        }
    }

    private static String cellKey(Workload w, int threads) {
        return w.tafName() + "@" + threads;
    }

    synchronized void side(int comparison, Role role, SideRecord side) {
        ComparisonState s = comparisons.get(comparison);
        if (role == Role.PARENT) {
            s.parent = side;
        } else {
            s.patch = side;
        }
    }

    synchronized void add(Step step, IterationRecord it) {
        ComparisonState s = comparisons.get(step.comparison());
        String key = cellKey(step.workload(), step.threads());
        CellRecord c = s.cells.get(key);
        List<IterationRecord> parent = new ArrayList<>(c.parent());
        List<IterationRecord> patch = new ArrayList<>(c.patch());
        (step.role() == Role.PARENT ? parent : patch).add(it);
        s.cells.put(key, new CellRecord(c.workload(), c.threads(), parent, patch, null));
        completed++;
    }

    synchronized void warn(String warning) {
        if (!warnings.contains(warning)) {
            warnings.add(warning);
        }
    }

    synchronized void plannedMde(List<PlannedMdeRecord> mde) {
        plannedMde = List.copyOf(mde);
    }

    synchronized void adaptive(AdaptiveRecord record) {
        adaptive = record;
    }

    synchronized int completed() {
        return completed;
    }

    /** The record as of now. */
    synchronized RunRecord snapshot(RunRecord.RunStatus status, String failure, Instant finishedAt) {
        List<ComparisonRecord> out = new ArrayList<>();
        for (ComparisonState s : comparisons) {
            out.add(new ComparisonRecord(s.comparison.name(), s.comparison.label(), s.parent, s.patch,
                    List.copyOf(s.cells.values())));
        }
        return new RunRecord(ResultsStore.FORMAT_VERSION, runId, def.name(), def.comments(), startedAt, finishedAt,
                status, failure, runnerVersion, definition, environment, out, warnings, plannedMde, adaptive);
    }

    /**
     * Writes the record unless the run was already closed (a shutdown hook wrote the final one);
     * {@code last} closes it. Returns whether it wrote.
     */
    synchronized boolean write(java.nio.file.Path runDir, RunRecord record, boolean last) {
        if (closed) {
            return false;
        }
        ResultsStore.write(runDir, record);
        closed = last;
        return true;
    }
}

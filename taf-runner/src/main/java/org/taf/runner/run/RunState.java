package org.taf.runner.run;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.taf.runner.config.Comparison;
import org.taf.runner.config.TestDefinition;
import org.taf.runner.results.AdaptiveRecord;
import org.taf.runner.results.Canary;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.DefinitionRecord;
import org.taf.runner.results.EnvironmentRecord;
import org.taf.runner.results.IterationRecord;
import org.taf.runner.results.JudgementRecord;
import org.taf.runner.results.PlannedMdeRecord;
import org.taf.runner.results.ProbeRecord;
import org.taf.runner.results.ResultsStore;
import org.taf.runner.results.RunRecord;
import org.taf.runner.results.SideRecord;
import org.taf.runner.stats.CellKey;
import org.taf.runner.stats.CellSamples;
import org.taf.runner.stats.Role;
import org.taf.runner.workload.Workload;

/**
 * What a run has gathered so far, from which a {@link RunRecord} can be made at any moment: after
 * each measurement (status RUNNING), at the end, or from a shutdown hook on Ctrl-C. Beside the records,
 * each cell's input to the stats stage grows with each iteration ({@link LiveSamples}), so the adaptive
 * loop's looks read it as it stands. Synchronized, because the hook runs on another thread.
 */
final class RunState {
    private final TestDefinition def;
    private final String runId;
    private final Instant startedAt;
    private final String runnerVersion;
    private final DefinitionRecord definition;
    private final Design design;
    private final JudgementRecord rules;
    /** What canary the run is ({@code taf canary}), or null: in every record from the start. */
    private final Canary canary;
    private EnvironmentRecord environment;
    private final List<ComparisonState> comparisons = new ArrayList<>();
    private List<PlannedMdeRecord> plannedMde = List.of();
    private AdaptiveRecord adaptive;
    private final List<ProbeRecord> probes = new ArrayList<>();
    private int completed;
    private boolean closed;
    private RunRecord lastWritten;

    private static final class ComparisonState {
        final Comparison comparison;
        SideRecord parent;
        SideRecord patch;
        final Map<CellKey, CellRecord> cells = new LinkedHashMap<>();
        final Map<CellKey, LiveSamples> samples = new LinkedHashMap<>();

        ComparisonState(Comparison comparison) {
            this.comparison = comparison;
        }
    }

    /**
     * @param rules  the rules the run is judged by ({@link Judgement#rules}), in every record from the start
     * @param canary what canary of {@code taf canary} the run is, or null
     */
    RunState(TestDefinition def, String runId, Instant startedAt, String runnerVersion, DefinitionRecord definition,
             Design design, JudgementRecord rules, Canary canary) {
        this.def = def;
        this.rules = rules;
        this.canary = canary;
        this.runId = runId;
        this.startedAt = startedAt;
        this.runnerVersion = runnerVersion;
        this.definition = definition;
        this.design = design;
        for (int i = 0; i < def.comparisons().size(); i++) {
            ComparisonState s = new ComparisonState(def.comparisons().get(i));
            for (Workload w : def.tests()) {
                for (int t : def.threads()) {
                    CellKey key = new CellKey(w.tafName(), t);
                    Design.Cell d = design.of(i, key);
                    s.cells.put(key, new CellRecord(w.tafName(), t, List.of(), List.of(), d.mode(), d.windows(), null));
                    s.samples.put(key, new LiveSamples(key, d.mode()));
                }
            }
            comparisons.add(s);
        }
    }

    synchronized void environment(EnvironmentRecord e) {
        environment = e;
    }

    /** The engine JVM's arguments as started, once its data (and AOT cache) is prepared. */
    synchronized void engineArgs(List<String> args) {
        environment = environment.withEngineArgs(args);
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
        CellKey key = new CellKey(step.workload().tafName(), step.threads());
        CellRecord c = s.cells.get(key);
        List<IterationRecord> parent = new ArrayList<>(c.parent());
        List<IterationRecord> patch = new ArrayList<>(c.patch());
        (step.role() == Role.PARENT ? parent : patch).add(it);
        s.cells.put(key, new CellRecord(c.workload(), c.threads(), parent, patch, c.mode(), c.windows(), null));
        s.samples.get(key).add(step.role(), it);
        completed++;
    }

    /** Comparison {@code comparison}'s cells as the stats stage reads them, as measured so far. */
    synchronized List<CellSamples> samples(int comparison) {
        return comparisons.get(comparison).samples.values().stream().map(LiveSamples::samples).toList();
    }

    /** One cell's record as measured so far. */
    synchronized CellRecord cell(int comparison, CellKey key) {
        CellRecord c = comparisons.get(comparison).cells.get(key);
        if (c == null) {
            throw new IllegalStateException("no cell " + key + " in comparison " + comparison);
        }
        return c;
    }

    synchronized void plannedMde(List<PlannedMdeRecord> mde) {
        plannedMde = List.copyOf(mde);
    }

    synchronized List<PlannedMdeRecord> plannedMde() {
        return plannedMde;
    }

    synchronized void adaptive(AdaptiveRecord record) {
        adaptive = record;
    }

    /** A reading of the host probe, in the order they were taken. */
    synchronized void probe(ProbeRecord reading) {
        probes.add(reading);
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
        // No stored warnings: the outputs compute a run's warnings from its records (report.Warnings).
        return new RunRecord(ResultsStore.FORMAT_VERSION, runId, def.name(), def.comments(), startedAt, finishedAt,
                status, failure, runnerVersion, definition, environment, out, List.of(), plannedMde, adaptive, rules,
                probes, canary);
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
        lastWritten = record;
        return true;
    }

    /** The record written last, or null. */
    synchronized RunRecord lastWritten() {
        return lastWritten;
    }
}

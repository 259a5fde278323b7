package org.taf.runner.run;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.taf.runner.TafException;
import org.taf.runner.build.BuildException;
import org.taf.runner.build.BuildSpec;
import org.taf.runner.build.Builder;
import org.taf.runner.config.Comparison;
import org.taf.runner.config.Side;
import org.taf.runner.config.TestDefinition;
import org.taf.runner.git.CommitInfo;
import org.taf.runner.git.Repo;
import org.taf.runner.git.TreeCache;
import org.taf.runner.launch.EngineRuntime;
import org.taf.runner.profile.CpuPinner;
import org.taf.runner.profile.Pinning;
import org.taf.runner.profile.HostProbe;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.DefinitionRecord;
import org.taf.runner.results.EnvironmentRecord;
import org.taf.runner.results.IterationRecord;
import org.taf.runner.results.NoiseStore;
import org.taf.runner.results.PlannedMdeRecord;
import org.taf.runner.results.RunRecord;
import org.taf.runner.results.RunRecord.RunStatus;
import org.taf.runner.results.SideRecord;
import org.taf.runner.stats.CellKey;
import org.taf.runner.stats.StatsOptions;
import org.taf.runner.workload.ConnectionSettings;
import org.taf.runner.workload.DataSpec;
import org.taf.runner.workload.ProgressBar;

/**
 * Runs a test definition: prepares every side (checkout, build, data) before measuring anything,
 * so a broken build fails fast; prints the MDE planned from stored noise; then makes the plan's
 * measurements in order, then the adaptive loop's extra A/B pairs of undecided cells, writing the
 * results after each one; returns the run's record. The final verdicts and outputs are applied by
 * the caller ({@link RunOutputs}), with the same options the loop used.
 */
public final class Runner {
    private static final DateTimeFormatter RUN_ID = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")
            .withZone(ZoneOffset.UTC);

    private final TestDefinition def;
    private final EngineRuntime runtime;
    private final Clock clock;
    private final PrintStream out;
    private final String runnerVersion;
    private final String command;
    private final StageOptions stages;
    private final StatsOptions options;
    private boolean adaptive = true;
    private RunState state;
    private Path runDir;
    private RunRecord last;
    private CpuPinner pinner;
    private volatile Pinning pinning;

    /**
     * @param def           the test definition
     * @param runtime       how engines run (process or container)
     * @param clock         wall clock for ids and timestamps
     * @param out           progress and the live workload lines
     * @param runnerVersion TAF's version, for the results
     * @param command       the command line that reproduces this run
     */
    public Runner(TestDefinition def, EngineRuntime runtime, Clock clock, PrintStream out, String runnerVersion,
                  String command) {
        this.def = def;
        this.runtime = runtime;
        this.clock = clock;
        this.out = out;
        this.runnerVersion = runnerVersion;
        this.command = command;
        this.pinner = CpuPinner.system(def.cacheDir().resolve("state"));
        this.stages = StageOptions.of(def);
        this.options = stages.stats();
    }

    /** Replaces the CPU pinner (a fake sysfs tree in tests); default: this host's, state in cache.dir/state. */
    public Runner withCpuPinner(CpuPinner pinner) {
        this.pinner = pinner;
        return this;
    }

    /**
     * This runner without the adaptive loop and the planned MDE: only the planned pairs are measured
     * (for {@code taf calibrate}, whose A/A pairs have nothing to decide). Call before {@link #run()}.
     */
    public Runner withoutAdaptiveLoop() {
        adaptive = false;
        return this;
    }

    /** The run's directory under output.results_dir, known once {@link #run()} started. */
    public Path runDir() {
        return runDir;
    }

    /**
     * Runs the plan. Errors (bad revision, failed build, engine that does not start) end the run
     * with status FAILED and are rethrown after the results are written.
     */
    public RunRecord run() {
        Instant started = clock.instant();
        String runId = RUN_ID.format(started) + "-" + def.name();
        runDir = def.output().resultsDir().resolve(runId);
        Plan plan = Plan.of(def);
        // Before the first engine starts: restores what a killed run left, then pins the profile's
        // CPUs (strict: a failure throws here, nothing changed); the environment records the outcome.
        pinning = pinner.apply(def.profile());
        if (def.profile().changesCpu()) {
            out.printf("taf: CPU settings of profile %s: %s%n", def.profile().name(), pinning.outcome().note());
        }
        state = new RunState(def, runId, started, runnerVersion, definitionRecord(),
                Environment.record(def, runtime, pinning.outcome()));
        if (adaptive) {
            planMde();
        }
        try (Repo repo = Repo.open(def.repository())) {
            Map<Side, PreparedSide> sides = prepare(repo);
            ConnectionSettings account = account();
            DataPreparer data = new DataPreparer(def.cacheDir(), runtime, def.launch(), out);
            DataSpec spec = new DataSpec(def.workload().tables(), def.workload().tableSize(), def.workload().seed());
            Map<Side, Path> templates = new HashMap<>();
            for (PreparedSide p : sides.values()) {
                templates.put(p.side(), data.template(p, spec, account));
            }
            IterationRunner iterations = new IterationRunner(runtime, def, stages, runDir, out, clock);
            Duration perStep = plan.estimatePerStep();
            Instant measuringFrom = clock.instant();
            for (Step step : plan.steps()) {
                out.printf("%ntaf: [%d/%d] %s   %s%n", step.sequence() + 1, plan.steps().size(), describe(step),
                        ProgressBar.render(perStep.multipliedBy(plan.steps().size()).toSeconds(),
                                perStep.multipliedBy(step.sequence()).toSeconds()));
                measure(iterations, step, sides, templates, account);
            }
            AdaptiveLoop loop = new AdaptiveLoop(options, def.measure().iterations(), clock, out);
            if (adaptive) {
                ExtraPairs extra = new ExtraPairs(plan.steps().size(), iterations, sides, templates, account);
                loop.run(extra, Duration.between(measuringFrom, clock.instant()), plan.steps().size() / 2,
                        state::adaptive);
            }
            return finish(RunStatus.COMPLETED, null);
        } catch (RunInterruptedException e) {
            return finish(RunStatus.INTERRUPTED, e.getMessage());
        } catch (TafException e) {
            finish(RunStatus.FAILED, e.getMessage());
            throw e;
        } finally {
            restoreCpu();
        }
    }

    /** Puts the CPU settings back (once; the shutdown hook and the end of the run may both ask). */
    private void restoreCpu() {
        Pinning p = pinning;
        if (p != null) {
            p.restore().forEach(f -> out.println("taf: warning: CPU setting not restored (kept in the state file for"
                    + " the next start): " + f));
        }
    }

    /** The MDE before measuring, from the noise {@code taf calibrate} stored for this host; printed and kept. */
    private void planMde() {
        HostFingerprint host = HostFingerprint.of(HostProbe.system().host());
        List<PlannedMdeRecord> mde = PlannedMde.of(def, options, NoiseStore.read(NoiseStore.fileIn(
                def.output().resultsDir())), host, options.maxPairs() > def.measure().iterations());
        PlannedMde.print(mde, options, out);
        state.plannedMde(mde);
    }

    private String describe(Step step) {
        Comparison cmp = def.comparisons().get(step.comparison());
        return String.format("%s %s: %s, %d threads, iteration %d", cmp.name(), step.role().label(),
                step.workload().tafName(), step.threads(), step.iteration() + 1);
    }

    /** Measures one step and records it (the results file is rewritten after each). */
    private void measure(IterationRunner iterations, Step step, Map<Side, PreparedSide> sides,
                         Map<Side, Path> templates, ConnectionSettings account) {
        Comparison cmp = def.comparisons().get(step.comparison());
        Side side = step.role() == Role.PARENT ? cmp.parent() : cmp.patch();
        IterationRecord it = iterations.run(step, sides.get(side), templates.get(side));
        if (it.failure() != null) {
            out.printf("taf: iteration failed: %s%n", it.failure());
        }
        state.add(step, it);
        state.write(runDir, state.snapshot(RunStatus.RUNNING, null, null), false);
    }

    /** The adaptive loop's view of this run: the cells as recorded, and extra pairs measured like planned ones. */
    private final class ExtraPairs implements AdaptiveLoop.Measurements {
        private final IterationRunner iterations;
        private final Map<Side, PreparedSide> sides;
        private final Map<Side, Path> templates;
        private final ConnectionSettings account;
        private int sequence;

        ExtraPairs(int firstSequence, IterationRunner iterations, Map<Side, PreparedSide> sides,
                   Map<Side, Path> templates, ConnectionSettings account) {
            this.sequence = firstSequence;
            this.iterations = iterations;
            this.sides = sides;
            this.templates = templates;
            this.account = account;
        }

        @Override
        public List<ComparisonRecord> comparisons() {
            return state.snapshot(RunStatus.RUNNING, null, null).comparisons();
        }

        @Override
        public void measurePair(int index, CellKey cell) {
            CellRecord c = comparisons().get(index).cells().stream()
                    .filter(x -> x.workload().equals(cell.workload()) && x.threads() == cell.threads())
                    .findFirst().orElseThrow(() -> new IllegalStateException("no cell " + cell));
            for (Step step : Plan.extraPair(def, index, cell.workload(), cell.threads(), c.parent().size(),
                    c.patch().size(), sequence)) {
                out.printf("%ntaf: [extra pair %d of %s] %s%n", step.iteration() + 1, cell, describe(step));
                measure(iterations, step, sides, templates, account);
                sequence++;
            }
        }
    }

    private RunRecord finish(RunStatus status, String failure) {
        RunRecord r = state.snapshot(status, failure, clock.instant());
        state.write(runDir, r, false);
        last = r;
        return r;
    }

    /** The record {@link #run()} ended with, also when it threw; null if it failed before starting. */
    public RunRecord lastRecord() {
        return last;
    }

    /**
     * The record as it stands, marked INTERRUPTED, for a shutdown hook: written unless the run
     * already wrote its final record. Returns what it wrote, or null.
     */
    public RunRecord interrupted() {
        restoreCpu();
        if (state == null) {
            return null;
        }
        RunRecord r = state.snapshot(RunStatus.INTERRUPTED,
                "interrupted after " + state.completed() + " measurements", clock.instant());
        return state.write(runDir, r, true) ? r : null;
    }

    /** Writes the final record (with verdicts) and closes the run to later writers. */
    public void writeFinal(RunRecord record) {
        state.write(runDir, record, true);
    }

    private Map<Side, PreparedSide> prepare(Repo repo) {
        TreeCache trees = new TreeCache(repo, def.cacheDir());
        Builder builder = new Builder(def.cacheDir(), clock);
        BuildSpec spec = new BuildSpec(def.build().command(), def.build().timeout(), def.build().artifact().toString());
        SidePreparer preparer = new SidePreparer(repo, trees, builder, spec, out);
        Map<Side, PreparedSide> sides = new java.util.LinkedHashMap<>();
        // Resolve every revision first: a typo fails before any build starts.
        for (int c = 0; c < def.comparisons().size(); c++) {
            Comparison cmp = def.comparisons().get(c);
            state.side(c, Role.PARENT, SideRecords.unbuilt(Role.PARENT, cmp.parent(), preparer.resolve(cmp.parent())));
            state.side(c, Role.PATCH, SideRecords.unbuilt(Role.PATCH, cmp.patch(), preparer.resolve(cmp.patch())));
        }
        for (int c = 0; c < def.comparisons().size(); c++) {
            Comparison cmp = def.comparisons().get(c);
            for (Role role : Role.values()) {
                Side side = role == Role.PARENT ? cmp.parent() : cmp.patch();
                PreparedSide p;
                try {
                    p = preparer.prepare(side);
                } catch (BuildException e) {
                    CommitInfo commit = preparer.resolve(side);
                    state.side(c, role, SideRecords.failed(role, side, commit, spec, e));
                    throw e;
                }
                state.side(c, role, SideRecords.built(role, p, spec));
                sides.put(side, p);
            }
        }
        return sides;
    }

    private ConnectionSettings account() {
        return stages.workload().connection();
    }

    private DefinitionRecord definitionRecord() {
        List<DefinitionRecord.SettingRecord> settings = def.config().values().stream()
                .map(v -> new DefinitionRecord.SettingRecord(v.key(), v.displayValue(), v.origin().toString()))
                .toList();
        return new DefinitionRecord(def.config().fileDisplay(), def.sourceText(), settings, command);
    }
}

package org.taf.runner.run;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
import org.taf.runner.launch.EngineJava;
import org.taf.runner.launch.EngineRuntime;
import org.taf.runner.profile.CpuIdle;
import org.taf.runner.profile.CpuPinner;
import org.taf.runner.profile.HostFacts;
import org.taf.runner.profile.HostInfo;
import org.taf.runner.profile.IdlePolling;
import org.taf.runner.profile.Pinning;
import org.taf.runner.results.Canary;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.DefinitionRecord;
import org.taf.runner.results.HostFingerprint;
import org.taf.runner.results.NoiseFile;
import org.taf.runner.results.NoiseStore;
import org.taf.runner.results.RunRecord;
import org.taf.runner.results.RunRecord.RunStatus;
import org.taf.runner.stats.CellKey;
import org.taf.runner.stats.CellSamples;
import org.taf.runner.stats.Role;
import org.taf.runner.stats.RunStatistics;
import org.taf.runner.stats.StatsOptions;
import org.taf.runner.sys.JvmShutdown;
import org.taf.runner.workload.DataSpec;
import org.taf.runner.workload.ProgressBar;

/**
 * Runs a test definition from its sides to its verdicts: prepares every side (checkout, build, data,
 * and the engine's AOT cache when asked) before measuring anything, so a broken build fails fast;
 * prints the MDE planned from this host's stored noise; measures the plan's A/B pairs, then the
 * adaptive loop's extra pairs of undecided cells, writing the results after each pair; and judges
 * the run with the loop's last look. Returns the judged run; the outputs read only that record.
 */
public final class Runner {
    private static final DateTimeFormatter RUN_ID = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")
            .withZone(ZoneOffset.UTC);

    private final TestDefinition def;
    /** The engine's JVM: launch.java, or what auto found; {@code def.launch()} names it. */
    private final EngineJava engineJava;
    private final EngineRuntime runtime;
    private final Clock clock;
    private final PrintStream out;
    private final String runnerVersion;
    private final String command;
    private final StatsOptions options;
    private boolean adaptive = true;
    private Canary canary;
    private RunState state;
    private Path runDir;
    private RunRecord last;
    private CpuPinner pinner;
    private volatile Pinning pinning;
    private volatile IdlePolling idle;

    /**
     * @param def           the test definition
     * @param runtime       how engines run (process or container)
     * @param clock         wall clock for ids, timestamps and the adaptive loop's budget
     * @param out           progress and the live workload lines
     * @param runnerVersion TAF's version, for the results
     * @param command       the command line that reproduces this run
     * @throws org.taf.runner.config.ConfigException when the engine's JVM refuses the definition ({@link Preflight})
     */
    public Runner(TestDefinition def, EngineRuntime runtime, Clock clock, PrintStream out, String runnerVersion,
                  String command) {
        // launch.java = auto resolved once, before anything: every stage then reads the JVM from def.launch().
        this.engineJava = EngineJava.resolve(def.launch(), System.getenv(), Path.of(System.getProperty("java.home")),
                EngineJava.JVM_DIRECTORIES);
        this.def = def.withLaunch(engineJava.applyTo(def.launch()));
        this.runtime = runtime;
        this.clock = clock;
        this.out = out;
        this.runnerVersion = runnerVersion;
        this.command = command;
        this.pinner = CpuPinner.system(def.cacheDir().resolve("state"));
        Preflight.check(def);
        this.options = def.stats();
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

    /** This runner's run marked as a canary of {@code taf canary} in every record. Call before {@link #run()}. */
    public Runner asCanary(Canary kind) {
        canary = kind;
        return this;
    }

    /** The run's directory under output.results_dir, known once {@link #run()} started. */
    public Path runDir() {
        return runDir;
    }

    /**
     * Runs the plan and judges it. Errors (bad revision, failed build, engine that does not start) end
     * the run with status FAILED: the record is judged as far as it got, written, and the error rethrown.
     */
    public RunRecord run() {
        Instant started = clock.instant();
        String runId = RUN_ID.format(started) + "-" + def.name();
        runDir = def.output().resultsDir().resolve(runId);
        Plan plan = Plan.of(def);
        engineJava.warning().ifPresent(w -> out.println("taf: warning: " + w));
        // Reads the narrative: refused before anything changes.
        DefinitionRecord definition = DefinitionRecords.of(def, command);
        // Before the first engine starts: idle CPUs polling, then restores what a killed run left and pins the
        // profile's CPUs (strict: a failure throws here, nothing left changed); the environment records both.
        idle = IdlePolling.apply(def.profile().idle(), IdlePolling.DEVICE, IdlePolling.CPUIDLE, def.profile().strict());
        try {
            pinning = pinner.apply(def.profile());
        } catch (RuntimeException e) {
            idle.close();
            throw e;
        }
        if (def.profile().changesCpu()) {
            out.printf("taf: CPU settings of profile %s: %s%n", def.profile().name(), pinning.outcome().note());
        }
        if (def.profile().idle() != CpuIdle.UNCHANGED) {
            out.printf("taf: idle CPUs of profile %s: %s%n", def.profile().name(), idle.note());
        }
        HostInfo hostInfo = HostFacts.system().host();
        HostFingerprint host = hostInfo.fingerprint();
        NoiseFile noise = NoiseStore.read(NoiseStore.fileIn(def.output().resultsDir()));
        Design design = Design.of(def, noise, host, out);
        state = new RunState(def, runId, started, runnerVersion, definition, design,
                Judgement.rules(options, def.profile().noise()), canary);
        state.environment(Environment.record(def, engineJava, runtime, pinning.outcome(), idle, hostInfo));
        if (adaptive) {
            state.plannedMde(PlannedMde.reached(def, options, noise, host, design));
            PlannedMde.print(state.plannedMde(), options, out);
        }
        try (Repo repo = Repo.open(def.repository())) {
            Map<Side, PreparedSide> sides = prepare(repo);
            Map<Side, Path> templates = new HashMap<>();
            Map<Side, List<String>> jvmArgs = new HashMap<>();
            DataPreparer data = new DataPreparer(def, runtime, out);
            DataSpec spec = def.workload().dataSpec(def.tests());
            for (PreparedSide p : sides.values()) {
                templates.put(p.side(), data.template(p, spec));
                jvmArgs.put(p.side(), data.jvmArgs(p, templates.get(p.side())));
            }
            state.engineArgs(jvmArgs.values().stream().findFirst().orElse(def.launch().jvmArgs()));
            Measurer m = new Measurer(new IterationRunner(runtime, def, runDir, out, clock), sides, templates,
                    jvmArgs, design, plan.steps().size(), HostWatch.of(def, noise.probesOf(host.id()), state, clock,
                    out));
            Instant measuringFrom = clock.instant();
            for (Plan.Pair pair : plan.pairs()) {
                m.measure(pair, "[" + (pair.first().sequence() / 2 + 1) + "/" + plan.pairs().size() + "] ",
                        plan.pairs().size(), m.measuring(measuringFrom));
            }
            AdaptiveLoop loop = new AdaptiveLoop(options, def.measure().iterations(), clock, out);
            List<RunStatistics> looks = loop.run(m, adaptive, m.measuring(measuringFrom), plan.pairs().size(),
                    state::adaptive);
            RunRecord r = Judgement.apply(state.snapshot(RunStatus.COMPLETED, null, clock.instant()), looks);
            NoiseUpdate.store(def, r, host, out);
            return finish(r);
        } catch (RunInterruptedException e) {
            return finish(judge(RunStatus.INTERRUPTED, interruptedAfter() + " (" + e.getMessage() + ")"));
        } catch (TafException e) {
            if (JvmShutdown.inProgress()) {
                // A SIGTERM's hooks stop the engines and builds under the run's feet; what fails then
                // (an engine refused, a build killed) is the interruption, not a failure of the commit.
                return finish(judge(RunStatus.INTERRUPTED, interruptedAfter()));
            }
            finish(judge(RunStatus.FAILED, e.getMessage()));
            throw e;
        } finally {
            restoreCpu();
        }
    }

    /** A run that did not complete, judged as far as it got at the plain FDR. */
    private RunRecord judge(RunStatus status, String failure) {
        return Judgement.judge(state.snapshot(status, failure, clock.instant()), options);
    }

    /** Puts the CPU settings back (once; the shutdown hook and the end of the run may both ask). */
    private void restoreCpu() {
        Optional.ofNullable(idle).ifPresent(IdlePolling::close); // idle CPUs halt again; twice is harmless
        Pinning p = pinning;
        if (p != null) {
            p.restore().forEach(f -> out.println("taf: warning: CPU setting not restored (kept in the state file for"
                    + " the next start): " + f));
        }
    }

    private String describe(Step step) {
        Comparison cmp = def.comparisons().get(step.comparison());
        return String.format("%s %s: %s, %d threads, pair %d", cmp.name(), step.role().label(),
                step.workload().tafName(), step.threads(), step.iteration() + 1);
    }

    /** Measures pairs for the plan and the adaptive loop, writing the results after each one. */
    private final class Measurer implements AdaptiveLoop.Measurements {
        private final IterationRunner iterations;
        private final Map<Side, PreparedSide> sides;
        private final Map<Side, Path> templates;
        private final Map<Side, List<String>> jvmArgs;
        private final Design design;
        private final HostWatch host;
        private int sequence;

        Measurer(IterationRunner iterations, Map<Side, PreparedSide> sides, Map<Side, Path> templates,
                 Map<Side, List<String>> jvmArgs, Design design, int firstExtraSequence, HostWatch host) {
            this.iterations = iterations;
            this.sides = sides;
            this.templates = templates;
            this.jvmArgs = jvmArgs;
            this.design = design;
            this.sequence = firstExtraSequence;
            this.host = host;
        }

        /** Time spent measuring since {@code from}, the waits for a quiet host left out: what stats.budget pays. */
        Duration measuring(Instant from) {
            return Duration.between(from, clock.instant()).minus(waited());
        }

        @Override
        public Duration waited() {
            return host.waited();
        }

        /**
         * @param planned the plan's pairs, for the progress bar (0 for an extra pair: no bar)
         * @param elapsed time spent measuring the plan so far
         */
        void measure(Plan.Pair pair, String label, int planned, Duration elapsed) {
            Step s = pair.first();
            Design.Cell d = design.of(s.comparison(), new CellKey(s.workload().tafName(), s.threads()));
            String bar = "";
            if (planned > 0) {
                int done = s.sequence() / 2;
                // Until a pair has been measured, a guess from the definition (taf plan's without stored costs).
                long perPair = done > 0 ? Math.max(1, elapsed.toSeconds() / done)
                        : PlanPreview.guessPairSeconds(def, d.windows());
                bar = "   " + ProgressBar.render(perPair * planned, elapsed.toSeconds());
            }
            out.printf("%ntaf: %s%s and %s (%s)%s%n", label, describe(pair.first()), pair.second().role().label(),
                    d.describe(), bar);
            boolean noisyBefore = host.beforePair();
            IterationRunner.Measured m = iterations.pair(start(pair.first()), start(pair.second()), d.mode(),
                    d.windows());
            for (var it : List.of(m.first(), m.second())) {
                if (it.failure() != null) {
                    out.printf("taf: iteration failed: %s%n", it.failure());
                }
            }
            // Measured in a noisy spell when the probe read the host noisy just before the pair or just after it.
            boolean spell = host.afterPair() || noisyBefore;
            state.add(pair.first(), HostWatch.flagged(m.first(), spell));
            state.add(pair.second(), HostWatch.flagged(m.second(), spell));
            state.write(runDir, state.snapshot(RunStatus.RUNNING, null, null), false);
        }

        private IterationRunner.Start start(Step step) {
            Comparison cmp = def.comparisons().get(step.comparison());
            Side side = step.role() == Role.PARENT ? cmp.parent() : cmp.patch();
            return new IterationRunner.Start(step, sides.get(side), templates.get(side), jvmArgs.get(side));
        }

        @Override
        public List<String> names() {
            return def.comparisons().stream().map(Comparison::name).toList();
        }

        @Override
        public List<CellSamples> samples(int index) {
            return state.samples(index);
        }

        @Override
        public void measurePair(int index, CellKey cell) {
            CellRecord c = state.cell(index, cell);
            Plan.Pair pair = Plan.extraPair(def, index, cell.workload(), cell.threads(), c.parent().size(),
                    c.patch().size(), sequence);
            measure(pair, "[extra pair " + (pair.first().iteration() + 1) + " of " + cell + "] ", 0, Duration.ZERO);
            sequence += 2;
        }
    }

    private RunRecord finish(RunRecord judged) {
        RunRecord r = Flames.fold(judged, runDir);
        state.write(runDir, r, true);
        last = r;
        return r;
    }

    /** The record {@link #run()} ended with, also when it threw; null if it failed before starting. */
    public RunRecord lastRecord() {
        return last;
    }

    /**
     * The record as it stands, marked INTERRUPTED and judged, for a shutdown hook: written unless the run
     * already wrote its final record. Returns what it wrote, or null.
     */
    public RunRecord interrupted() {
        restoreCpu();
        if (state == null) {
            return null;
        }
        RunRecord r = judge(RunStatus.INTERRUPTED, interruptedAfter());
        if (state.write(runDir, r, true)) {
            return r;
        }
        // The run wrote its final record first; it is the interrupted one when the run saw the shutdown.
        RunRecord written = state.lastWritten();
        return written != null && written.status() == RunStatus.INTERRUPTED ? written : null;
    }

    private String interruptedAfter() {
        return "interrupted after " + state.completed() + " measurements";
    }

    private Map<Side, PreparedSide> prepare(Repo repo) {
        TreeCache trees = new TreeCache(repo, def.cacheDir());
        Builder builder = new Builder(def.cacheDir(), clock);
        BuildSpec spec = def.build();
        SidePreparer preparer = new SidePreparer(repo, trees, builder, spec, out);
        Map<Side, PreparedSide> sides = new LinkedHashMap<>();
        // Resolve every revision first: a typo fails before any build starts.
        for (int c = 0; c < def.comparisons().size(); c++) {
            Comparison cmp = def.comparisons().get(c);
            state.side(c, Role.PARENT, SideRecords.unbuilt(Role.PARENT, cmp.parent(),
                    SidePreparer.resolve(repo, def, c, Role.PARENT)));
            state.side(c, Role.PATCH, SideRecords.unbuilt(Role.PATCH, cmp.patch(),
                    SidePreparer.resolve(repo, def, c, Role.PATCH)));
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
}

package org.taf.runner.run;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.taf.runner.TafException;
import org.taf.runner.config.MeasureMode;
import org.taf.runner.config.TestDefinition;
import org.taf.runner.config.WarmupSignal;
import org.taf.runner.launch.DataDirectories;
import org.taf.runner.launch.EngineCommands;
import org.taf.runner.launch.EngineRuntime;
import org.taf.runner.launch.LaunchSpec;
import org.taf.runner.launch.PortFinder;
import org.taf.runner.launch.RunningEngine;
import org.taf.runner.profile.HostNoise;
import org.taf.runner.report.flame.JfrRecordingOptions;
import org.taf.runner.results.CountersRecord;
import org.taf.runner.results.ProfileRecord;
import org.taf.runner.results.CpuPointRecord;
import org.taf.runner.results.EngineCpuRecord;
import org.taf.runner.results.IterationRecord;
import org.taf.runner.results.IterationRecord.IterationFlag;
import org.taf.runner.results.IterationRecord.RestRecord;
import org.taf.runner.results.IterationRecord.WarmupRecord;
import org.taf.runner.results.SampleRecord;
import org.taf.runner.sys.HostCpu;
import org.taf.runner.sys.JitActivity;
import org.taf.runner.sys.JvmShutdown;
import org.taf.runner.sys.ProcessCpuSampler;
import org.taf.runner.sys.Sleeper;
import org.taf.runner.sys.Ticker;
import org.taf.runner.warmup.CpuPoint;
import org.taf.runner.warmup.RestDetector;
import org.taf.runner.warmup.RestTrace;
import org.taf.runner.warmup.SettleTrace;
import org.taf.runner.warmup.JitSettle;
import org.taf.runner.warmup.LoadSettle;
import org.taf.runner.warmup.TpsSettle;
import org.taf.runner.warmup.Warmup;
import org.taf.runner.workload.LoadGenerator;
import org.taf.runner.workload.LoadSession;
import org.taf.runner.workload.Workload;

/**
 * One A/B pair: an engine start of each side, each on a fresh copy of the prepared data, rested
 * until its CPU is idle and warmed up under load until it settles; then measured
 * ({@link MeasureMode#RESTART}: one window each, one engine after the other) or, with both engines
 * alive on their own ports ({@link MeasureMode#ALTERNATE}), in windows that alternate between them.
 * Engines are stopped and their logs kept. Failures after an engine started are recorded in its
 * iteration, not thrown.
 */
final class IterationRunner {
    /** Slack on a load's duration limit: it normally ends by its listener, not by the limit. */
    private static final Duration SLACK = Duration.ofSeconds(30);
    /** What the engine records with profile.jfr: CPU samples every 10 ms, waits from 100 us, 32 MB at most. */
    private static final JfrRecordingOptions JFR = JfrRecordingOptions.defaults();
    /** The recording's file in an engine start's working directory. */
    private static final String RECORDING = "engine.jfr";

    private final EngineRuntime runtime;
    private final TestDefinition def;
    private final StageOptions stages;
    private final Path runDir;
    private final PrintStream live;
    private final Clock clock;
    private final HostCpu host = HostCpu.system();
    private final ProcessCpuSampler self = ProcessCpuSampler.of(ProcessHandle.current().pid());

    IterationRunner(EngineRuntime runtime, TestDefinition def, StageOptions stages, Path runDir, PrintStream live,
                    Clock clock) {
        this.runtime = runtime;
        this.def = def;
        this.stages = stages;
        this.runDir = runDir;
        this.live = live;
        this.clock = clock;
    }

    /** What one engine start of a side is to measure. */
    record Start(Step step, PreparedSide side, Path template, List<String> jvmArgs) {}

    /** The two iterations of a pair, in the order the pair was measured. */
    record Measured(IterationRecord first, IterationRecord second) {}

    /**
     * Measures the pair {@code first}, {@code second} (parent and patch, in the plan's order).
     *
     * @param windows measured windows per engine start in alternate mode (1 in restart mode)
     */
    Measured pair(Start first, Start second, MeasureMode mode, int windows) {
        if (mode == MeasureMode.ALTERNATE) {
            return alternate(first, second, windows);
        }
        IterationRecord a = restart(first);
        return new Measured(a, restart(second));
    }

    /** One engine, one window. */
    private IterationRecord restart(Start s) {
        Attempt a = new Attempt(s, clock.instant());
        try (RunningEngine engine = launch(s, a)) {
            prepare(engine, s.step(), a, true);
            engine.stop();
        } catch (TafException e) {
            stopIfShuttingDown(a.name);
            if (a.serverVersion == null) {
                throw e; // the engine did not start: bad input or a broken build, not a measurement
            }
            a.failure = e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunInterruptedException("interrupted during " + a.name);
        } catch (RuntimeException e) {
            stopIfShuttingDown(a.name);
            a.failure = e.toString();
        } finally {
            DataDirectories.delete(a.work.resolve("data"));
        }
        return a.record();
    }

    /**
     * Both engines alive: start, rest and warm up each, then {@code windows} windows each, alternating
     * first, second, first, second, so that slow drift of the host falls on both alike. Each engine's load
     * stays connected from its warm-up to its last window, and waits between its windows.
     */
    private Measured alternate(Start first, Start second, int windows) {
        Attempt a = new Attempt(first, clock.instant());
        Attempt b = new Attempt(second, clock.instant());
        int skip = Design.skippedSamples(def.measure().switchSkip(), def.workload().reportInterval());
        try (RunningEngine ea = launch(first, a); RunningEngine eb = launch(second, b)) {
            try (LoadSession la = warmUpAlternating(ea, first.step(), a);
                 LoadSession lb = warmUpAlternating(eb, second.step(), b)) {
                for (int w = 0; w < windows && a.failure == null && b.failure == null; w++) {
                    window(la, ea, a, skip);
                    window(lb, eb, b, skip);
                }
            }
            ea.stop();
            eb.stop();
        } catch (TafException e) {
            stopIfShuttingDown(a.name + " and " + b.name);
            if (a.serverVersion == null || b.serverVersion == null) {
                throw e;
            }
            (a.failure == null ? a : b).failure = e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunInterruptedException("interrupted during " + a.name + " and " + b.name);
        } finally {
            DataDirectories.delete(a.work.resolve("data"));
            DataDirectories.delete(b.work.resolve("data"));
        }
        return new Measured(a.record(), b.record());
    }

    /**
     * An iteration that fails while the JVM shuts down failed because the shutdown hooks stopped its
     * engine: that is the interruption, not a measurement of the commit.
     */
    private static void stopIfShuttingDown(String what) {
        if (JvmShutdown.inProgress()) {
            throw new RunInterruptedException("interrupted during " + what);
        }
    }

    private static Path writeSettings(Path dir) {
        try {
            Files.createDirectories(dir);
            return JFR.writeSettings(dir);
        } catch (java.io.IOException e) {
            throw new TafException("cannot write the JFR settings into " + dir + ": " + e);
        }
    }

    /** Starts the side's engine on a fresh copy of its data; the attempt records the launch. */
    private RunningEngine launch(Start s, Attempt a) {
        Path data = DataDirectories.copyTemplate(s.template(), a.work.resolve("data"));
        int port = def.launch().port() == 0 ? PortFinder.freePort() : def.launch().port();
        List<String> jvmArgs = s.jvmArgs();
        if (def.profile().jfr()) {
            jvmArgs = new ArrayList<>(jvmArgs);
            jvmArgs.addAll(JFR.jvmArguments(a.work.resolve(RECORDING), writeSettings(a.work)));
        }
        var cmd = EngineCommands.tafEngine(def.launch().java(), jvmArgs, s.side().build().artifact(), data, port,
                a.work.resolve("engine.pid"), a.log, new TreeMap<>(s.side().side().engine().asMap()));
        LaunchSpec spec = new LaunchSpec(cmd, a.work, new TreeMap<>(), port, data, a.log,
                def.launch().startupTimeout(), def.launch().shutdownTimeout(),
                def.profile().engineCpuset().map(c -> c.spec()));
        long t0 = System.nanoTime();
        RunningEngine engine = runtime.start(spec);
        a.launchSeconds = (System.nanoTime() - t0) / 1e9;
        a.serverVersion = engine.serverVersion();
        return engine;
    }

    /**
     * Rests the engine and warms it up; with {@code measure}, the warm-up flows into one measured window
     * on the same load (restart mode).
     */
    private void prepare(RunningEngine engine, Step step, Attempt a, boolean measure) throws InterruptedException {
        Ticker ticker = Ticker.system();
        Sleeper sleeper = Sleeper.system();
        rest(engine, a);
        LoadGenerator gen = new LoadGenerator(stages.workloadOn(engine.port()), live);
        int wanted = samplesPerWindow();
        var w = def.warmup();
        if (!w.enabled()) {
            if (measure) {
                window(engine, step, a, 1);
            }
        } else if (w.signal() != WarmupSignal.CPU) {
            // One continuous load: measuring starts at the sample where the warm-up ended.
            MeasuringListener m = listener(engine);
            LoadSettle rule = settleRule(engine);
            m.measureAfter(rule, measure ? wanted : 1);
            try (CounterProbe probe = measure ? probe(engine) : null) {
                m.countWith(probe);
                gen.run(step.workload(), step.threads(), w.max().plus(def.measure().duration()).plus(SLACK), m);
            }
            a.warmup = new WarmupRecord(rule.mode(), rule.settled(), rule.cutAtSeconds(), rule.reason(),
                    m.warmupCpuPct(), m.warmupSamples());
            if (measure) {
                a.add(m);
            }
        } else if (w.threads() == step.threads() && measure) {
            // One continuous load: measuring starts where the CPU load settled, without reconnecting.
            MeasuringListener m = listener(engine);
            Duration limit = w.max().plus(def.measure().duration()).plus(SLACK);
            SettleTrace t;
            try (CounterProbe probe = probe(engine)) {
                m.countWith(probe);
                t = loadWhileWarming(gen, step.workload(), step.threads(), limit, m, engine, ticker, sleeper,
                        () -> m.measure(wanted));
            }
            a.warmup = cpuWarmup(t, m.warmupSamples());
            a.add(m);
        } else {
            // warmup.threads differs from this cell's (or alternate mode): warm up, then measure on a new load.
            MeasuringListener warm = listener(engine);
            SettleTrace t = loadWhileWarming(gen, step.workload(), w.threads(), w.max().plus(SLACK), warm, engine,
                    ticker, sleeper, warm::requestStop);
            a.warmup = cpuWarmup(t, warm.warmupSamples());
            if (measure) {
                window(engine, step, a, 1);
            }
        }
        if (!engine.isAlive()) {
            throw new TafException("the engine exited during the measurement; see its log " + engine.logFile());
        }
    }

    /**
     * Rests an engine of an alternating pair and warms it up on the load its windows will use, which stays
     * connected; a CPU warm-up on another thread count warms up on a load of its own first.
     */
    private LoadSession warmUpAlternating(RunningEngine engine, Step step, Attempt a) throws InterruptedException {
        rest(engine, a);
        LoadGenerator gen = new LoadGenerator(stages.workloadOn(engine.port()), live);
        var w = def.warmup();
        if (w.enabled() && w.signal() == WarmupSignal.CPU && w.threads() != step.threads()) {
            MeasuringListener warm = listener(engine);
            SettleTrace t = loadWhileWarming(gen, step.workload(), w.threads(), w.max().plus(SLACK), warm, engine,
                    Ticker.system(), Sleeper.system(), warm::requestStop);
            a.warmup = cpuWarmup(t, warm.warmupSamples());
        }
        LoadSession load = gen.open(step.workload(), step.threads());
        try {
            if (!w.enabled() || (w.signal() == WarmupSignal.CPU && w.threads() != step.threads())) {
                return load;
            }
            MeasuringListener m = listener(engine);
            if (w.signal() == WarmupSignal.CPU) {
                Warmup warmup = Warmup.untilCpuSettles(stages.settle());
                SettleTrace t = whileLoading(() -> load.run(w.max().plus(SLACK), m), load::stop, m::requestStop,
                        () -> warmup.warmUp(engine.cpuSampler(), Ticker.system(), Sleeper.system()));
                a.warmup = cpuWarmup(t, m.warmupSamples());
            } else {
                LoadSettle rule = settleRule(engine);
                m.measureAfter(rule, 0);
                load.run(w.max().plus(SLACK), m);
                a.warmup = new WarmupRecord(rule.mode(), rule.settled(), rule.cutAtSeconds(), rule.reason(),
                        m.warmupCpuPct(), m.warmupSamples());
            }
            if (!engine.isAlive()) {
                throw new TafException("the engine exited during its warm-up; see its log " + engine.logFile());
            }
            return load;
        } catch (RuntimeException | InterruptedException e) {
            load.close();
            throw e;
        }
    }

    /** Waits until the engine's CPU is at rest, when {@code rest.enabled}. */
    private void rest(RunningEngine engine, Attempt a) throws InterruptedException {
        if (def.rest().enabled()) {
            RestTrace t = new RestDetector(stages.rest()).await(engine.cpuSampler(), Ticker.system(), Sleeper.system());
            a.rest = new RestRecord(true, t.rested(), seconds(t.took()), percents(t.samples()));
        }
    }

    /** The warm-up rule on the load's own samples: the JIT's quiet ({@code jit}) or a flat throughput. */
    private LoadSettle settleRule(RunningEngine engine) {
        if (def.warmup().signal() == WarmupSignal.JIT) {
            JitActivity jit = JitActivity.of(engine.pid());
            return new JitSettle(stages.settleOnTps(), def.warmup().maxJitPct(), jit::cpuSecondsSinceLastCall);
        }
        return new TpsSettle(stages.settleOnTps());
    }

    /**
     * One measured window on a new load, its first {@code skipped} samples left out: a new load on an
     * engine that did not just warm up on it (after its own CPU warm-up on other threads, or after a switch
     * from the other engine) reconnects and re-primes its caches first. Without a warm-up nothing is left out.
     */
    private void window(RunningEngine engine, Step step, Attempt a, int skipped) {
        LoadGenerator gen = new LoadGenerator(stages.workloadOn(engine.port()), live);
        MeasuringListener m = listener(engine);
        if (skipped == 0 || !def.warmup().enabled()) {
            m.measure(samplesPerWindow());
        } else {
            m.measureAfterSkipping(skipped, samplesPerWindow());
        }
        try (CounterProbe probe = probe(engine)) {
            m.countWith(probe);
            gen.run(step.workload(), step.threads(), def.measure().duration().plus(SLACK), m);
        }
        a.add(m);
        if (!engine.isAlive()) {
            throw new TafException("the engine exited during the measurement; see its log " + engine.logFile());
        }
    }

    /**
     * One alternating window on the engine's connected load, its first {@code skipped} samples left out
     * (the load just switched from the other engine).
     */
    private void window(LoadSession load, RunningEngine engine, Attempt a, int skipped) {
        MeasuringListener m = listener(engine);
        m.measureAfterSkipping(skipped, samplesPerWindow());
        try (CounterProbe probe = probe(engine)) {
            m.countWith(probe);
            load.run(def.measure().duration().plus(SLACK), m);
        }
        a.add(m);
        if (!engine.isAlive()) {
            throw new TafException("the engine exited during the measurement; see its log " + engine.logFile());
        }
    }

    private int samplesPerWindow() {
        return Design.samplesPerWindow(def);
    }

    /**
     * Runs the load on another thread while the CPU warm-up watches the engine on this one; when the
     * warm-up ends, {@code afterWarmup} turns the listener to measuring (or stops it), and this waits for
     * the load to end.
     */
    private SettleTrace loadWhileWarming(LoadGenerator gen, Workload workload, int threads, Duration limit,
                                         MeasuringListener listener, RunningEngine engine, Ticker ticker,
                                         Sleeper sleeper, Runnable afterWarmup) throws InterruptedException {
        Warmup warmup = Warmup.untilCpuSettles(stages.settle());
        return whileLoading(() -> gen.run(workload, threads, limit, listener), gen::stop, afterWarmup,
                () -> warmup.warmUp(engine.cpuSampler(), ticker, sleeper));
    }

    /** The CPU warm-up's watch on this thread while {@code load} runs on another; see {@link #loadWhileWarming}. */
    private static SettleTrace whileLoading(java.util.function.Supplier<?> load, Runnable stopLoad,
                                            Runnable afterWarmup, CpuWarmUp warmUp) throws InterruptedException {
        ExecutorService loader = Executors.newSingleThreadExecutor(daemon("taf-load"));
        boolean ended = false;
        try {
            Future<?> running = loader.submit(load::get);
            SettleTrace t = warmUp.run();
            afterWarmup.run();
            running.get();
            ended = true;
            return t;
        } catch (ExecutionException e) {
            ended = true;
            throw e.getCause() instanceof RuntimeException re ? re : new IllegalStateException(e.getCause());
        } finally {
            if (!ended) {
                stopLoad.run(); // the warm-up failed or was interrupted while the load ran
            }
            loader.shutdownNow();
        }
    }

    /** The CPU warm-up itself, watching the engine until it settles. */
    @FunctionalInterface
    private interface CpuWarmUp {
        SettleTrace run() throws InterruptedException;
    }

    /** A probe of the engine's counters for one window; null when {@code measure.counters} is off. */
    private CounterProbe probe(RunningEngine engine) {
        return def.measure().counters() ? CounterProbe.open(engine.pid(), stages.workloadOn(engine.port()).connection())
                : null;
    }

    private MeasuringListener listener(RunningEngine engine) {
        return new MeasuringListener(engine.cpuSampler(), self, host);
    }

    private static WarmupRecord cpuWarmup(SettleTrace t, List<SampleRecord> samples) {
        return new WarmupRecord("settle", t.settled(), seconds(t.cutAt()), t.reason(), percents(t.samples()), samples);
    }

    /** What one engine start gathered, so a failure keeps whatever was measured before it. */
    private final class Attempt {
        final Start start;
        final Instant startedAt;
        final String name;
        final Path work;
        final Path log;
        String serverVersion;
        double launchSeconds;
        RestRecord rest = new RestRecord(false, false, 0, List.of());
        WarmupRecord warmup = new WarmupRecord("none", true, 0, "not reached", List.of(), List.of());
        final List<SampleRecord> samples = new ArrayList<>();
        final List<CpuPointRecord> cpu = new ArrayList<>();
        final List<Integer> windows = new ArrayList<>();
        String cpuSource;
        double engineCpuSeconds;
        CountersRecord counters;
        boolean countersMissing;
        final List<ProfileRecord.Window> profileWindows = new ArrayList<>();
        String failure;

        Attempt(Start start, Instant startedAt) {
            this.start = start;
            this.startedAt = startedAt;
            this.name = String.format("%03d-%s", start.step().sequence(), start.step().role().label());
            this.work = runDir.resolve("work").resolve(name);
            this.log = work.resolve("engine.log");
        }

        /** Appends one window's samples, continuing the measured seconds where the last window ended. */
        void add(MeasuringListener m) {
            if (m.samples().isEmpty()) {
                return;
            }
            double offset = samples.isEmpty() ? 0 : samples.get(samples.size() - 1).second();
            windows.add(samples.size());
            for (SampleRecord s : m.samples()) {
                samples.add(new SampleRecord(s.second() + offset, s.intervalSeconds(), s.events(), s.reads(),
                        s.writes(), s.other(), s.errors(), s.reconnects(), s.p50Ms(), s.p95Ms(), s.p99Ms(), s.maxMs()));
            }
            for (CpuPointRecord p : m.cpu()) {
                cpu.add(new CpuPointRecord(p.second() + offset, p.enginePct(), p.hostOtherPct(), p.stealPct()));
            }
            engineCpuSeconds += m.measuredEngineCpuSeconds();
            cpuSource = m.engineCpuSource();
            // Counts of an engine start cover all its windows, or none of them.
            CountersRecord c = m.counters();
            countersMissing |= c == null;
            counters = countersMissing ? null : counters == null ? c : counters.plus(c);
            if (m.window() != null) {
                profileWindows.add(m.window());
            }
        }

        IterationRecord record() {
            Path kept = DataDirectories.keepLog(log, runDir.resolve("logs"), name + ".log");
            // Readings are whole clock ticks; rounding drops the binary noise of summing them.
            EngineCpuRecord engineCpu = samples.isEmpty() || cpuSource == null ? null
                    : new EngineCpuRecord(cpuSource, Math.round(engineCpuSeconds * 1e6) / 1e6);
            return new IterationRecord(start.step().iteration(), start.step().sequence(), startedAt, serverVersion,
                    rest, warmup, samples, cpu, flags(), failure, runDir.relativize(kept).toString(), engineCpu,
                    Math.round(launchSeconds * 1000) / 1000.0, windows, counters, profile());
        }

        /** The recording, kept with the results, and the windows measured in it; null without profile.jfr. */
        private ProfileRecord profile() {
            if (!def.profile().jfr()) {
                return null;
            }
            Path jfr = work.resolve(RECORDING);
            if (!Files.isRegularFile(jfr)) {
                return new ProfileRecord(null, 0, profileWindows);
            }
            try {
                Path kept = DataDirectories.keepLog(jfr, runDir.resolve("profiles"), name + ".jfr");
                return new ProfileRecord(runDir.relativize(kept).toString(), Files.size(kept), profileWindows);
            } catch (TafException | java.io.IOException e) {
                return new ProfileRecord(null, 0, profileWindows);
            }
        }

        private List<IterationFlag> flags() {
            List<IterationFlag> f = new ArrayList<>();
            if (rest.enabled() && !rest.rested()) {
                f.add(IterationFlag.NOT_RESTED);
            }
            if (!warmup.mode().equals("none") && !warmup.settled()) {
                f.add(IterationFlag.NOT_SETTLED);
            }
            if (samples.stream().anyMatch(s -> s.reconnects() > 0)) {
                f.add(IterationFlag.ERRORS);
            }
            if (stages.noise().exceededBy(HostNoise.of(cpu))) {
                f.add(IterationFlag.HOST_NOISE);
            }
            return f;
        }
    }

    private static List<Double> percents(List<CpuPoint> points) {
        return points.stream().map(p -> Math.round(p.cpuPercent() * 10) / 10.0).toList();
    }

    private static double seconds(Duration d) {
        return d.toMillis() / 1000.0;
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        };
    }
}

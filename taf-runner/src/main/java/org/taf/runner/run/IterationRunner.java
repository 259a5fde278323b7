package org.taf.runner.run;

import java.io.PrintStream;
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
import org.taf.runner.config.TestDefinition;
import org.taf.runner.launch.DataDirectories;
import org.taf.runner.launch.EngineCommands;
import org.taf.runner.launch.EngineRuntime;
import org.taf.runner.launch.LaunchSpec;
import org.taf.runner.launch.PortFinder;
import org.taf.runner.launch.RunningEngine;
import org.taf.runner.profile.HostNoise;
import org.taf.runner.results.CpuPointRecord;
import org.taf.runner.results.EngineCpuRecord;
import org.taf.runner.results.IterationRecord;
import org.taf.runner.results.IterationRecord.IterationFlag;
import org.taf.runner.results.IterationRecord.RestRecord;
import org.taf.runner.results.IterationRecord.WarmupRecord;
import org.taf.runner.results.SampleRecord;
import org.taf.runner.warmup.CpuPoint;
import org.taf.runner.sys.HostCpu;
import org.taf.runner.sys.ProcessCpuSampler;
import org.taf.runner.warmup.RestDetector;
import org.taf.runner.warmup.RestTrace;
import org.taf.runner.warmup.SettleTrace;
import org.taf.runner.sys.Sleeper;
import org.taf.runner.sys.Ticker;
import org.taf.runner.warmup.Warmup;
import org.taf.runner.workload.LoadGenerator;

/**
 * One measurement: a fresh engine on a fresh copy of the prepared data; wait until its CPU rests;
 * warm up under load (warmup.threads connections) until its CPU load settles; then measure for
 * {@code measure.duration} with the cell's thread count; stop the engine and keep its log.
 * Failures after the engine started are recorded in the iteration, not thrown.
 */
final class IterationRunner {
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

    IterationRecord run(Step step, PreparedSide side, Path template) {
        Instant started = clock.instant();
        String name = String.format("%03d-%s", step.sequence(), step.role().label());
        Path work = runDir.resolve("work").resolve(name);
        Path data = DataDirectories.copyTemplate(template, work.resolve("data"));
        int port = def.launch().port() == 0 ? PortFinder.freePort() : def.launch().port();
        Path log = work.resolve("engine.log");
        var cmd = EngineCommands.tafEngine(def.launch().java(), def.launch().jvmArgs(), side.build().artifact(), data,
                port, work.resolve("engine.pid"), log, new TreeMap<>(side.side().engine().asMap()));
        LaunchSpec spec = new LaunchSpec(cmd, work, new TreeMap<>(), port, data, log, def.launch().startupTimeout(),
                def.launch().shutdownTimeout(), def.profile().engineCpuset().map(c -> c.spec()));
        Attempt a = new Attempt();
        try (RunningEngine engine = runtime.start(spec)) {
            a.serverVersion = engine.serverVersion();
            measure(step, engine, a);
            engine.stop();
        } catch (TafException e) {
            if (a.serverVersion == null) {
                throw e; // the engine did not start: bad input or a broken build, not a measurement
            }
            a.failure = e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunInterruptedException("interrupted during " + name);
        } catch (RuntimeException e) {
            a.failure = e.toString();
        } finally {
            DataDirectories.delete(work.resolve("data"));
        }
        Path kept = DataDirectories.keepLog(log, runDir.resolve("logs"), name + ".log");
        return new IterationRecord(step.iteration(), step.sequence(), started, a.serverVersion, a.rest, a.warmup,
                a.samples, a.cpu, flags(a), a.failure, runDir.relativize(kept).toString(), a.engineCpu);
    }

    /** What one attempt gathered, so a failure keeps whatever was measured before it. */
    private static final class Attempt {
        String serverVersion;
        RestRecord rest = new RestRecord(false, false, 0, List.of());
        WarmupRecord warmup = new WarmupRecord("none", true, 0, "not reached", List.of(), List.of());
        List<SampleRecord> samples = List.of();
        List<CpuPointRecord> cpu = List.of();
        EngineCpuRecord engineCpu;
        String failure;
    }

    private void measure(Step step, RunningEngine engine, Attempt a)
            throws InterruptedException {
        Ticker ticker = Ticker.system();
        Sleeper sleeper = Sleeper.system();
        if (def.rest().enabled()) {
            RestTrace t = new RestDetector(stages.rest()).await(engine.cpuSampler(), ticker, sleeper);
            a.rest = new RestRecord(true, t.rested(), seconds(t.took()), percents(t.samples()));
        }
        LoadGenerator gen = new LoadGenerator(stages.workloadOn(engine.port()), live);
        var w = def.warmup();
        Duration interval = def.workload().reportInterval();
        int wanted = (int) Math.max(1, def.measure().duration().toMillis() / interval.toMillis());
        if (!w.enabled()) {
            MeasuringListener m = listener(engine);
            m.measure(wanted);
            gen.run(step.workload(), step.threads(), def.measure().duration().plus(Duration.ofSeconds(30)), m);
            take(m, a);
        } else if (w.threads() == step.threads()) {
            // One continuous load: measuring starts where the warm-up settled, without reconnecting.
            MeasuringListener m = listener(engine);
            Duration limit = w.max().plus(def.measure().duration()).plus(Duration.ofSeconds(30));
            SettleTrace t = loadWhileWarming(gen, step.workload(), step.threads(), limit, m, engine, ticker, sleeper,
                    () -> m.measure(wanted));
            a.warmup = warmupRecord(t, m.warmupSamples());
            take(m, a);
        } else {
            // warmup.threads differs from this cell's: warm up with those, then measure with a new load.
            MeasuringListener warm = listener(engine);
            SettleTrace t = loadWhileWarming(gen, step.workload(), w.threads(), w.max().plus(Duration.ofSeconds(30)),
                    warm, engine, ticker, sleeper, warm::requestStop);
            a.warmup = warmupRecord(t, warm.warmupSamples());
            MeasuringListener m = listener(engine);
            m.measure(wanted);
            gen.run(step.workload(), step.threads(), def.measure().duration().plus(Duration.ofSeconds(30)), m);
            take(m, a);
        }
        if (!engine.isAlive()) {
            throw new TafException("the engine exited during the measurement; see its log " + engine.logFile());
        }
    }

    /**
     * Runs the load on another thread while the warm-up watches the engine's CPU on this one; when
     * the warm-up ends, {@code afterWarmup} turns the listener to measuring (or stops it), and this
     * waits for the load to end.
     */
    private SettleTrace loadWhileWarming(LoadGenerator gen, org.taf.runner.workload.Workload workload, int threads,
                                         Duration limit, MeasuringListener listener, RunningEngine engine,
                                         Ticker ticker, Sleeper sleeper, Runnable afterWarmup)
            throws InterruptedException {
        Warmup warmup = Warmup.untilCpuSettles(stages.settle());
        ExecutorService load = Executors.newSingleThreadExecutor(daemon("taf-load"));
        try {
            Future<?> running = load.submit(() -> gen.run(workload, threads, limit, listener));
            SettleTrace t = warmup.warmUp(engine.cpuSampler(), ticker, sleeper);
            afterWarmup.run();
            running.get();
            return t;
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException re ? re : new IllegalStateException(e.getCause());
        } finally {
            gen.stop();
            load.shutdownNow();
        }
    }

    private MeasuringListener listener(RunningEngine engine) {
        return new MeasuringListener(engine.cpuSampler(), self, host);
    }

    private static WarmupRecord warmupRecord(SettleTrace t, List<SampleRecord> samples) {
        return new WarmupRecord("settle", t.settled(), seconds(t.cutAt()), t.reason(), percents(t.samples()), samples);
    }

    private static void take(MeasuringListener m, Attempt a) {
        a.samples = m.samples();
        a.cpu = m.cpu();
        a.engineCpu = m.samples().isEmpty() ? null
                // Readings are whole clock ticks; rounding drops the binary noise of summing them.
                : new EngineCpuRecord(m.engineCpuSource(), Math.round(m.measuredEngineCpuSeconds() * 1e6) / 1e6);
    }


    private List<IterationFlag> flags(Attempt a) {
        List<IterationFlag> f = new ArrayList<>();
        if (a.rest.enabled() && !a.rest.rested()) {
            f.add(IterationFlag.NOT_RESTED);
        }
        if (a.warmup.mode().equals("settle") && !a.warmup.settled()) {
            f.add(IterationFlag.NOT_SETTLED);
        }
        if (a.samples.stream().anyMatch(s -> s.reconnects() > 0)) {
            f.add(IterationFlag.ERRORS);
        }
        if (stages.noise().exceededBy(HostNoise.of(a.cpu))) {
            f.add(IterationFlag.HOST_NOISE);
        }
        return f;
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

package org.taf.runner.run;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.function.DoubleSupplier;
import java.util.function.LongFunction;
import org.taf.runner.TafException;
import org.taf.runner.config.TestDefinition;
import org.taf.runner.launch.DataDirectories;
import org.taf.runner.launch.EngineRuntime;
import org.taf.runner.launch.RunningEngine;
import org.taf.runner.results.IterationRecord;
import org.taf.runner.results.MeasureMode;
import org.taf.runner.sys.CpuSampler;
import org.taf.runner.sys.HostCpu;
import org.taf.runner.sys.JitActivity;
import org.taf.runner.sys.JvmShutdown;
import org.taf.runner.sys.ProcessCpuSampler;
import org.taf.runner.sys.Sleeper;
import org.taf.runner.sys.Ticker;
import org.taf.runner.workload.WorkloadOptions;

/**
 * One A/B pair: an engine start of each side, each on a fresh copy of the prepared data, rested until its CPU is
 * idle and warmed up under load ({@link StartStage}, {@link WarmupStage}); then measured ({@link WindowStage})
 * in one window each, one engine after the other ({@link MeasureMode#RESTART}), or, with both engines alive on
 * their own ports, in windows that alternate between them ({@link MeasureMode#ALTERNATE}); and recorded
 * ({@link Attempt#record}). Engines are stopped and their logs kept. Failures after an engine started are
 * recorded in its iteration, not thrown.
 */
final class IterationRunner {
    private final TestDefinition def;
    private final Path runDir;
    private final Rig rig;
    private final StartStage starts;
    private final WarmupStage warmups;
    private final WindowStage windows;

    /**
     * What an iteration runs on besides its definition: the engines, their loads, the CPU readings of the host,
     * of this runner and of an engine JVM's JIT compilers (by pid), and the clocks. The stages' unit test fakes it.
     */
    record Rig(EngineRuntime runtime, Load.Opener loads, HostCpu host, CpuSampler self,
               LongFunction<DoubleSupplier> compilers, Ticker ticker, Sleeper sleeper, Clock clock) {

        /** This machine, loads over JDBC printing their live lines to {@code live}. */
        static Rig system(EngineRuntime runtime, WorkloadOptions workload, PrintStream live, Clock clock) {
            return new Rig(runtime, Load.Opener.jdbc(workload, live), HostCpu.system(),
                    ProcessCpuSampler.of(ProcessHandle.current().pid()),
                    pid -> JitActivity.of(pid)::cpuSecondsSinceLastCall, Ticker.system(), Sleeper.system(), clock);
        }
    }

    IterationRunner(EngineRuntime runtime, TestDefinition def, Path runDir, PrintStream live,
                    Clock clock) {
        this(def, runDir, Rig.system(runtime, def.workload(), live, clock));
    }

    IterationRunner(TestDefinition def, Path runDir, Rig rig) {
        this.def = def;
        this.runDir = runDir;
        this.rig = rig;
        this.starts = new StartStage(def, rig);
        this.windows = new WindowStage(def, rig.host(), rig.self());
        this.warmups = new WarmupStage(def, windows, rig);
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
        Attempt a = attempt(s);
        try (RunningEngine engine = starts.launch(s, a)) {
            starts.rest(engine, a);
            warmUpAndMeasure(engine, s.step(), a);
            checkAfterRun(engine, s.step(), a);
            engine.stop();
        } catch (TafException e) {
            stopIfShuttingDown(a.name());
            if (!a.started()) {
                throw e; // the engine did not start: bad input or a broken build, not a measurement
            }
            a.failed(e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunInterruptedException("interrupted during " + a.name());
        } catch (RuntimeException e) {
            stopIfShuttingDown(a.name());
            a.failed(e.toString());
        } finally {
            DataDirectories.delete(a.work().resolve("data"));
        }
        return record(a);
    }

    /** A restart's warm-up and its one window, on one continuous load where the warm-up allows it. */
    private void warmUpAndMeasure(RunningEngine engine, Step step, Attempt a) throws InterruptedException {
        if (warmups.onMeasuredLoad(step)) {
            // Measuring starts at the sample where the warm-up ended, without reconnecting.
            MeasuringListener m = windows.listener(engine);
            try (Load load = rig.loads().perRun(engine, step.workload(), step.threads())) {
                warmups.warmUp(engine, load, m, windows.samplesPerWindow(), a);
            }
            a.measured(m);
        } else {
            boolean apart = warmups.apart(step);
            if (apart) {
                warmups.warmUpApart(engine, step, a);
            }
            try (Load load = rig.loads().perRun(engine, step.workload(), step.threads())) {
                windows.measure(engine, load, apart ? 1 : 0, a);
            }
        }
        WindowStage.checkAlive(engine, "the measurement");
    }

    /**
     * Both engines alive: start, rest and warm up each, then {@code windowsEach} windows each, alternating
     * first, second, first, second, so that slow drift of the host falls on both alike. Each engine's load
     * stays connected from its warm-up to its last window, and waits between its windows.
     */
    private Measured alternate(Start first, Start second, int windowsEach) {
        Attempt a = attempt(first);
        Attempt b = attempt(second);
        Busy busy = new Busy();
        int skip = Design.skippedSamples(def.measure().switchSkip(), def.workload().reportInterval());
        try (RunningEngine ea = starts.launch(first, busy.on(a));
             RunningEngine eb = starts.launch(second, busy.on(b))) {
            try (Load la = warmUpKeptOpen(ea, first.step(), busy.on(a));
                 Load lb = warmUpKeptOpen(eb, second.step(), busy.on(b))) {
                for (int w = 0; w < windowsEach; w++) {
                    windows.measure(ea, eb, la, skip, busy.on(a));
                    windows.measure(eb, ea, lb, skip, busy.on(b));
                }
            }
            checkAfterRun(ea, first.step(), busy.on(a));
            checkAfterRun(eb, second.step(), busy.on(b));
            busy.on(a);
            ea.stop();
            busy.on(b);
            eb.stop();
        } catch (TafException e) {
            stopIfShuttingDown(a.name() + " and " + b.name());
            if (!a.started() || !b.started()) {
                throw e;
            }
            busy.side.failed(e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunInterruptedException("interrupted during " + a.name() + " and " + b.name());
        } finally {
            DataDirectories.delete(a.work().resolve("data"));
            DataDirectories.delete(b.work().resolve("data"));
        }
        return new Measured(record(a), record(b));
    }

    /**
     * The start of an alternating pair whose step is under way. A failure is that side's: blaming the pair's
     * first start whenever it had none of its own failed the parent for the patch's crash.
     */
    private static final class Busy {
        private Attempt side;

        /** {@code a} is the side at work from now on; returns it, so a step names its side once. */
        Attempt on(Attempt a) {
            side = a;
            return a;
        }
    }

    /**
     * Rests an engine of an alternating pair and warms it up on the load its windows will use, which stays
     * connected; a CPU settle on other threads warms up on a load of its own first.
     */
    private Load warmUpKeptOpen(RunningEngine engine, Step step, Attempt a) throws InterruptedException {
        starts.rest(engine, a);
        if (warmups.apart(step)) {
            warmups.warmUpApart(engine, step, a);
        }
        Load load = rig.loads().keptOpen(engine, step.workload(), step.threads());
        try {
            if (warmups.onMeasuredLoad(step)) {
                warmups.warmUp(engine, load, windows.listener(engine), 0, a);
                WindowStage.checkAlive(engine, "its warm-up");
            }
            return load;
        } catch (RuntimeException | InterruptedException e) {
            load.close();
            throw e;
        }
    }

    /**
     * Checks the data an engine start's load left (TPROC-C's consistency): a condition that fails fails this
     * start, named, with what it measured kept beside the failure, which is never turned into a number.
     */
    private void checkAfterRun(RunningEngine engine, Step step, Attempt a) {
        try {
            rig.loads().checkAfterRun(engine, step.workload());
        } catch (TafException e) {
            a.failed(e.getMessage());
        }
    }

    private Attempt attempt(Start s) {
        return new Attempt(s.step(), rig.clock().instant(), runDir);
    }

    private IterationRecord record(Attempt a) {
        return a.record(def.measure().jfr(), def.profile().noise());
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
}

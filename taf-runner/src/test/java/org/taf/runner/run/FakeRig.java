package org.taf.runner.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.DoubleSupplier;
import java.util.function.IntToDoubleFunction;
import java.util.function.LongFunction;
import org.taf.runner.launch.EngineRuntime;
import org.taf.runner.launch.LaunchException;
import org.taf.runner.launch.LaunchSpec;
import org.taf.runner.launch.RunningEngine;
import org.taf.runner.launch.StopResult;
import org.taf.runner.launch.SweptEngine;
import org.taf.runner.sys.CpuSampler;
import org.taf.runner.sys.HostCpu;
import org.taf.runner.warmup.ManualTime;
import org.taf.runner.workload.Workload;
import org.taf.runner.workload.WorkloadException;
import org.taf.runner.workload.sample.Counts;
import org.taf.runner.workload.sample.IntervalSample;
import org.taf.runner.workload.sample.LatencySummary;
import org.taf.runner.workload.sample.SampleListener;

/**
 * What an iteration runs on, without engines, loads or a real clock. An engine answers at once and uses no CPU
 * until a load opens on it, then {@link #busyPct} of a CPU as the {@link ManualTime} tells time. A load reports
 * one interval of {@link #tps} every report interval, moving that clock on by the interval, until its listener
 * says stop or its limit passes. The host's {@code /proc/stat} never changes, so no host noise.
 *
 * <p>A CPU settle watches the engine on the stage's thread while its load runs on another. With {@link
 * #pacedCpuWarmup} the warm-up's load reports three intervals, then waits (yielding, not sleeping) until the
 * watch is over, and leaves the clock to the watch meanwhile: the watch's readings stay exact.
 */
final class FakeRig {
    final ManualTime time = new ManualTime();
    final ManualClock clock = new ManualClock();
    final List<FakeEngine> engines = new ArrayList<>();
    /** Every run of a load, in order: "engine 1, 2 threads". */
    final List<String> runs = Collections.synchronizedList(new ArrayList<>());
    double busyPct = 50;
    /** TPS of a load's n-th interval, from 1, over the load's life. */
    IntToDoubleFunction tps = n -> 1_000;
    /** The JIT compilers' seconds since the last call, per engine pid; none visible by default. */
    LongFunction<DoubleSupplier> compilers = pid -> () -> -1;
    boolean pacedCpuWarmup;
    /** The engine (from 1) whose start fails: bad input, not a measurement; 0 for none. */
    int failingStart;
    /** The engine (from 1) that exits during the first run of its load; 0 for none. */
    int dyingEngine;
    /** The engine (from 1) whose data fails the check after its windows (TPROC-C's consistency); 0 for none. */
    int inconsistentEngine;
    private final Duration interval;
    private final HostCpu host;
    private final Path stat;
    private final long startNanos;

    FakeRig(Duration reportInterval, Path dir) {
        this.interval = reportInterval;
        this.stat = dir.resolve("proc-stat");
        this.startNanos = time.nanoTime();
        writeStat();
        this.host = new HostCpu(stat, 100);
    }

    /**
     * A /proc/stat of 2 CPUs whose busy time is the engines' CPU so far and nothing else: the host is quiet
     * but for the engines, so whatever a measurement calls other processes comes from how it counts them.
     */
    private void writeStat() {
        double busy = engines.stream().mapToDouble(e -> e.cpuSampler().cpuSeconds()).sum();
        double wall = (time.nanoTime() - startNanos) / 1e9;
        long busyTicks = Math.round(busy * 100);
        long idleTicks = Math.max(0, Math.round(2 * wall * 100) - busyTicks);
        try {
            Files.writeString(stat, "cpu  " + (1000 + busyTicks) + " 0 500 " + (8000 + idleTicks) + " 100 0 0 0 0 0\n"
                    + "cpu0 500 0 250 4000 50 0 0 0 0 0\ncpu1 500 0 250 4000 50 0 0 0 0 0\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    IterationRunner.Rig rig() {
        EngineRuntime runtime = new EngineRuntime() {
            @Override
            public RunningEngine start(LaunchSpec spec) {
                if (engines.size() + 1 == failingStart) {
                    throw new LaunchException("the engine exited during startup; see its log " + spec.logFile());
                }
                FakeEngine e = new FakeEngine(engines.size() + 1, spec);
                engines.add(e);
                return e;
            }

            @Override
            public List<SweptEngine> sweepLeftovers() {
                return List.of();
            }

            @Override
            public String name() {
                return "fake";
            }
        };
        Load.Opener loads = new Load.Opener() {
            @Override
            public Load perRun(RunningEngine engine, Workload workload, int threads) {
                return ((FakeEngine) engine).open(threads);
            }

            @Override
            public Load keptOpen(RunningEngine engine, Workload workload, int threads) {
                return ((FakeEngine) engine).open(threads);
            }

            @Override
            public void checkAfterRun(RunningEngine engine, Workload workload) {
                if (engines.indexOf(engine) + 1 == inconsistentEngine) {
                    throw new WorkloadException("TPC-C consistency condition 3 fails in warehouse 1, district 2:"
                            + " max(NO_O_ID) - min(NO_O_ID) + 1 = 900 != 899 NEW_ORDER rows (after the run, fake)");
                }
            }
        };
        return new IterationRunner.Rig(runtime, loads, host, () -> 0, pid -> compilers.apply(pid), time, time,
                clock);
    }

    /** An engine that is alive until stopped (or, as the {@link #dyingEngine}, until its load runs). */
    final class FakeEngine implements RunningEngine {
        final int number;
        final LaunchSpec spec;
        final List<Integer> loadThreads = new ArrayList<>();
        private volatile boolean alive = true;
        private volatile long busySince = -1;

        FakeEngine(int number, LaunchSpec spec) {
            this.number = number;
            this.spec = spec;
            try {
                Files.createDirectories(spec.logFile().getParent());
                Files.writeString(spec.logFile(), "fake engine " + number + " on port " + spec.port() + "\n");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        FakeLoad open(int threads) {
            loadThreads.add(threads);
            if (busySince < 0) {
                busySince = time.nanoTime();
            }
            return new FakeLoad(this, threads, pacedCpuWarmup && loadThreads.size() == 1);
        }

        @Override
        public long pid() {
            return 4_000_000 + number;
        }

        @Override
        public int port() {
            return spec.port();
        }

        @Override
        public String serverVersion() {
            return "5.5.5-fake-" + number;
        }

        @Override
        public CpuSampler cpuSampler() {
            return new CpuSampler() {
                @Override
                public double cpuSeconds() {
                    long since = busySince;
                    return since < 0 ? 0 : busyPct / 100 * (time.nanoTime() - since) / 1e9;
                }

                @Override
                public String source() {
                    return "fake engine " + number;
                }
            };
        }

        @Override
        public Path logFile() {
            return spec.logFile();
        }

        @Override
        public boolean isAlive() {
            return alive;
        }

        @Override
        public StopResult stop() {
            alive = false;
            return new StopResult(StopResult.How.GRACEFUL, 0, Duration.ZERO);
        }
    }

    /** A load of {@code threads} connections on one engine. */
    final class FakeLoad implements Load {
        private final FakeEngine engine;
        private final int threads;
        private final boolean paced;
        private int intervals;
        private int runsOfThisLoad;
        private volatile boolean stopped;

        FakeLoad(FakeEngine engine, int threads, boolean paced) {
            this.engine = engine;
            this.threads = threads;
            this.paced = paced;
        }

        @Override
        public void run(Duration limit, SampleListener listener) {
            runs.add("engine " + engine.number + ", " + threads + " threads");
            boolean pacedRun = paced && ++runsOfThisLoad == 1;
            if (engine.number == dyingEngine) {
                engine.alive = false;
            }
            double seconds = interval.toNanos() / 1e9;
            double elapsed = 0;
            for (int i = 1; !stopped; i++) {
                boolean watched = pacedRun && listener instanceof MeasuringListener m && m.warmingUp();
                if (watched && i > 3) {
                    while (((MeasuringListener) listener).warmingUp() && !stopped) {
                        Thread.yield(); // the watch runs on the stage's thread
                    }
                    watched = false;
                }
                if (!watched) {
                    time.advance(interval);
                    writeStat();
                }
                elapsed += seconds;
                long events = Math.round(tps.applyAsDouble(++intervals) * seconds);
                IntervalSample s = new IntervalSample(Math.round(elapsed), seconds, threads,
                        new Counts(events, 10 * events, 0, 0, 0, 0, 0), LatencySummary.EMPTY, false);
                if (listener.onSample(s) == SampleListener.Action.STOP || elapsed >= limit.toNanos() / 1e9) {
                    return;
                }
            }
        }

        @Override
        public void stop() {
            stopped = true;
        }

        @Override
        public void close() {
            // nothing connected
        }
    }
}

package org.taf.runner.run;

import java.time.Duration;
import java.util.function.DoubleSupplier;
import org.taf.runner.config.TestDefinition;
import org.taf.runner.launch.RunningEngine;
import org.taf.runner.sys.CpuSampler;
import org.taf.runner.warmup.LoadSettle;
import org.taf.runner.warmup.Warmup;
import org.taf.runner.warmup.WarmupTarget;
import org.taf.runner.results.WarmupMode;

/**
 * An engine start's warm-up stage: the definition's {@link Warmup}, run on the load the start is measured on, so
 * that measuring can begin where the warm-up ended; or, for a CPU settle on {@code warmup.threads} other than the
 * cell's, on a load of its own first. The TPS and JIT rules always judge the measured load itself.
 */
final class WarmupStage {
    private final Warmup warmup;
    private final int threads;
    private final Duration measured;
    private final WindowStage windows;
    private final IterationRunner.Rig rig;

    WarmupStage(TestDefinition def, WindowStage windows, IterationRunner.Rig rig) {
        this.warmup = def.warmup().strategy();
        this.threads = def.warmup().threads();
        this.measured = def.measure().duration();
        this.windows = windows;
        this.rig = rig;
    }

    /** Whether {@code step}'s warm-up runs on a load of its own: a CPU settle on other threads than the step's. */
    boolean apart(Step step) {
        return warmup.mode() == WarmupMode.CPU && threads != step.threads();
    }

    /** Whether {@code step}'s warm-up runs on the load it is measured on. */
    boolean onMeasuredLoad(Step step) {
        return warmup.mode() != WarmupMode.NONE && !apart(step);
    }

    /** The warm-up on a load of its own, on {@code warmup.threads}, which ends with it. */
    void warmUpApart(RunningEngine engine, Step step, Attempt a) throws InterruptedException {
        MeasuringListener warm = windows.listener(engine);
        try (Load load = rig.loads().perRun(engine, step.workload(), threads)) {
            warmUp(engine, load, warm, 0, a);
        }
    }

    /**
     * The warm-up on {@code load}, read by {@code m}. With {@code measure} samples the same run goes on to measure
     * them, the engine's counters read over them; with 0 it ends with the warm-up (the load stays connected when
     * it is kept open).
     */
    void warmUp(RunningEngine engine, Load load, MeasuringListener m, int measure, Attempt a)
            throws InterruptedException {
        Duration limit = warmup.timeout().plus(measure > 0 ? measured : Duration.ZERO).plus(WindowStage.SLACK);
        OnLoad target = new OnLoad(engine, load, m, measure, limit);
        try {
            a.warmedUp(warmup.warmUp(target, rig.ticker(), rig.sleeper()), m);
        } finally {
            if (target.probe != null) {
                target.probe.close();
            }
        }
    }

    /** An engine and the load it warms up on, and what the load does once the warm-up is over. */
    private final class OnLoad implements WarmupTarget {
        private final RunningEngine engine;
        private final Load load;
        private final MeasuringListener m;
        private final int measure;
        private final Duration limit;
        private CounterProbe probe;

        OnLoad(RunningEngine engine, Load load, MeasuringListener m, int measure, Duration limit) {
            this.engine = engine;
            this.load = load;
            this.m = m;
            this.measure = measure;
            this.limit = limit;
        }

        @Override
        public CpuSampler engineCpu() {
            return engine.cpuSampler();
        }

        @Override
        public DoubleSupplier jitCompilers() {
            return rig.compilers().apply(engine.pid());
        }

        /** The probe's first reading of a fresh engine is costly: it is made before the load, not inside it. */
        @Override
        public void openLoad() {
            if (measure > 0) {
                probe = windows.probe(engine);
                m.countWith(probe);
            }
        }

        @Override
        public void runLoad(LoadSettle rule) {
            if (rule != null) {
                m.measureAfter(rule, measure);
            }
            load.run(limit, m);
        }

        @Override
        public void warmedUp() {
            if (measure > 0) {
                m.measure(measure);
            } else {
                m.requestStop();
            }
        }

        @Override
        public void stopLoad() {
            load.stop();
        }
    }
}

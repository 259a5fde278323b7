package org.taf.runner.run;

import java.time.Duration;
import org.taf.runner.TafException;
import org.taf.runner.config.TestDefinition;
import org.taf.runner.launch.RunningEngine;
import org.taf.runner.sys.CpuSampler;
import org.taf.runner.sys.HostCpu;

/**
 * The measuring stage's unit: one measured window of a load on an engine, read by a {@link MeasuringListener}
 * (the engine's, the host's and this runner's CPU) and, with {@code measure.counters}, a {@link CounterProbe}.
 * The warm-up stage reads its loads the same way.
 */
final class WindowStage {
    /** Slack on a load's duration limit: it normally ends by its listener, not by the limit. */
    static final Duration SLACK = Duration.ofSeconds(30);

    private final TestDefinition def;
    private final HostCpu host;
    private final CpuSampler self;

    /** @param self the CPU of this runner, which generates the load: not the host's noise */
    WindowStage(TestDefinition def, HostCpu host, CpuSampler self) {
        this.def = def;
        this.host = host;
        this.self = self;
    }

    /** Samples in one measured window: {@code measure.duration} in report intervals. */
    int samplesPerWindow() {
        return Design.samplesPerWindow(def);
    }

    MeasuringListener listener(RunningEngine engine) {
        return listener(engine, null);
    }

    /**
     * A listener on {@code engine}'s load whose host noise leaves out this runner and, in alternate mode, the
     * pair's other engine: it idles by design while this one is measured (its log writer and page cleaner
     * still run), both sides see it alike, and counting it as other processes flagged most starts of a pair on a
     * quiet host (docs/benchmarks/rules-evidence.md).
     */
    MeasuringListener listener(RunningEngine engine, RunningEngine partner) {
        CpuSampler notNoise = partner == null ? self : sum(self, partner.cpuSampler());
        return new MeasuringListener(engine.cpuSampler(), notNoise, host);
    }

    private static CpuSampler sum(CpuSampler a, CpuSampler b) {
        return () -> a.cpuSeconds() + b.cpuSeconds();
    }

    /** A probe of the engine's counters for one window; null when {@code measure.counters} is off. */
    CounterProbe probe(RunningEngine engine) {
        return def.measure().counters()
                ? CounterProbe.open(engine.pid(), def.workload().onPort(engine.port()).connection()) : null;
    }

    /**
     * One measured window of {@code load}, its first {@code skipped} samples left out: a load on an engine that
     * did not just warm up on it (a new load after a warm-up apart, or a kept one switching back from the other
     * engine) reconnects or re-primes its caches first. The attempt keeps the window before the engine is checked.
     */
    void measure(RunningEngine engine, Load load, int skipped, Attempt a) {
        measure(engine, null, load, skipped, a);
    }

    /** As {@link #measure(RunningEngine, Load, int, Attempt)}, the pair's other engine alive beside it. */
    void measure(RunningEngine engine, RunningEngine partner, Load load, int skipped, Attempt a) {
        MeasuringListener m = listener(engine, partner);
        m.measureAfterSkipping(skipped, samplesPerWindow());
        try (CounterProbe probe = probe(engine)) {
            m.countWith(probe);
            load.run(def.measure().duration().plus(SLACK), m);
        }
        a.measured(m);
        checkAlive(engine, "the measurement");
    }

    /** Fails the start when its engine exited {@code during} a stage. */
    static void checkAlive(RunningEngine engine, String during) {
        if (!engine.isAlive()) {
            throw new TafException("the engine exited during " + during + "; see its log " + engine.logFile());
        }
    }
}

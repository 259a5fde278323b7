package org.taf.runner.run;

import java.util.ArrayList;
import java.util.List;
import org.taf.runner.results.CpuPointRecord;
import org.taf.runner.results.SampleRecord;
import org.taf.runner.warmup.CpuSampler;
import org.taf.runner.warmup.HostCpu;
import org.taf.runner.warmup.HostCpuTimes;
import org.taf.runner.warmup.HostCpuUsage;
import org.taf.runner.workload.IntervalSample;
import org.taf.runner.workload.SampleListener;

/**
 * Collects a load run's samples and, for each interval, the CPU of the engine, of everything else
 * on the host (the runner itself, which generates the load, excluded) and the steal time. Called
 * on the load's thread; read its lists after the run returns.
 */
final class MeasuringListener implements SampleListener {
    private final CpuSampler engine;
    private final CpuSampler runner;
    private final HostCpu host;
    private final List<SampleRecord> samples = new ArrayList<>();
    private final List<CpuPointRecord> cpu = new ArrayList<>();
    private double engineBefore;
    private double runnerBefore;
    private HostCpuTimes hostBefore;
    private volatile boolean stopRequested;

    MeasuringListener(CpuSampler engine, CpuSampler runner, HostCpu host) {
        this.engine = engine;
        this.runner = runner;
        this.host = host;
        this.engineBefore = engine.cpuSeconds();
        this.runnerBefore = runner.cpuSeconds();
        this.hostBefore = host.sample();
    }

    @Override
    public Action onSample(IntervalSample s) {
        samples.add(new SampleRecord(s.second(), s.intervalSeconds(), s.events(), s.reads(), s.writes(), s.other(),
                s.errors(), s.reconnects(), s.latency().p50Ms(), s.latency().p95Ms(), s.latency().p99Ms(),
                s.latency().maxMs()));
        double e = engine.cpuSeconds();
        double r = runner.cpuSeconds();
        HostCpuTimes h = host.sample();
        HostCpuUsage u = HostCpuUsage.between(hostBefore, h, e - engineBefore);
        double runnerPct = u.wallSeconds() > 0 ? (r - runnerBefore) / u.wallSeconds() * 100 : 0;
        cpu.add(new CpuPointRecord(s.second(), u.enginePct(), Math.max(0, u.othersPct() - runnerPct), u.stealPct()));
        engineBefore = e;
        runnerBefore = r;
        hostBefore = h;
        return stopRequested ? Action.STOP : Action.CONTINUE;
    }

    /**
     * Ends the run at its next sample. Unlike {@code LoadGenerator.stop()}, this cannot be lost when
     * it comes before the run has started.
     */
    void requestStop() {
        stopRequested = true;
    }

    List<SampleRecord> samples() {
        return samples;
    }

    List<CpuPointRecord> cpu() {
        return cpu;
    }
}

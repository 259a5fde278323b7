package org.taf.runner.run;

import java.util.ArrayList;
import java.util.List;
import org.taf.runner.results.CpuPointRecord;
import org.taf.runner.results.HostNoise;
import org.taf.runner.results.SampleRecord;
import org.taf.runner.sys.CpuSampler;
import org.taf.runner.sys.HostCpu;
import org.taf.runner.sys.HostCpuTimes;
import org.taf.runner.sys.HostCpuUsage;
import org.taf.runner.warmup.LoadSettle;
import org.taf.runner.workload.sample.IntervalSample;
import org.taf.runner.workload.sample.SampleListener;

/**
 * Collects a load run's samples in two phases: warm-up, then, from {@link #measure(int)} on, the
 * measured samples with the CPU of the engine, of everything else on the host (the runner, which
 * generates the load, excluded) and the steal time per interval, and the engine's total CPU
 * seconds over those intervals (for CPU time per transaction), and with a {@link CounterProbe} the
 * engine's counters from the end of the first measured sample to the end of the last; it stops the
 * run once enough samples are measured. Called on the load's thread; read its lists after the run returns.
 */
final class MeasuringListener implements SampleListener {
    private final CpuSampler engine;
    private final CpuSampler runner;
    private final HostCpu host;
    private final List<SampleRecord> warmup = new ArrayList<>();
    private final List<Double> warmupCpuPct = new ArrayList<>();
    private final List<SampleRecord> measured = new ArrayList<>();
    private final List<CpuPointRecord> cpu = new ArrayList<>();
    private double engineBefore;
    private double runnerBefore;
    private HostCpuTimes hostBefore;
    private volatile int wanted = -1;
    private volatile boolean stopRequested;
    private LoadSettle settle;
    private double elapsed;
    private int pendingWanted;
    private int skip;
    private double measureStart;
    private double measuredEngineCpu;
    private CounterProbe counters;
    private java.time.Instant windowFrom;
    private java.time.Instant windowTo;

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
        double e = engine.cpuSeconds();
        double r = runner.cpuSeconds();
        HostCpuTimes h = host.sample();
        HostCpuUsage u = HostCpuUsage.between(hostBefore, h, e - engineBefore);
        HostNoise noise = HostNoise.between(hostBefore, h, e - engineBefore, r - runnerBefore);
        double engineDelta = Math.max(0, e - engineBefore);
        engineBefore = e;
        runnerBefore = r;
        hostBefore = h;
        // Seconds since the load started, exact (the sample's own second is rounded, as sysbench prints it).
        elapsed += s.intervalSeconds();
        int want = wanted;
        if (want < 0) {
            warmup.add(record(s, elapsed));
            warmupCpuPct.add(Math.round(u.enginePct() * 10) / 10.0);
            if ((settle != null && settle.offer(elapsed, s.intervalSeconds(), s.tps())) || (skip > 0 && --skip == 0)) {
                if (pendingWanted == 0) {
                    return Action.STOP; // a warm-up only: its load goes on to the windows
                }
                wanted = pendingWanted;
            }
        } else {
            java.time.Instant now = java.time.Instant.now();
            if (measured.isEmpty()) {
                measureStart = elapsed - s.intervalSeconds();
                windowFrom = now.minusNanos((long) (s.intervalSeconds() * 1e9));
            }
            windowTo = now;
            // Measured samples count their seconds from the start of the measurement.
            double second = elapsed - measureStart;
            measured.add(record(s, second));
            // The engine's CPU over exactly the intervals whose transactions are measured.
            measuredEngineCpu += engineDelta;
            cpu.add(new CpuPointRecord(second, u.enginePct(), noise.otherPct(), noise.stealPct()));
            if (counters != null) {
                if (measured.size() == 1) {
                    counters.start();
                } else {
                    counters.count(s.events(), s.intervalSeconds());
                }
            }
            if (measured.size() >= want) {
                if (counters != null) {
                    counters.end();
                }
                return Action.STOP;
            }
        }
        return stopRequested ? Action.STOP : Action.CONTINUE;
    }

    private static SampleRecord record(IntervalSample s, double second) {
        return new SampleRecord(second, s.intervalSeconds(), s.events(), s.reads(), s.writes(), s.other(), s.errors(),
                s.reconnects(), s.latency().p50Ms(), s.latency().p95Ms(), s.latency().p99Ms(), s.latency().maxMs(),
                s.countsNewOrders() ? s.counts().newOrders() : null);
    }

    /** From the next sample on, measure {@code samples} samples, then stop the run. */
    void measure(int samples) {
        wanted = Math.max(1, samples);
    }

    /**
     * Warms up on the load itself: every sample goes to {@code rule} until it says the warm-up is over,
     * then {@code samples} samples are measured; with 0 the run stops there. Call before the run starts.
     */
    void measureAfter(LoadSettle rule, int samples) {
        settle = rule;
        pendingWanted = Math.max(0, samples);
    }

    /**
     * Leaves out the first {@code skipped} samples (the load just switched back from the other engine),
     * then measures {@code samples}; with none to leave out it measures at once. Call before the run.
     */
    void measureAfterSkipping(int skipped, int samples) {
        if (skipped <= 0) {
            measure(samples);
            return;
        }
        skip = skipped;
        pendingWanted = Math.max(1, samples);
    }

    /** Counts the engine's counters over the measured samples with {@code probe}. Call before the run. */
    void countWith(CounterProbe probe) {
        counters = probe;
    }

    /** The probe's counts of the measured window, or null (none, or a reading failed). */
    org.taf.runner.results.CountersRecord counters() {
        return counters == null ? null : counters.result();
    }

    /** The measured window in wall-clock time (for the JFR recording), or null when nothing was measured. */
    org.taf.runner.results.JfrRecord.Window window() {
        return windowFrom == null ? null : new org.taf.runner.results.JfrRecord.Window(windowFrom, windowTo);
    }

    /** The engine's CPU percent over each warm-up sample. */
    List<Double> warmupCpuPct() {
        return warmupCpuPct;
    }

    /**
     * Ends the run at its next sample. Unlike {@code LoadGenerator.stop()}, this cannot be lost when
     * it comes before the run has started.
     */
    void requestStop() {
        stopRequested = true;
    }

    /**
     * Whether the samples it gets still count as warm-up: it has neither turned to measuring nor been asked to
     * stop. A load that paces itself on the warm-up (the stages' test load) reads it.
     */
    boolean warmingUp() {
        return wanted < 0 && !stopRequested;
    }

    List<SampleRecord> warmupSamples() {
        return warmup;
    }

    List<SampleRecord> samples() {
        return measured;
    }

    List<CpuPointRecord> cpu() {
        return cpu;
    }

    /** The engine's CPU seconds over the measured samples' intervals (0 before measuring). */
    double measuredEngineCpuSeconds() {
        return measuredEngineCpu;
    }

    /** Where the engine's CPU readings come from. */
    String engineCpuSource() {
        return engine.source();
    }
}

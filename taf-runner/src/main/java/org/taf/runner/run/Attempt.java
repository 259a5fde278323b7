package org.taf.runner.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.taf.runner.TafException;
import org.taf.runner.launch.DataDirectories;
import org.taf.runner.results.CountersRecord;
import org.taf.runner.results.CpuPointRecord;
import org.taf.runner.results.EngineCpuRecord;
import org.taf.runner.results.HostNoise;
import org.taf.runner.results.IterationRecord;
import org.taf.runner.results.IterationRecord.IterationFlag;
import org.taf.runner.results.IterationRecord.RestRecord;
import org.taf.runner.results.IterationRecord.WarmupRecord;
import org.taf.runner.results.JfrRecord;
import org.taf.runner.results.NoiseThresholds;
import org.taf.runner.results.SampleRecord;
import org.taf.runner.results.WarmupMode;
import org.taf.runner.warmup.CpuPoint;
import org.taf.runner.warmup.RestTrace;
import org.taf.runner.warmup.WarmupTrace;

/**
 * What one engine start gathered, stage by stage: its launch, rest, warm-up and measured windows, each kept as
 * that stage's immutable result as soon as it has one, and its failure; so a failure keeps whatever was
 * measured before it. {@link #record} is the record stage: the one place an {@link IterationRecord} is made.
 */
final class Attempt {
    /** What an engine start records before its rest (and without one). */
    private static final RestRecord NO_REST = new RestRecord(false, false, 0, List.of());

    private final Step step;
    private final Instant startedAt;
    private final Path runDir;
    private final String name;
    private final Path work;
    private Launch launch;
    private RestRecord rest = NO_REST;
    private WarmupRecord warmup = warmupRecord(WarmupTrace.NOT_REACHED, List.of(), List.of());
    private WarmupMode warmupMode = WarmupTrace.NOT_REACHED.mode();
    private final List<Window> windows = new ArrayList<>();
    private String failure;

    /** The engine answered its handshake. */
    private record Launch(String serverVersion, double seconds) {}

    /**
     * One measured window as its listener saw it, its seconds counted from the window's start.
     *
     * @param wall the window in wall-clock time, for the JFR recording; null when nothing was measured
     */
    private record Window(List<SampleRecord> samples, List<CpuPointRecord> cpu, double engineCpuSeconds,
                          String cpuSource, CountersRecord counters, JfrRecord.Window wall) {
        Window {
            samples = List.copyOf(samples);
            cpu = List.copyOf(cpu);
        }
    }

    /** An engine start of {@code step}, its working directory under {@code <runDir>/work}. */
    Attempt(Step step, Instant startedAt, Path runDir) {
        this.step = step;
        this.startedAt = startedAt;
        this.runDir = runDir;
        this.name = String.format("%03d-%s", step.sequence(), step.role().label());
        this.work = runDir.resolve("work").resolve(name);
    }

    /** "003-patch": the start's name in logs, working directories and kept files. */
    String name() {
        return name;
    }

    /** The start's working directory: its data copy, pid file, log and recording. */
    Path work() {
        return work;
    }

    /** The engine's stdout and stderr, moved into the results by {@link #record}. */
    Path log() {
        return work.resolve("engine.log");
    }

    /** The engine's JFR recording (key jfr), kept with the results by {@link #record}. */
    Path recording() {
        return work.resolve("engine.jfr");
    }

    /** The launch: the engine answered with {@code serverVersion} after {@code seconds}. */
    void launched(String serverVersion, double seconds) {
        launch = new Launch(serverVersion, seconds);
    }

    /** Whether the engine started: a failure before that is bad input or a broken build, not a measurement. */
    boolean started() {
        return launch != null && launch.serverVersion() != null;
    }

    /** The rest before the load. */
    void rested(RestTrace t) {
        rest = new RestRecord(true, t.rested(), t.took().toMillis() / 1000.0, percents(t.samples()));
    }

    /** The warm-up, on the load {@code m} read. */
    void warmedUp(WarmupTrace t, MeasuringListener m) {
        // The CPU settle took its own CPU samples; the load's rules read the engine's CPU with each interval.
        List<Double> cpuPct = t.mode() == WarmupMode.CPU ? percents(t.samples()) : m.warmupCpuPct();
        warmup = warmupRecord(t, cpuPct, m.warmupSamples());
        warmupMode = t.mode();
    }

    /** A measured window; one in which nothing was measured leaves no trace. */
    void measured(MeasuringListener m) {
        if (!m.samples().isEmpty()) {
            windows.add(new Window(m.samples(), m.cpu(), m.measuredEngineCpuSeconds(), m.engineCpuSource(),
                    m.counters(), m.window()));
        }
    }

    void failed(String why) {
        failure = why;
    }

    /**
     * The start's record: its windows joined into one series, its log (and with {@code jfr} its recording) moved
     * into the run directory, its flags judged against {@code noise}.
     *
     * @throws org.taf.runner.launch.LaunchException when the engine's log cannot be kept
     */
    IterationRecord record(boolean jfr, NoiseThresholds noise) {
        Path kept = DataDirectories.keepLog(log(), runDir.resolve("logs"), name + ".log");
        Joined j = Joined.of(windows);
        // Readings are whole clock ticks; rounding drops the binary noise of summing them.
        EngineCpuRecord engineCpu = j.samples().isEmpty() || j.cpuSource() == null ? null
                : new EngineCpuRecord(j.cpuSource(), Math.round(j.engineCpuSeconds() * 1e6) / 1e6);
        String serverVersion = launch == null ? null : launch.serverVersion();
        double launchSeconds = launch == null ? 0 : Math.round(launch.seconds() * 1000) / 1000.0;
        List<IterationFlag> flags = flags(j, noise);
        String engineLog = runDir.relativize(kept).toString();
        JfrRecord recording = jfr ? jfrRecord(j.walls()) : null;
        return new IterationRecord(step.iteration(), step.sequence(), startedAt, serverVersion, rest, warmup,
                j.samples(), j.cpu(), flags, failure, engineLog, engineCpu, launchSeconds, j.starts(), j.counters(),
                recording);
    }

    /**
     * The windows as one series: each window's seconds continue where the last one's ended, and {@code starts}
     * says where each begins. Counts of an engine start cover all its windows, or none of them.
     */
    private record Joined(List<SampleRecord> samples, List<CpuPointRecord> cpu, List<Integer> starts,
                          double engineCpuSeconds, String cpuSource, CountersRecord counters,
                          List<JfrRecord.Window> walls) {
        static Joined of(List<Window> windows) {
            List<SampleRecord> samples = new ArrayList<>();
            List<CpuPointRecord> cpu = new ArrayList<>();
            List<Integer> starts = new ArrayList<>();
            List<JfrRecord.Window> walls = new ArrayList<>();
            double engineCpuSeconds = 0;
            String cpuSource = null;
            CountersRecord counters = null;
            boolean countersMissing = false;
            for (Window w : windows) {
                double offset = samples.isEmpty() ? 0 : samples.get(samples.size() - 1).second();
                starts.add(samples.size());
                for (SampleRecord s : w.samples()) {
                    samples.add(s.at(s.second() + offset));
                }
                for (CpuPointRecord p : w.cpu()) {
                    cpu.add(new CpuPointRecord(p.second() + offset, p.enginePct(), p.hostOtherPct(), p.stealPct()));
                }
                engineCpuSeconds += w.engineCpuSeconds();
                cpuSource = w.cpuSource();
                countersMissing |= w.counters() == null;
                counters = countersMissing ? null : counters == null ? w.counters() : counters.plus(w.counters());
                if (w.wall() != null) {
                    walls.add(w.wall());
                }
            }
            return new Joined(samples, cpu, starts, engineCpuSeconds, cpuSource, counters, walls);
        }
    }

    /** The recording, kept with the results, and the windows measured in it. */
    private JfrRecord jfrRecord(List<JfrRecord.Window> walls) {
        Path jfr = recording();
        if (!Files.isRegularFile(jfr)) {
            return new JfrRecord(null, 0, walls);
        }
        try {
            Path kept = DataDirectories.keepLog(jfr, runDir.resolve("jfr"), name + ".jfr");
            return new JfrRecord(runDir.relativize(kept).toString(), Files.size(kept), walls);
        } catch (TafException | IOException e) {
            return new JfrRecord(null, 0, walls);
        }
    }

    private List<IterationFlag> flags(Joined j, NoiseThresholds noise) {
        List<IterationFlag> f = new ArrayList<>();
        if (rest.enabled() && !rest.rested()) {
            f.add(IterationFlag.NOT_RESTED);
        }
        if (warmup.mode() != WarmupMode.NONE && !warmup.settled()) {
            f.add(IterationFlag.NOT_SETTLED);
        }
        if (j.samples().stream().anyMatch(s -> s.reconnects() > 0)) {
            f.add(IterationFlag.ERRORS);
        }
        if (noise.exceededBy(HostNoise.of(j.cpu()))) {
            f.add(IterationFlag.HOST_NOISE);
        }
        return f;
    }

    private static WarmupRecord warmupRecord(WarmupTrace t, List<Double> cpuPct, List<SampleRecord> samples) {
        return new WarmupRecord(t.mode(), t.settled(), t.cutAtSeconds(), t.reason(), cpuPct, samples);
    }

    /** CPU percents as results keep them, to a tenth. */
    private static List<Double> percents(List<CpuPoint> points) {
        return points.stream().map(p -> Math.round(p.cpuPercent() * 10) / 10.0).toList();
    }
}

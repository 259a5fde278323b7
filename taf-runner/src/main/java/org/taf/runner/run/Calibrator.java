package org.taf.runner.run;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.taf.runner.TafException;
import org.taf.runner.config.Comparison;
import org.taf.runner.config.TestDefinition;
import org.taf.runner.launch.EngineRuntime;
import org.taf.runner.profile.HostProbe;
import org.taf.runner.results.NoiseRecord;
import org.taf.runner.results.NoiseStore;
import org.taf.runner.results.RunRecord;
import org.taf.runner.stats.CellSamples;
import org.taf.runner.stats.IterationSample;
import org.taf.runner.stats.IterationSummary;
import org.taf.runner.stats.NoiseEstimate;
import org.taf.runner.stats.StatsOptions;

/**
 * {@code taf calibrate}: measures this host's noise with A/A pairs (the first comparison's parent
 * against itself, {@code measure.iterations} pairs per workload x threads, interleaved and warmed up
 * as in a run, without the adaptive loop), keeps the run in the results directory like any other,
 * and stores per host fingerprint and cell the log-SD between iterations and the per-second CV
 * ({@link NoiseEstimate}) in {@code <output.results_dir>/noise.json}, from which {@code taf run}
 * computes the MDE before measuring.
 */
public final class Calibrator {
    private final TestDefinition def;
    private final EngineRuntime runtime;
    private final Clock clock;
    private final PrintStream out;
    private final String runnerVersion;
    private final String command;
    private Runner runner;

    /** What a calibration measured and stored. */
    public record Calibration(RunRecord run, Path runDir, List<NoiseRecord> noise, Path noiseFile) {
        public Calibration {
            noise = List.copyOf(noise);
        }
    }

    /** Same parameters as {@link Runner}; {@code def}'s first comparison gives the parent measured. */
    public Calibrator(TestDefinition def, EngineRuntime runtime, Clock clock, PrintStream out, String runnerVersion,
                      String command) {
        this.def = def;
        this.runtime = runtime;
        this.clock = clock;
        this.out = out;
        this.runnerVersion = runnerVersion;
        this.command = command;
    }

    /** The definition of the A/A run: the first comparison's parent on both sides, named {@code <name>-calibrate}. */
    static TestDefinition aaDefinition(TestDefinition def) {
        Comparison first = def.comparisons().get(0);
        Comparison aa = new Comparison("calibrate", "A/A " + first.parent().revision(), first.parent(), first.parent());
        return new TestDefinition(def.name() + "-calibrate", def.comments(), def.repository(), def.cacheDir(),
                List.of(aa), def.engine(), def.workload(), def.measure(), def.warmup(), def.rest(), def.verdict(),
                def.build(), def.launch(), def.profile(), def.output(), def.post(), def.stats(), def.config());
    }

    /** The runner, once {@link #calibrate()} started (for a shutdown hook). */
    public Runner runner() {
        return runner;
    }

    /**
     * Runs the A/A pairs and stores the noise. A run that did not complete stores nothing and throws;
     * a cell with fewer than 2 measured iterations is skipped with a line saying so.
     */
    public Calibration calibrate() {
        TestDefinition aa = aaDefinition(def);
        runner = new Runner(aa, runtime, clock, out, runnerVersion, command).withoutAdaptiveLoop();
        out.printf("taf: calibrating: %s against itself, %d A/A pairs per workload x threads%n",
                aa.comparisons().get(0).parent().revision(), aa.measure().iterations());
        RunRecord record = runner.run();
        RunRecord judged = Judgement.of(record, StatsOptions.from(aa.stats(), aa.verdict())).run();
        runner.writeFinal(judged);
        if (record.status() != RunRecord.RunStatus.COMPLETED) {
            throw new TafException("calibration " + record.status().name().toLowerCase(Locale.ROOT)
                    + (record.failure() == null ? "" : ": " + record.failure()) + "; nothing stored; results in "
                    + runner.runDir());
        }
        HostFingerprint host = HostFingerprint.of(HostProbe.system().host());
        List<NoiseRecord> noise = noiseOf(judged, host);
        if (noise.isEmpty()) {
            throw new TafException("calibration measured fewer than 2 iterations in every cell; nothing stored;"
                    + " results in " + runner.runDir());
        }
        Path file = NoiseStore.fileIn(def.output().resultsDir());
        NoiseStore.merge(file, noise);
        for (NoiseRecord n : noise) {
            out.printf(Locale.ROOT, "taf: %s@%d: noise %.2f%% between iterations (%.2f%% per second) from %d"
                    + " iterations of %d s%n", n.workload(), n.threads(), 100 * n.cvBetweenIterations(),
                    100 * n.cvWithinIteration(), n.iterations(), n.secondsPerIteration());
        }
        out.printf("taf: noise of host %s (%s) stored in %s%n", host.id(), host.describe(), file);
        return new Calibration(judged, runner.runDir(), noise, file);
    }

    /** The noise of each cell of an A/A run: both sides' iterations are the same commit, so all count. */
    List<NoiseRecord> noiseOf(RunRecord run, HostFingerprint host) {
        List<NoiseRecord> out = new ArrayList<>();
        for (CellSamples c : Judgement.samples(run.comparisons().get(0))) {
            List<IterationSummary> its = new ArrayList<>();
            for (IterationSample s : concat(c.parent(), c.patch())) {
                IterationSummary sum = IterationSummary.of(s);
                if (sum.medianTps() > 0) { // a stalled iteration is a failure, not noise
                    its.add(sum);
                }
            }
            if (its.size() < 2) {
                this.out.printf("taf: %s: only %d iteration(s) measured; its noise is not stored%n", c.cell(),
                        its.size());
                continue;
            }
            NoiseEstimate e = NoiseEstimate.measure(host.id(), c.cell(), its, run.finishedAt());
            out.add(new NoiseRecord(host.id(), host.describe(), e.workload(), e.threads(), e.cvBetweenIterations(),
                    e.cvWithinIteration(), e.secondsPerIteration(), e.iterations(), e.measuredAt(), run.runId()));
        }
        return out;
    }

    private static List<IterationSample> concat(List<IterationSample> a, List<IterationSample> b) {
        List<IterationSample> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }
}

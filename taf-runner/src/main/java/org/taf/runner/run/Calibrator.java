package org.taf.runner.run;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Locale;
import org.taf.runner.TafException;
import org.taf.runner.config.Comparison;
import org.taf.runner.config.TestDefinition;
import org.taf.runner.launch.EngineRuntime;
import org.taf.runner.profile.HostFacts;
import org.taf.runner.results.HostFingerprint;
import org.taf.runner.results.NoiseRecord;
import org.taf.runner.results.NoiseStore;
import org.taf.runner.results.RunRecord;

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
        return def.withComparisons(def.name() + "-calibrate", List.of(aa));
    }

    /** The runner, once {@link #calibrate()} started (for a shutdown hook). */
    public Runner runner() {
        return runner;
    }

    /**
     * Runs the A/A pairs; the run stores their noise, as every completed run does. A run that did not
     * complete stores nothing and throws; so does one with no cell of 2 or more engine starts.
     */
    public Calibration calibrate() {
        TestDefinition aa = aaDefinition(def);
        runner = new Runner(aa, runtime, clock, out, runnerVersion, command).withoutAdaptiveLoop();
        out.printf("taf: calibrating: %s against itself, %d A/A pairs per workload x threads%n",
                aa.comparisons().get(0).parent().revision(), aa.measure().iterations());
        RunRecord judged = runner.run();
        if (judged.status() != RunRecord.RunStatus.COMPLETED) {
            throw new TafException("calibration " + judged.status().name().toLowerCase(Locale.ROOT)
                    + (judged.failure() == null ? "" : ": " + judged.failure()) + "; nothing stored; results in "
                    + runner.runDir());
        }
        HostFingerprint host = HostFacts.system().host().fingerprint();
        List<NoiseRecord> noise = NoiseUpdate.of(judged, host, def.workload().reportInterval().toMillis() / 1000.0,
                def.measure().duration().toMillis() / 1000.0);
        if (noise.isEmpty()) {
            throw new TafException("calibration measured fewer than 2 engine starts of 2 or more samples in every"
                    + " cell; nothing stored; results in " + runner.runDir());
        }
        Path file = NoiseStore.fileIn(def.output().resultsDir());
        out.printf("taf: noise of host %s (%s) stored in %s%n", host.id(), host.describe(), file);
        return new Calibration(judged, runner.runDir(), noise, file);
    }
}

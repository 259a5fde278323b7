package org.taf.runner.cli;

import java.io.PrintStream;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.taf.runner.ExitCode;
import org.taf.runner.TafException;
import org.taf.runner.config.ConfigLoader;
import org.taf.runner.config.LoadContext;
import org.taf.runner.config.TestDefinition;
import org.taf.runner.db.ResultsDb;
import org.taf.runner.launch.ProcessRuntime;
import org.taf.runner.profile.RuntimeKind;
import org.taf.runner.results.RunRecord;
import org.taf.runner.run.Calibrator;
import org.taf.runner.run.ResultsDbs;
import org.taf.runner.run.Session;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code taf calibrate FILE [-Dkey=value…]}: measure this host's noise with A/A pairs of the first
 * comparison's parent, per workload x threads of FILE, and store it in
 * {@code <output.results_dir>/noise.json}; {@code taf run} then prints the MDE before measuring.
 */
@Command(name = "calibrate", mixinStandardHelpOptions = true,
        description = {"Measure this host's noise: A/A pairs of the first comparison's parent against itself, per"
            + " workload x threads of FILE (measure.iterations pairs each).",
            "Stores it per host fingerprint in <output.results_dir>/noise.json; taf run then computes the"
                + " minimal detectable effect before measuring."})
final class CalibrateCommand implements Callable<Integer> {
    private final LoadContext context;

    @Mixin
    DefinitionOptions.Required definition;

    @Mixin
    MeasuringLock lock;

    CalibrateCommand(LoadContext context) {
        this.context = context;
    }

    @Override
    public Integer call() {
        TestDefinition def = new ConfigLoader(context).load(definition.file(), definition.overrides());
        def.config().warnings().forEach(w -> System.err.println("warning: " + w));
        if (def.profile().runtime() == RuntimeKind.CONTAINER) {
            throw new TafException(def.config().fileDisplay() + ": profile " + def.profile().name()
                    + " asks for the container runtime, which calibrate does not support yet; use a process profile");
        }
        // A bad URL fails before measuring.
        Optional<ResultsDb> db = ResultsDbs.open(def.output().resultsDb(), def.output().resultsDbPassword());
        PrintStream out = System.out;
        Calibrator calibrator = new Calibrator(def, new ProcessRuntime(def.cacheDir().resolve("state")),
                Clock.systemUTC(), out, VersionProvider.runnerVersion(),
                Session.command(definition.file(), definition.overrides(), "calibrate"));
        Thread hook = new Thread(() -> {
            RunRecord r = calibrator.runner() == null ? null : calibrator.runner().interrupted();
            if (r != null) {
                System.err.println("taf: calibration interrupted; nothing stored; results so far in "
                        + calibrator.runner().runDir());
            }
        }, "taf-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
        try (var held = lock.take(context, "calibrate", definition.file())) {
            calibrator.calibrate();
        } finally {
            if (calibrator.runner() != null) { // its A/A run, completed or not, as taf run stores every run
                ResultsDbs.store(db, calibrator.runner().lastRecord(), calibrator.runner().runDir(), System.err);
            }
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // The hook is running or will run: it writes the interrupted record.
            }
        }
        return ExitCode.PASS.code();
    }
}

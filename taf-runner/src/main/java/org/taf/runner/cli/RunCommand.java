package org.taf.runner.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.taf.runner.ExitCode;
import org.taf.runner.TafException;
import org.taf.runner.config.ConfigLoader;
import org.taf.runner.config.Keys;
import org.taf.runner.config.LoadContext;
import org.taf.runner.config.TestDefinition;
import org.taf.runner.db.ResultsDb;
import org.taf.runner.launch.EngineRuntime;
import org.taf.runner.report.Outputs;
import org.taf.runner.results.RunRecord;
import org.taf.runner.run.Runner;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code taf run [--quiet] [FILE] [-Dkey=value…]}: the main job. Without FILE it runs
 * {@code properties/quick.properties} (HEAD~1 vs HEAD of this repository).
 */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Build and measure the parent and patch of every comparison in FILE and give a verdict.",
            "Without FILE: properties/quick.properties (HEAD~1 vs HEAD, a few minutes on 2 cores)."})
final class RunCommand implements Callable<Integer> {
    /** How long an interrupted run's hook waits for the outputs the run is writing. */
    private static final Duration OUTPUTS_GRACE = Duration.ofSeconds(20);

    private final LoadContext context;

    @Spec
    CommandSpec spec;

    @Mixin
    DefinitionOptions.OrQuick definition;

    @Mixin
    MeasuringLock lock;

    @Option(names = {"-q", "--quiet"},
            description = "print no live progress or per-interval lines: only warnings, errors and the final summary")
    boolean quiet;

    @Option(names = "--against-baseline", description = "measure the patch against the definition's pinned"
            + " baseline (parent = baseline, the nightly's ratio series); a -Dparent or a definition without a"
            + " baseline keeps its parent")
    boolean againstBaseline;

    RunCommand(LoadContext context) {
        this.context = context;
    }

    @Override
    public Integer call() {
        try (var held = lock.take(context, "run", definition.file())) {
            return run(definition.file(), againstBaseline
                    ? againstBaseline(context, definition.file(), definition.overrides()) : definition.overrides(),
                    "run");
        }
    }

    /**
     * The overrides with the parent set to the definition's {@code baseline}: side by side against a commit that
     * stays put from night to night, so the series of ratios is free of the host's drift.
     */
    static Map<String, String> againstBaseline(LoadContext context, Path file, Map<String, String> overrides) {
        Map<String, String> settings = new LinkedHashMap<>(overrides);
        Optional<String> baseline = new ConfigLoader(context).resolve(file, settings).get(Keys.BASELINE);
        if (baseline.isEmpty() || settings.containsKey(Keys.PARENT.name())) {
            System.err.println("taf: --against-baseline: " + (baseline.isEmpty() ? file + " sets no baseline"
                    : "-Dparent given") + "; the definition's parent stays");
            return settings;
        }
        settings.put(Keys.PARENT.name(), baseline.get());
        return settings;
    }

    /** Loads, runs (the runner judges), writes every output; returns the exit code. Shared with {@code compare}. */
    Integer run(Path definition, Map<String, String> settings, String verb) {
        Finished f = execute(definition, settings, verb);
        if (f.failure() != null) {
            throw f.failure(); // printed as one error: line, exit 3, after the outputs that show it
        }
        return f.code().code();
    }

    /**
     * How a run ended.
     *
     * @param record  the judged record, or null when it failed before starting
     * @param runDir  its directory, or null
     * @param code    the exit code it calls for
     * @param failure the error that ended it (its outputs are written), or null
     */
    record Finished(RunRecord record, Path runDir, ExitCode code, TafException failure) {}

    /**
     * Loads, runs and writes every output, as {@link #run} does, returning the error that ended the run
     * rather than throwing it (for {@code bisect}, whose step a failed build ends but does not crash).
     *
     * @throws org.taf.runner.config.ConfigException when the definition is refused: nothing ran
     */
    Finished execute(Path definition, Map<String, String> settings, String verb) {
        TestDefinition def = new ConfigLoader(context).load(definition, settings);
        PrintStream out = System.out;
        def.config().warnings().forEach(w -> System.err.println("warning: " + w));
        // A bad URL fails before measuring.
        Optional<ResultsDb> db = ResultsDbs.open(def.output().resultsDb(), def.output().resultsDbPassword());
        EngineRuntime runtime = Runtimes.forProfile(def.profile(), def.cacheDir().resolve("state"), System.err);
        Runtimes.pinClient(def.profile(), System.err);
        PrintStream live = quiet ? QuietOutput.over(out) : out; // the summary and the paths below are always printed
        Runner runner = new Runner(def, runtime, Clock.systemUTC(), live, VersionProvider.runnerVersion(),
                command(definition, settings, verb));
        CountDownLatch outputsWritten = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            RunRecord r = runner.interrupted();
            if (r != null) {
                System.err.println("taf: interrupted; " + r.failure() + "; results so far in " + runner.runDir());
            }
            // The JVM halts when the hooks end: give the run, which may have seen the shutdown first,
            // the time to write its JUnit, summary and site rather than leave them half-written.
            try {
                outputsWritten.await(OUTPUTS_GRACE.toSeconds(), TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "taf-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
        RunRecord record;
        TafException failure = null;
        try {
            record = runner.run();
        } catch (TafException e) {
            failure = e;
            record = runner.lastRecord();
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // The hook is running or will run: it writes the interrupted record.
            }
        }
        ExitCode code;
        try {
            var o = def.output();
            code = record == null ? ExitCode.ERROR : Outputs.write(new Outputs.Destination(o.junit(), o.postSiteDir(),
                    o.publish(), o.siteDir()), record, runner.runDir(), out);
        } finally {
            try {
                ResultsDbs.store(db, record, runner.runDir(), System.err);
            } finally {
                outputsWritten.countDown();
            }
        }
        return new Finished(record, runner.runDir(), code, failure);
    }

    /** The command line that reproduces the run, for the post. */
    static String command(Path definition, Map<String, String> settings, String verb) {
        StringBuilder b = new StringBuilder("./taf ").append(verb).append(' ').append(definition);
        settings.forEach((k, v) -> b.append(' ').append(shellWord("-D" + k + "=" + v)));
        return b.toString();
    }

    /** The word as a shell reads it back: quoted when it holds spaces or characters the shell acts on. */
    static String shellWord(String word) {
        return word.matches("[A-Za-z0-9_./:=,@%+~^-]*") ? word : "'" + word.replace("'", "'\\''") + "'";
    }
}

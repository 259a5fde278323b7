package org.taf.runner.run;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.taf.runner.ExitCode;
import org.taf.runner.TafException;
import org.taf.runner.config.ConfigLoader;
import org.taf.runner.config.LoadContext;
import org.taf.runner.config.TestDefinition;
import org.taf.runner.db.ResultsDb;
import org.taf.runner.launch.EngineRuntime;
import org.taf.runner.report.output.Outputs;
import org.taf.runner.results.Canary;
import org.taf.runner.results.RunRecord;

/**
 * One run of a definition, start to end: load it, measure and judge ({@link Runner}), write every output
 * ({@code report.Outputs}) and store the record in the results database. {@code taf run} and {@code taf compare}
 * make one; {@code taf bisect} one per step; {@code taf canary} two, marked as canaries. The only class of the
 * measuring side that reaches the outputs.
 */
public final class Session {
    /** How long an interrupted run's hook waits for the outputs the run is writing. */
    private static final Duration OUTPUTS_GRACE = Duration.ofSeconds(20);

    private final LoadContext context;
    private final PrintStream live;
    private final String runnerVersion;

    /**
     * @param live          the run's progress and per-interval lines ({@code --quiet} filters them); the summary
     *                      and the paths of the outputs always go to standard output
     * @param runnerVersion what the record says made it
     */
    public Session(LoadContext context, PrintStream live, String runnerVersion) {
        this.context = context;
        this.live = live;
        this.runnerVersion = runnerVersion;
    }

    /**
     * How a run ended.
     *
     * @param record  the judged record, or null when it failed before starting
     * @param runDir  its directory, or null
     * @param code    the exit code it calls for
     * @param failure the error that ended it (its outputs are written), or null
     */
    public record Finished(RunRecord record, Path runDir, ExitCode code, TafException failure) {
        /** The exit code, or the error that ended the run, thrown: printed as one error: line, exit 3. */
        public int exitCode() {
            if (failure != null) {
                throw failure;
            }
            return code.code();
        }
    }

    /**
     * Loads, runs (the runner judges), writes every output and stores the run, returning the error that ended it
     * rather than throwing it (a bisect step that fails to build ends, the bisect goes on).
     *
     * @param verb the command the post shows to reproduce the run ({@code run})
     * @throws org.taf.runner.config.ConfigException when the definition is refused: nothing ran
     */
    public Finished run(Path definition, Map<String, String> settings, String verb) {
        return run(definition, settings, verb, null);
    }

    /**
     * As {@link #run(Path, Map, String)}, the run marked as a canary of {@code taf canary} ({@code canary} null: an
     * ordinary run) in its results.json and its row of the results database.
     */
    public Finished run(Path definition, Map<String, String> settings, String verb, Canary canary) {
        TestDefinition def = new ConfigLoader(context).load(definition, settings);
        PrintStream out = System.out;
        def.config().warnings().forEach(w -> System.err.println("warning: " + w));
        // A bad URL fails before measuring.
        Optional<ResultsDb> db = ResultsDbs.open(def.output().resultsDb(), def.output().resultsDbPassword());
        EngineRuntime runtime = Runtimes.forProfile(def.profile(), def.cacheDir().resolve("state"), System.err);
        Runtimes.pinClient(def.profile(), System.err);
        Runner runner = new Runner(def, runtime, Clock.systemUTC(), live, runnerVersion,
                command(definition, settings, verb)).asCanary(canary);
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
    public static String command(Path definition, Map<String, String> settings, String verb) {
        StringBuilder b = new StringBuilder("./taf ").append(verb).append(' ').append(definition);
        settings.forEach((k, v) -> b.append(' ').append(shellWord("-D" + k + "=" + v)));
        return b.toString();
    }

    /** The word as a shell reads it back: quoted when it holds spaces or characters the shell acts on. */
    static String shellWord(String word) {
        return word.matches("[A-Za-z0-9_./:=,@%+~^-]*") ? word : "'" + word.replace("'", "'\\''") + "'";
    }
}

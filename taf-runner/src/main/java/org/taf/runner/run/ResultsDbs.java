package org.taf.runner.run;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.taf.runner.config.ConfigException;
import org.taf.runner.config.InvalidValueException;
import org.taf.runner.config.KeyRegistry;
import org.taf.runner.config.Keys;
import org.taf.runner.config.LoadContext;
import org.taf.runner.config.ValueContext;
import org.taf.runner.db.DbException;
import org.taf.runner.db.ResultsDb;
import org.taf.runner.results.RunRecord;

/** How the commands use the results database ({@code results.db.url}): open it early, write each run at the end. */
public final class ResultsDbs {
    private ResultsDbs() {}

    /**
     * Opens (and migrates) the database a run will write to, before anything is measured, so that a bad
     * URL costs nothing; empty for {@code none}.
     */
    public static Optional<ResultsDb> open(Optional<String> url, String password) {
        return url.map(u -> ResultsDb.open(u, password));
    }

    /**
     * The database of {@link #url} opened with {@code results.db.password} ({@code TAF_RESULTS_DB_PASSWORD},
     * else {@code -Dresults.db.password}), for the commands that load no definition; empty for none.
     */
    public static Optional<ResultsDb> open(LoadContext context, Map<String, String> overrides) {
        return open(url(context, overrides), context.setting(Keys.RESULTS_DB_PASSWORD.name(), overrides, ""));
    }

    /**
     * Writes a finished run (any status) after its {@code results.json}. A failure does not change the
     * run's exit code (its verdict stands, and its results.json is written): it is printed as an error
     * naming the database and the directory to import later.
     */
    public static void store(Optional<ResultsDb> db, RunRecord run, Path runDir, PrintStream err) {
        if (db.isEmpty() || run == null) {
            return;
        }
        try {
            db.get().write(run);
        } catch (DbException e) {
            err.println("error: " + e.getMessage());
            err.println("error: run " + run.runId() + " is not in results database " + db.get().displayUrl()
                    + "; its results are in " + runDir + ": load them later with taf import " + runDir);
        }
    }

    /**
     * {@code results.db.url} for the commands that load no definition ({@code import}, {@code publish}):
     * {@code TAF_RESULTS_DB_URL}, else {@code -Dresults.db.url}, else the default, parsed as a definition's is.
     */
    public static Optional<String> url(LoadContext context, Map<String, String> overrides) {
        String key = Keys.RESULTS_DB_URL.name();
        String env = KeyRegistry.envName(key);
        String origin = context.env().containsKey(env) ? "env " + env
                : overrides.containsKey(key) ? "-D" + key : "default " + key;
        String raw = context.setting(key, overrides, Keys.RESULTS_DB_URL.defaultValue());
        try {
            return Keys.RESULTS_DB_URL
                    .type()
                    .parse(raw.trim(), new ValueContext(context.workDir(), context.userHome()));
        } catch (InvalidValueException e) {
            throw new ConfigException(origin + ": " + key + " (" + ResultsDb.redact(raw) + ") " + e.getMessage());
        }
    }
}

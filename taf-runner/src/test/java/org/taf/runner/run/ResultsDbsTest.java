package org.taf.runner.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.db.ResultsDb;
import org.taf.runner.results.ResultsStore;
import org.taf.runner.results.RunRecord;

/** The end of a run: its record into the results database, or an error that says how to load it later. */
class ResultsDbsTest {
    private static final Path COMMITTED = Path.of("../site-runs/20261130-020755-quick").toAbsolutePath()
            .normalize();

    @TempDir
    Path dir;

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @Test
    void aFinishedRunIsStoredAndNoneStoresNothing() {
        String url = "jdbc:sqlite:" + dir.resolve("results.db");
        Optional<ResultsDb> db = ResultsDbs.open(Optional.of(url), "");
        RunRecord run = ResultsStore.read(COMMITTED);
        ResultsDbs.store(db, run, COMMITTED, new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
        assertThat(ResultsDb.open(url).read(run.runId())).contains(run);

        assertThat(ResultsDbs.open(Optional.empty(), "")).isEmpty();
        ResultsDbs.store(Optional.empty(), run, COMMITTED, new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void aFailedFinalWriteNamesTheDatabaseTheDirectoryAndTafImport() throws Exception {
        String url = "jdbc:sqlite:" + dir.resolve("results.db");
        Optional<ResultsDb> db = ResultsDbs.open(Optional.of(url), "");
        // The database breaks while the run measures: its cell table is gone.
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.executeUpdate("DROP TABLE taf_cell");
        }
        RunRecord run = ResultsStore.read(COMMITTED);
        ResultsDbs.store(db, run, COMMITTED, new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("error: cannot write run " + run.runId()
                + " to results database " + url + ": ").contains("nothing of it was written")
                .endsWith("error: run " + run.runId() + " is not in results database " + url + "; its results are in "
                        + COMMITTED + ": load them later with taf import " + COMMITTED + "\n");
        assertThat(ResultsDb.open(url).read(run.runId())).isEmpty();
    }
}

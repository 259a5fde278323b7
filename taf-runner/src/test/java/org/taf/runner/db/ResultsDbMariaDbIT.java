package org.taf.runner.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.ResultsStore;
import org.taf.runner.results.RunRecord;
import org.taf.runner.workload.MariaDbServer;

/**
 * The shared results database on a real MariaDB (mariadbd started by the test on 127.0.0.1): the same
 * schema, migrated from empty and from version 1 (each run's content hash filled in), and the same runs and
 * hashes read back as from SQLite.
 */
class ResultsDbMariaDbIT {
    private static MariaDbServer server;

    @TempDir
    Path dir;

    @BeforeAll
    static void start() throws Exception {
        server = MariaDbServer.start();
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    /** A new, empty database on the server; the URL names it. */
    private static String database(String name) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:mariadb://127.0.0.1:" + server.port() + "/?user=root");
             Statement s = c.createStatement()) {
            s.executeUpdate("CREATE DATABASE " + name);
        }
        return "jdbc:mariadb://127.0.0.1:" + server.port() + "/" + name + "?user=root";
    }

    @Test
    void theSameRunsWrittenToSqliteAndMariaDbReadBackEqual() throws Exception {
        ResultsDb maria = ResultsDb.open(database("taf_equal"));
        ResultsDb sqlite = ResultsDb.open("jdbc:sqlite:" + dir.resolve("results.db"));
        assertThat(maria.schemaVersion()).isEqualTo(Schema.LATEST);
        List<RunRecord> runs = CommittedRuns.records();
        for (RunRecord run : runs) {
            assertThat(maria.write(run)).isEqualTo(ResultsDb.Stored.NEW);
            sqlite.write(run);
        }
        assertThat(maria.readAll()).containsExactlyElementsOf(runs).containsExactlyElementsOf(sqlite.readAll());
        assertThat(maria.contentHashes()).containsExactlyEntriesOf(sqlite.contentHashes()).hasSize(runs.size())
                .doesNotContainValue(null);
        assertThat(maria.read(maria.contentHashes().keySet())).containsExactlyElementsOf(runs);
        assertThat(maria.cells(SeriesFilter.any())).containsExactlyElementsOf(sqlite.cells(SeriesFilter.any()))
                .isNotEmpty();
        CellRow row = maria.cells(SeriesFilter.any()).get(0);
        assertThat(maria.cells(SeriesFilter.of(row))).containsExactlyElementsOf(sqlite.cells(SeriesFilter.of(row)));
        for (RunRecord run : runs) {
            assertThat(maria.write(run)).isEqualTo(ResultsDb.Stored.REPLACED);
        }
        assertThat(maria.readAll()).containsExactlyElementsOf(runs);
    }

    @Test
    void aVersion1DatabaseIsMigratedToTheLatest() throws Exception {
        String url = database("taf_v1");
        assertThat(ResultsDb.open(url, 1).schemaVersion()).isEqualTo(1);
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO taf_run (run_id, status, started_at, format_version, results_json)"
                    + " VALUES ('r1', 'FAILED', '2026-12-01T10:00:00.000000000Z', 2, '{}')");
            s.executeUpdate("INSERT INTO taf_cell (run_id, comparison, workload, threads, settings_key)"
                    + " VALUES ('r1', 'default', 'OLTP_RO', 4, 'k')");
        }
        RunRecord run = CommittedRuns.records().get(0);
        String json = ResultsStore.toJson(run);
        try (Connection c = DriverManager.getConnection(url); PreparedStatement s = c.prepareStatement(
                "INSERT INTO taf_run (run_id, status, format_version, results_json) VALUES (?, 'COMPLETED', ?, ?)")) {
            s.setString(1, run.runId());
            s.setInt(2, run.formatVersion());
            s.setString(3, json);
            s.executeUpdate();
        }
        ResultsDb db = ResultsDb.open(url);
        assertThat(db.schemaVersion()).isEqualTo(5);
        assertThat(db.contentHashes()).as("JSON it cannot read keeps no hash").containsEntry("r1", null)
                .containsEntry(run.runId(), ResultsStore.contentHash(json.getBytes(StandardCharsets.UTF_8)));
        assertThat(db.cells(SeriesFilter.any())).singleElement()
                .satisfies(r -> assertThat(r.startedAt()).hasToString("2026-12-01T10:00:00Z"));
    }

    @Test
    void aWriteThatFailsHalfWayLeavesNothingOfIt() throws Exception {
        ResultsDb db = ResultsDb.open(database("taf_atomic"));
        RunRecord run = CommittedRuns.records().get(1);
        db.write(run);
        ComparisonRecord c = run.comparisons().get(0);
        List<CellRecord> cells = new ArrayList<>(c.cells());
        cells.add(c.cells().get(0)); // the same key twice: the second insert fails
        RunRecord broken = run.withComparisons(List.of(new ComparisonRecord(c.name(), c.label(), c.parent(), c.patch(),
                cells)));
        assertThatThrownBy(() -> db.write(broken)).isInstanceOf(DbException.class)
                .hasMessageContaining("127.0.0.1:" + server.port());
        assertThat(db.readAll()).containsExactly(run);
        assertThat(db.cells(SeriesFilter.any())).containsExactlyElementsOf(CellRow.of(run));
    }

    @Test
    void aPasswordGivenApartFromTheUrlReachesTheServer() throws Exception {
        // The test server runs with --skip-grant-tables, so it accepts any password: this shows the
        // password travels as a connection property without breaking the URL (an '&' in it included),
        // not that a wrong one is refused.
        ResultsDb db = ResultsDb.open(database("taf_pw"), "s3cr&t;x=y");
        RunRecord run = CommittedRuns.records().get(0);
        db.write(run);
        assertThat(db.read(run.runId())).contains(run);
        assertThat(db.displayUrl()).doesNotContain("s3cr");
    }

    @Test
    void aMissingDatabaseIsAnErrorNamingTheUrl() {
        String url = "jdbc:mariadb://127.0.0.1:" + server.port() + "/no_such_db?user=root";
        assertThatThrownBy(() -> ResultsDb.open(url)).isInstanceOf(DbException.class)
                .hasMessageStartingWith("cannot reach results database " + url);
    }
}

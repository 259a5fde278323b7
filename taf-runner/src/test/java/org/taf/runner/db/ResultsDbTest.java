package org.taf.runner.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.ResultsStore;
import org.taf.runner.results.RunRecord;

/** The embedded results database (SQLite): schema versions, lossless round trips, whole-or-nothing writes. */
class ResultsDbTest {
    @TempDir
    Path dir;

    private String url() {
        return "jdbc:sqlite:" + dir.resolve("sub/results.db");
    }

    @Test
    void anEmptyDatabaseIsMigratedToTheLatestSchema() throws Exception {
        ResultsDb db = ResultsDb.open(url());
        assertThat(db.schemaVersion()).isEqualTo(Schema.LATEST).isEqualTo(5);
        assertThat(columns("taf_bisect")).contains("bisect_id", "good_sha", "culprit_sha", "bisect_json");
        assertThat(columns("taf_cell")).contains("started_at", "host_fingerprint", "settings_key", "patch_tps");
        assertThat(columns("taf_run")).contains("results_json", "host_fingerprint", "status");
        assertThat(query("SELECT name FROM sqlite_master WHERE type = 'index' AND name = 'taf_cell_series'"))
                .containsExactly("taf_cell_series");
        assertThat(ResultsDb.open(url()).schemaVersion()).as("opening again changes nothing").isEqualTo(5);
        assertThat(db.readAll()).isEmpty();
    }

    @Test
    void aVersion1DatabaseIsMigratedAndItsCellsGetTheirRunsStart() throws Exception {
        assertThat(ResultsDb.open(url(), 1).schemaVersion()).isEqualTo(1);
        assertThat(columns("taf_cell")).doesNotContain("started_at");
        RunRecord run = CommittedRuns.records().get(0);
        // What a version-1 TAF wrote: the run and its cells, without the column version 2 adds.
        CellRow cell = CellRow.of(run).get(0);
        execute("INSERT INTO taf_run (run_id, name, status, started_at, finished_at, host_fingerprint, runner_version,"
                + " format_version, results_json) VALUES ('" + run.runId() + "', '" + run.name() + "', 'COMPLETED',"
                + " '2026-11-30T02:07:55.000000000Z', NULL, '" + cell.hostFingerprint() + "', 'v1', 2, '"
                + ResultsStore.toJson(run).replace("'", "''") + "')");
        execute("INSERT INTO taf_cell (run_id, comparison, workload, threads, host_fingerprint, settings_key, ratio)"
                + " VALUES ('" + run.runId() + "', 'default', 'POINT_SELECT', 2, '" + cell.hostFingerprint() + "', '"
                + cell.settingsKey() + "', 0.97)");

        ResultsDb db = ResultsDb.open(url());

        assertThat(db.schemaVersion()).isEqualTo(5);
        assertThat(db.read(run.runId())).contains(run);
        List<CellRow> rows = db.cells(SeriesFilter.any());
        assertThat(rows).hasSize(1);
        assertThat(rows.get(0).startedAt()).hasToString("2026-11-30T02:07:55Z");
        assertThat(rows.get(0).ratio()).isEqualTo(0.97);
    }

    @Test
    void theCommittedRunsReadBackEqualAndWritingAgainReplacesThem() throws Exception {
        ResultsDb db = ResultsDb.open(url());
        List<RunRecord> runs = CommittedRuns.records();
        assertThat(runs).hasSizeGreaterThanOrEqualTo(2); // the site's runs: more as stories are published
        for (RunRecord run : runs) {
            assertThat(db.write(run)).isEqualTo(ResultsDb.Stored.NEW);
        }
        assertThat(db.readAll()).containsExactlyElementsOf(runs); // in the order they started
        for (RunRecord run : runs) {
            assertThat(db.read(run.runId())).contains(run);
            assertThat(db.write(run)).isEqualTo(ResultsDb.Stored.REPLACED);
        }
        assertThat(db.readAll()).containsExactlyElementsOf(runs);
        List<CellRow> expected = new ArrayList<>();
        runs.forEach(r -> expected.addAll(CellRow.of(r)));
        // the database's order: by start, run, then comparison, workload and threads by name and number
        expected.sort(java.util.Comparator.comparing(CellRow::startedAt).thenComparing(CellRow::runId)
                .thenComparing(CellRow::comparison).thenComparing(CellRow::workload)
                .thenComparingInt(CellRow::threads));
        assertThat(db.cells(SeriesFilter.any())).containsExactlyElementsOf(expected);
        assertThat(db.read("no-such-run")).isEmpty();
    }

    @Test
    void eachRunKeepsItsContentHashAndRunsAreReadByTheirIds() throws Exception {
        ResultsDb db = ResultsDb.open(url());
        List<RunRecord> runs = CommittedRuns.records();
        runs.forEach(db::write);
        Map<String, String> expected = new TreeMap<>();
        runs.forEach(r -> expected.put(r.runId(), hash(ResultsStore.toJson(r))));
        assertThat(db.contentHashes()).containsExactlyEntriesOf(expected);
        // The hash is of the JSON a reader of the database writes again: what a site keeps of the run.
        for (RunRecord run : runs) {
            assertThat(hash(ResultsStore.toJson(db.read(run.runId()).orElseThrow()))).isEqualTo(expected.get(
                    run.runId()));
        }
        RunRecord first = runs.get(0);
        RunRecord last = runs.get(runs.size() - 1);
        assertThat(db.read(Set.of(last.runId(), "no-such-run", first.runId())))
                .containsExactly(first, last);
        assertThat(db.read(Set.of())).isEmpty();
        // Listed from an index: a column after the JSON would be read through every run's JSON.
        try (Connection c = DriverManager.getConnection(url()); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("EXPLAIN QUERY PLAN SELECT run_id, content_hash FROM taf_run"
                     + " ORDER BY run_id")) {
            assertThat(r.next()).isTrue();
            assertThat(r.getString("detail")).contains("COVERING INDEX taf_run_content_hash");
        }
    }

    @Test
    void aVersion3DatabaseGetsTheContentHashOfEveryRunItCanRead() throws Exception {
        assertThat(ResultsDb.open(url(), 3).schemaVersion()).isEqualTo(3);
        assertThat(columns("taf_run")).doesNotContain("content_hash");
        RunRecord run = CommittedRuns.records().get(0);
        insertRun("now", 7, ResultsStore.toJson(run));
        insertRun("older", 6, "{\"format_version\": 6}");
        insertRun("unreadable", 7, "{}");

        ResultsDb db = ResultsDb.open(url());

        assertThat(db.schemaVersion()).isEqualTo(5);
        Map<String, String> hashes = db.contentHashes();
        assertThat(hashes.get("now")).isEqualTo(hash(ResultsStore.toJson(run)));
        assertThat(hashes).as("another format: read, and refused, when published").containsEntry("older", null);
        assertThat(hashes.get("unreadable")).isEqualTo(hash("{}"));
        assertThat(hashes).hasSize(3);
    }

    private void insertRun(String runId, int formatVersion, String json) throws SQLException {
        execute("INSERT INTO taf_run (run_id, status, format_version, results_json) VALUES ('" + runId
                + "', 'COMPLETED', " + formatVersion + ", '" + json.replace("'", "''") + "')");
    }

    private static String hash(String json) {
        return ResultsStore.contentHash(json.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void cellRowsCarryTheSeriesKeyFromTheRecord() throws Exception {
        RunRecord run = CommittedRuns.records().get(1);
        CellRow row = CellRow.of(run).get(0);
        assertThat(row.hostFingerprint()).matches("[0-9a-f]{16}");
        assertThat(row.dataTables()).isEqualTo(2);
        assertThat(row.dataRows()).isEqualTo(10_000L);
        assertThat(row.dataSeed()).isEqualTo(1L);
        assertThat(row.parentSettings()).isEqualTo("innodb_buffer_pool_size=64M");
        assertThat(row.parentSha()).isEqualTo(run.comparisons().get(0).parent().commit().sha());
        assertThat(row.patchTps()).isEqualTo(run.comparisons().get(0).cells().get(0).verdict().patchTps());
        assertThat(row.settingsKey()).isNotEqualTo(CellRow.settingsKey("innodb_buffer_pool_size=64M", "x=1"));
    }

    @Test
    void aSeriesIsOneHostWorkloadThreadsDataShapeAndSettings() throws Exception {
        ResultsDb db = ResultsDb.open(url());
        for (RunRecord run : CommittedRuns.records()) {
            db.write(run);
        }
        List<CellRow> all = db.cells(SeriesFilter.any());
        assertThat(all).hasSizeGreaterThan(1);
        for (CellRow row : all) {
            List<CellRow> series = db.cells(SeriesFilter.of(row));
            assertThat(series).contains(row)
                    .allSatisfy(r -> assertThat(SeriesFilter.of(r)).isEqualTo(SeriesFilter.of(row)));
            assertThat(series).containsExactlyElementsOf(all.stream()
                    .filter(r -> SeriesFilter.of(r).equals(SeriesFilter.of(row))).toList());
        }
        CellRow first = all.get(0);
        assertThat(db.cells(new SeriesFilter(first.hostFingerprint(), first.workload(), first.threads() + 1, null, null,
                null, null))).isEmpty();
    }

    @Test
    void aWriteThatFailsHalfWayLeavesTheStoredRunAsItWas() throws Exception {
        ResultsDb db = ResultsDb.open(url());
        RunRecord run = CommittedRuns.records().get(1);
        db.write(run);
        // A second cell with the same key fails on its insert: after the old rows were deleted and the new run
        // row and first cell were inserted. The transaction must put everything back.
        RunRecord broken = withDuplicateCell(run);
        assertThatThrownBy(() -> db.write(broken)).isInstanceOf(DbException.class)
                .hasMessageContaining("cannot write run " + run.runId()).hasMessageContaining(url())
                .hasMessageContaining("nothing of it was written");
        assertThat(db.read(run.runId())).contains(run);
        assertThat(db.cells(SeriesFilter.any())).containsExactlyElementsOf(CellRow.of(run));

        RunRecord other = CommittedRuns.records().get(0);
        assertThatThrownBy(() -> db.write(withDuplicateCell(other))).isInstanceOf(DbException.class);
        assertThat(db.read(other.runId())).as("a new run that failed half-way is not there at all").isEmpty();
        assertThat(db.readAll()).containsExactly(run);
    }

    /** WAL: readers never block the writer, and a second writer waits rather than fails (ResultsDbProcessIT). */
    @Test
    void sqliteRunsInWalModeAndADatabaseGoneMidRunIsAnErrorNamingIt() throws Exception {
        ResultsDb db = ResultsDb.open(url());
        try (Connection c = DriverManager.getConnection(url()); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("PRAGMA journal_mode")) {
            assertThat(r.next()).isTrue();
            assertThat(r.getString(1)).isEqualToIgnoringCase("wal");
        }
        java.nio.file.Files.delete(dir.resolve("sub/results.db"));
        RunRecord run = CommittedRuns.records().get(0);
        assertThatThrownBy(() -> db.write(run)).isInstanceOf(DbException.class)
                .hasMessageStartingWith("cannot write run " + run.runId() + " to results database " + url() + ": ")
                .hasMessageEndingWith("; nothing of it was written");
    }

    @Test
    void aSchemaNewerThanThisTafIsRefusedNamingTheUrlAndBothVersions() throws Exception {
        ResultsDb.open(url());
        execute("INSERT INTO taf_schema_history (installed_rank, version, description, type, script, checksum,"
                + " installed_by, execution_time, success) VALUES (6, '6', 'from a newer TAF', 'SQL',"
                + " 'V6__from_a_newer_taf.sql', 0, 'test', 1, 1)");
        assertThatThrownBy(() -> ResultsDb.open(url())).isInstanceOf(DbException.class)
                .hasMessage("results database " + url() + " has schema version 6; this TAF knows versions 1 to 5:"
                        + " use a newer TAF, or another results.db.url");
    }

    @Test
    void anUnreachableDatabaseIsAnErrorNamingItsUrlWithoutThePassword() {
        // Port 1 on the loopback: nothing listens, the connection is refused at once.
        String url = "jdbc:mariadb://127.0.0.1:1/taf?user=taf&password=s3cret&connectTimeout=2000";
        assertThatThrownBy(() -> ResultsDb.open(url)).isInstanceOf(DbException.class)
                .hasMessageStartingWith("cannot reach results database jdbc:mariadb://127.0.0.1:1/taf?user=taf"
                        + "&password=****&connectTimeout=2000 (this TAF's schema version is 5): ")
                .message().doesNotContain("s3cret");
        Path underAFile = dir.resolve("file");
        assertThatThrownBy(() -> {
            java.nio.file.Files.writeString(underAFile, "x");
            ResultsDb.open("jdbc:sqlite:" + underAFile.resolve("results.db"));
        }).isInstanceOf(DbException.class).hasMessageContaining(underAFile.resolve("results.db").toString());
    }

    @Test
    void aRunThatFailedBeforeItsSidesResolvedIsStoredWithItsStatus() throws Exception {
        RunRecord t = CommittedRuns.records().get(1);
        ComparisonRecord c = t.comparisons().get(0);
        CellRecord unjudged = c.cells().get(0).withVerdict(null);
        RunRecord failed = new RunRecord(t.formatVersion(), "20261201-120000-failed", t.name(), t.comments(),
                t.startedAt(), t.finishedAt(), RunRecord.RunStatus.FAILED, "build failed at abc123", t.runnerVersion(),
                null, null, List.of(new ComparisonRecord(c.name(), c.label(), c.parent(), null, List.of(unjudged))),
                List.of(), List.of(), null, t.judgement());
        ResultsDb db = ResultsDb.open(url());
        db.write(failed);
        assertThat(db.read(failed.runId())).contains(failed);
        CellRow row = db.cells(SeriesFilter.any()).get(0);
        assertThat(row).isEqualTo(CellRow.of(failed).get(0));
        assertThat(row.hostFingerprint()).isNull();
        assertThat(row.dataRows()).isNull();
        assertThat(row.patchSha()).isNull();
        assertThat(row.parentSha()).isEqualTo(c.parent().commit().sha());
        assertThat(row.verdict()).isNull();
        assertThat(row.ratio()).isNull();
        assertThat(query("SELECT status FROM taf_run")).containsExactly("FAILED");
    }

    private static RunRecord withDuplicateCell(RunRecord run) {
        ComparisonRecord c = run.comparisons().get(0);
        List<CellRecord> cells = new ArrayList<>(c.cells());
        cells.add(c.cells().get(0));
        return run.withComparisons(List.of(new ComparisonRecord(c.name(), c.label(), c.parent(), c.patch(), cells)));
    }

    private List<String> columns(String table) throws SQLException {
        return query("SELECT name FROM pragma_table_info('" + table + "')");
    }

    private List<String> query(String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(url()); Statement s = c.createStatement();
             ResultSet r = s.executeQuery(sql)) {
            List<String> out = new ArrayList<>();
            while (r.next()) {
                out.add(r.getString(1));
            }
            return out;
        }
    }

    private void execute(String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(url()); Statement s = c.createStatement()) {
            s.executeUpdate(sql);
        }
    }

    @Test
    void aBisectIsStoredWholeAndReplacedAsItGoes() {
        ResultsDb db = ResultsDb.open(url());
        java.time.Instant t = java.time.Instant.parse("2026-12-01T03:00:00.123456789Z");
        BisectRow first = new BisectRow("bisect-1", "properties/quick.properties", "a".repeat(40), "b".repeat(40),
                "UNFINISHED", null, t, null, "{\"steps\":[]}");
        db.writeBisect(first);
        assertThat(db.bisects()).containsExactly(first);
        BisectRow done = new BisectRow("bisect-1", "properties/quick.properties", "a".repeat(40), "b".repeat(40),
                "CULPRIT", "c".repeat(40), t, t.plusSeconds(600), "{\"steps\":[1,2]}");
        db.writeBisect(done);
        assertThat(db.bisects()).containsExactly(done);
    }
}

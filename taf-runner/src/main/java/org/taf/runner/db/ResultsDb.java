package org.taf.runner.db;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import org.taf.runner.results.HostFingerprint;
import org.taf.runner.results.ResultsException;
import org.taf.runner.results.ResultsStore;
import org.taf.runner.results.RunRecord;
import org.taf.runner.stats.Verdict;

/**
 * The results database at one JDBC URL ({@code results.db.url}): SQLite or MariaDB, same schema. Opening
 * it connects and migrates ({@link Schema}), so a bad URL fails before a run measures anything. Each call
 * takes its own connection: a run lasts minutes to hours, longer than a server keeps an idle one.
 *
 * <p>A run is written whole or not at all: its row, the JSON of its record and its cell rows go in one
 * transaction, which first deletes what an earlier write of the same run id left; so writing a run again
 * replaces it, and a write that fails half-way (a kill, a full disk) leaves the database as it was.
 *
 * <p>SQLite runs in WAL mode ({@link #SQLITE}): readers never block the one writer, and a writer waits up to
 * {@link #BUSY_TIMEOUT_MS} for another (two runs finishing at once both land). Its write transactions begin
 * {@code IMMEDIATE}: one that began as a reader and then wrote could fail at once on the other's commit
 * instead of waiting.
 */
public final class ResultsDb {
    /** Instants as fixed-width UTC text with nanoseconds: lossless, and ordered as text on every database. */
    private static final DateTimeFormatter INSTANT =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.nnnnnnnnn'Z'").withZone(ZoneOffset.UTC);
    private static final String CELL_COLUMNS = "run_id, started_at, comparison, workload, threads, host_fingerprint,"
            + " data_tables, data_rows, data_seed, parent_settings, patch_settings, settings_key, runner_version,"
            + " parent_sha, patch_sha, verdict, ratio, ci_low, ci_high, parent_tps, patch_tps";

    /** How long an SQLite connection waits for another process's write: far longer than any one write. */
    static final int BUSY_TIMEOUT_MS = 30_000;
    /** The SQLite connection's settings (xerial sqlite-jdbc's pragma properties). */
    static final Map<String, String> SQLITE = Map.of("journal_mode", "WAL",
            "busy_timeout", Integer.toString(BUSY_TIMEOUT_MS), "transaction_mode", "IMMEDIATE");

    /** Run ids per statement of {@link #read(Collection)}. */
    private static final int READ_SLICE = 500;

    private final String url;
    /** The user's password, given apart from the URL (which messages and records show); "" for none. */
    private final String password;
    private final int schemaVersion;

    private ResultsDb(String url, String password, int schemaVersion) {
        this.url = url;
        this.password = password;
        this.schemaVersion = schemaVersion;
    }

    /** Connects to {@code url}, creating an SQLite file's directory, and migrates it to the latest schema. */
    public static ResultsDb open(String url) {
        return open(url, "", Schema.LATEST);
    }

    /** As {@link #open(String)}, with the user's password ("" for none). */
    public static ResultsDb open(String url, String password) {
        return open(url, password, Schema.LATEST);
    }

    /** As {@link #open(String)}, migrating only up to {@code schemaVersion} (to test upgrades from it). */
    static ResultsDb open(String url, int schemaVersion) {
        return open(url, "", schemaVersion);
    }

    private static ResultsDb open(String url, String password, int schemaVersion) {
        if (url.startsWith("jdbc:sqlite:")) {
            Path file = Path.of(url.substring("jdbc:sqlite:".length())).toAbsolutePath();
            try {
                Files.createDirectories(file.getParent());
            } catch (IOException e) {
                throw new DbException("cannot create the directory of results database " + url + ": " + e, e);
            }
        }
        try (Connection c = connect(url, password)) {
            c.isValid(10); // reached: the rest of the errors are the schema's
        } catch (SQLException e) {
            throw new DbException("cannot reach results database " + redact(url) + " (this TAF's schema version is "
                    + Schema.LATEST + "): " + e.getMessage(), e);
        }
        return new ResultsDb(url, password, Schema.migrate(url, password, schemaVersion));
    }

    /** The URL, without a password, for messages. */
    public String displayUrl() {
        return redact(url);
    }

    /** The schema version the database is at. */
    public int schemaVersion() {
        return schemaVersion;
    }

    /** What {@link #write} did. */
    public enum Stored {
        /** The run id was not there. */
        NEW,
        /** It was, and its earlier record and rows were replaced. */
        REPLACED
    }

    /** Writes {@code run} (any status) in one transaction, replacing a run of the same id. */
    public Stored write(RunRecord run) {
        String json = ResultsStore.toJson(run);
        List<CellRow> cells = CellRow.of(run);
        try (Connection c = connect()) {
            c.setAutoCommit(false);
            try {
                boolean existed;
                try (PreparedStatement s = c.prepareStatement("SELECT 1 FROM taf_run WHERE run_id = ?")) {
                    s.setString(1, run.runId());
                    try (ResultSet r = s.executeQuery()) {
                        existed = r.next();
                    }
                }
                for (String table : List.of("taf_cell", "taf_run")) {
                    try (PreparedStatement s = c.prepareStatement("DELETE FROM " + table + " WHERE run_id = ?")) {
                        s.setString(1, run.runId());
                        s.executeUpdate();
                    }
                }
                insertRun(c, run, json, ResultsStore.contentHash(json.getBytes(StandardCharsets.UTF_8)));
                insertCells(c, cells);
                c.commit();
                return existed ? Stored.REPLACED : Stored.NEW;
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        } catch (SQLException e) {
            throw new DbException("cannot write run " + run.runId() + " to results database " + redact(url)
                    + ": " + e.getMessage() + "; nothing of it was written", e);
        }
    }

    /** Writes a bisect's evidence, replacing an earlier state of the same bisect id. */
    public void writeBisect(BisectRow bisect) {
        try (Connection c = connect()) {
            c.setAutoCommit(false);
            try {
                BisectTable.write(c, bisect, ResultsDb::text);
                c.commit();
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        } catch (SQLException e) {
            throw new DbException("cannot write bisect " + bisect.bisectId() + " to results database " + redact(url)
                    + ": " + e.getMessage() + "; nothing of it was written", e);
        }
    }

    /** Every bisect stored, oldest first. */
    public List<BisectRow> bisects() {
        try (Connection c = connect()) {
            return BisectTable.readAll(c, ResultsDb::instant);
        } catch (SQLException e) {
            throw new DbException("cannot read the bisects of results database " + redact(url) + ": " + e.getMessage(),
                    e);
        }
    }

    /** The run {@code runId}, read back from its stored JSON. */
    public Optional<RunRecord> read(String runId) {
        List<RunRecord> runs = readRuns("SELECT run_id, results_json FROM taf_run WHERE run_id = ?", runId);
        return runs.stream().findFirst();
    }

    /** Every run, oldest first (by start, then run id). */
    public List<RunRecord> readAll() {
        return readRuns("SELECT run_id, results_json FROM taf_run ORDER BY started_at, run_id");
    }

    /**
     * Every run's id with its content hash ({@link ResultsStore#contentHash}), without reading its JSON: what a
     * publish compares with the site's digests to read only new or changed runs. Null where the hash is not
     * known (a row whose JSON the schema's migration could not read).
     */
    public Map<String, String> contentHashes() {
        try (Connection c = connect();
             PreparedStatement s = c.prepareStatement("SELECT run_id, content_hash FROM taf_run ORDER BY run_id")) {
            Map<String, String> out = new LinkedHashMap<>();
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    out.put(r.getString(1), r.getString(2));
                }
            }
            return out;
        } catch (SQLException e) {
            throw new DbException("cannot list the runs of results database " + redact(url) + ": " + e.getMessage(),
                    e);
        }
    }

    /** The runs {@code runIds} (those stored: an id not stored is skipped), oldest first. */
    public List<RunRecord> read(Collection<String> runIds) {
        List<String> ids = List.copyOf(new TreeSet<>(runIds));
        List<RunRecord> out = new ArrayList<>();
        // In slices: a statement takes a bounded number of parameters (SQLite's limit is 32,766).
        for (int i = 0; i < ids.size(); i += READ_SLICE) {
            List<String> slice = ids.subList(i, Math.min(ids.size(), i + READ_SLICE));
            out.addAll(readRuns("SELECT run_id, results_json FROM taf_run WHERE run_id IN (?" + ", ?".repeat(
                    slice.size() - 1) + ")", slice.toArray(String[]::new)));
        }
        out.sort(Comparator.comparing((RunRecord r) -> r.startedAt() == null ? Instant.EPOCH : r.startedAt())
                .thenComparing(RunRecord::runId));
        return out;
    }

    /** The newest {@code perKind} canary runs of each kind per host and definition name, oldest first. */
    public List<RunRecord> canaries(int perKind) {
        List<String> ids;
        try (Connection c = connect()) {
            ids = CanaryIndex.newest(c, perKind);
        } catch (SQLException e) {
            throw new DbException("cannot list the canaries of results database " + redact(url) + ": " + e.getMessage(),
                    e);
        }
        return read(ids);
    }

    /** The cell rows that match {@code filter}, oldest run first. */
    public List<CellRow> cells(SeriesFilter filter) {
        List<String> where = new ArrayList<>();
        List<Object> args = new ArrayList<>();
        condition(where, args, "host_fingerprint", filter.hostFingerprint());
        condition(where, args, "workload", filter.workload());
        condition(where, args, "threads", filter.threads());
        condition(where, args, "data_tables", filter.dataTables());
        condition(where, args, "data_rows", filter.dataRows());
        condition(where, args, "data_seed", filter.dataSeed());
        condition(where, args, "settings_key", filter.settingsKey());
        String sql = "SELECT " + CELL_COLUMNS + " FROM taf_cell" + (where.isEmpty() ? "" : " WHERE "
                + String.join(" AND ", where)) + " ORDER BY started_at, run_id, comparison, workload, threads";
        try (Connection c = connect(); PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < args.size(); i++) {
                s.setObject(i + 1, args.get(i));
            }
            List<CellRow> rows = new ArrayList<>();
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    rows.add(cellRow(r));
                }
            }
            return rows;
        } catch (SQLException e) {
            throw new DbException("cannot read cells from results database " + redact(url) + ": " + e.getMessage(), e);
        }
    }

    /** {@code url} with the value of a {@code password=} parameter replaced by {@code ****}. */
    public static String redact(String url) {
        return url.replaceAll("(?i)(password=)[^&;]*", "$1****");
    }

    private static void condition(List<String> where, List<Object> args, String column, Object value) {
        if (value != null) {
            where.add(column + " = ?");
            args.add(value);
        }
    }

    private Connection connect() throws SQLException {
        return connect(url, password);
    }

    private static Connection connect(String url, String password) throws SQLException {
        java.util.Properties p = new java.util.Properties();
        if (url.startsWith("jdbc:sqlite:")) {
            p.putAll(SQLITE);
        }
        if (!password.isEmpty()) {
            p.setProperty("password", password);
        }
        return DriverManager.getConnection(url, p);
    }

    private List<RunRecord> readRuns(String sql, String... args) {
        try (Connection c = connect(); PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                s.setString(i + 1, args[i]);
            }
            // Stream the rows: MariaDB's driver otherwise holds every run's JSON at once, and a fleet-year ran
            // out of heap (docs/benchmarks/rules-evidence.md); SQLite streams either way.
            s.setFetchSize(16);
            List<RunRecord> runs = new ArrayList<>();
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    String runId = r.getString(1);
                    runs.add(ResultsStore.parse(r.getString(2), "run " + runId + " in results database "
                            + redact(url)));
                }
            }
            return runs;
        } catch (SQLException e) {
            throw new DbException("cannot read runs from results database " + redact(url) + ": " + e.getMessage(), e);
        } catch (ResultsException e) {
            throw new DbException(e.getMessage(), e);
        }
    }

    private static void insertRun(Connection c, RunRecord run, String json, String hash) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("INSERT INTO taf_run (run_id, name, status, started_at,"
                + " finished_at, host_fingerprint, runner_version, format_version, results_json, content_hash, canary)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            s.setString(1, run.runId());
            s.setString(2, run.name());
            s.setString(3, run.status().name());
            s.setString(4, text(run.startedAt()));
            s.setString(5, text(run.finishedAt()));
            s.setString(6, run.environment() == null ? null : HostFingerprint.of(run.environment()).id());
            s.setString(7, run.runnerVersion());
            s.setInt(8, run.formatVersion());
            s.setString(9, json);
            s.setString(10, hash);
            s.setString(11, run.canary() == null ? null : run.canary().name());
            s.executeUpdate();
        }
    }

    private static void insertCells(Connection c, List<CellRow> cells) throws SQLException {
        String marks = "?" + ", ?".repeat(CELL_COLUMNS.split(",").length - 1);
        try (PreparedStatement s = c.prepareStatement("INSERT INTO taf_cell (" + CELL_COLUMNS + ") VALUES ("
                + marks + ")")) {
            for (CellRow row : cells) {
                Object[] values = {row.runId(), text(row.startedAt()), row.comparison(), row.workload(), row.threads(),
                    row.hostFingerprint(), row.dataTables(), row.dataRows(), row.dataSeed(), row.parentSettings(),
                    row.patchSettings(), row.settingsKey(), row.runnerVersion(), row.parentSha(), row.patchSha(),
                    row.verdict() == null ? null : row.verdict().name(), row.ratio(), row.ciLow(), row.ciHigh(),
                    row.parentTps(), row.patchTps()};
                for (int i = 0; i < values.length; i++) {
                    s.setObject(i + 1, values[i]);
                }
                // One statement per row, not a batch: a failing row then fails here, inside the transaction,
                // the same way on both drivers.
                s.executeUpdate();
            }
        }
    }

    private static CellRow cellRow(ResultSet r) throws SQLException {
        String verdict = r.getString("verdict");
        return new CellRow(r.getString("run_id"), instant(r.getString("started_at")), r.getString("comparison"),
                r.getString("workload"), r.getInt("threads"), r.getString("host_fingerprint"),
                nullable(r, "data_tables", Integer.class), nullable(r, "data_rows", Long.class),
                nullable(r, "data_seed", Long.class), r.getString("parent_settings"), r.getString("patch_settings"),
                r.getString("settings_key"), r.getString("runner_version"), r.getString("parent_sha"),
                r.getString("patch_sha"), verdict == null ? null : Verdict.valueOf(verdict),
                nullable(r, "ratio", Double.class), nullable(r, "ci_low", Double.class),
                nullable(r, "ci_high", Double.class), nullable(r, "parent_tps", Double.class),
                nullable(r, "patch_tps", Double.class));
    }

    /** A nullable number: getObject's class differs between drivers (SQLite gives Integer for small longs). */
    private static <T> T nullable(ResultSet r, String column, Class<T> type) throws SQLException {
        Object v = r.getObject(column);
        if (v == null) {
            return null;
        }
        Number n = (Number) v;
        // Not one ?: expression: it would unbox all three and promote them to double.
        if (type == Integer.class) {
            return type.cast(n.intValue());
        }
        if (type == Long.class) {
            return type.cast(n.longValue());
        }
        return type.cast(n.doubleValue());
    }

    private static String text(Instant t) {
        return t == null ? null : INSTANT.format(t);
    }

    private static Instant instant(String text) {
        return text == null ? null : Instant.parse(text);
    }
}

package org.taf.runner.db;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.flywaydb.core.api.MigrationVersion;
import org.flywaydb.core.api.migration.Context;
import org.flywaydb.core.api.migration.JavaMigration;
import org.taf.runner.results.ResultsStore;

/**
 * Schema version 4: each run's content hash, {@code taf_run.content_hash} ({@link ResultsStore#contentHash}), and
 * an index that holds it with the run id, so that {@code taf publish --from-db} lists what each run holds without
 * reading its JSON and reads only the runs its site lacks. In Java rather than SQL: SQLite has no SHA-256. A row
 * in another results format keeps no hash: a publish reads it (and says what is wrong with it).
 *
 * <p>Safe to run again: the column and index are added only when missing, and only rows without a hash are
 * filled (MariaDB commits the {@code ALTER} on its own, so a migration killed after it resumes here).
 */
final class ContentHashMigration implements JavaMigration {
    static final int VERSION = 4;

    @Override
    public MigrationVersion getVersion() {
        return MigrationVersion.fromVersion(Integer.toString(VERSION));
    }

    @Override
    public String getDescription() {
        return "content hash";
    }

    @Override
    public Integer getChecksum() {
        return null; // no script to checksum, as with Flyway's own Java migrations
    }

    @Override
    public boolean canExecuteInTransaction() {
        return true;
    }

    @Override
    public void migrate(Context context) throws SQLException {
        Connection c = context.getConnection();
        if (!hasColumn(c)) {
            try (Statement s = c.createStatement()) {
                s.executeUpdate("ALTER TABLE taf_run ADD COLUMN content_hash VARCHAR(64)");
            }
        }
        // The ids first, then one run at a time: a fleet's year is gigabytes of JSON, and MariaDB's driver
        // cannot run the updates while it streams a result.
        List<String> ids = new ArrayList<>();
        try (Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT run_id FROM taf_run WHERE content_hash IS NULL")) {
            while (r.next()) {
                ids.add(r.getString(1));
            }
        }
        try (PreparedStatement read = c.prepareStatement(
                "SELECT format_version, results_json FROM taf_run WHERE run_id = ?");
             PreparedStatement write = c.prepareStatement("UPDATE taf_run SET content_hash = ? WHERE run_id = ?")) {
            for (String id : ids) {
                read.setString(1, id);
                String hash = null;
                try (ResultSet r = read.executeQuery()) {
                    if (r.next()) {
                        hash = hash(r.getInt(1), r.getString(2));
                    }
                }
                if (hash != null) {
                    write.setString(1, hash);
                    write.setString(2, id);
                    write.executeUpdate();
                }
            }
        }
        // The list of hashes is read from this index alone: in SQLite a column after the JSON is reached only
        // through the JSON's overflow pages, and listing a fleet-year's hashes from the table read 2 GB.
        try (Statement s = c.createStatement()) {
            s.executeUpdate("CREATE INDEX IF NOT EXISTS taf_run_content_hash ON taf_run (run_id, content_hash)");
        }
    }

    /**
     * The content hash of a stored run. Its JSON is what {@link ResultsStore#toJson} wrote; in this TAF's format it
     * is hashed as it is (reading 2 GB of JSON back would cost minutes). Null in another one: this TAF cannot read
     * it ({@link ResultsStore#parse} says why when it is read).
     */
    private static String hash(int formatVersion, String json) {
        return formatVersion == ResultsStore.FORMAT_VERSION
                ? ResultsStore.contentHash(json.getBytes(StandardCharsets.UTF_8)) : null;
    }

    private static boolean hasColumn(Connection c) throws SQLException {
        try (ResultSet r = c.getMetaData().getColumns(c.getCatalog(), null, "taf_run", "content_hash")) {
            return r.next();
        }
    }
}

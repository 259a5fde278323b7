package org.taf.runner.db;

import java.util.Map;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.flywaydb.core.api.MigrationInfo;
import org.flywaydb.core.api.MigrationVersion;

/**
 * The results schema's versions, applied by Flyway from {@code org/taf/runner/db/migration/V<n>__*.sql} (and
 * {@link ContentHashMigration}, version 4, in Java) and recorded in {@code taf_schema_history}. Flyway rather
 * than a hand-written runner: it keeps SQLite support in flyway-core and MariaDB's in flyway-mysql, both on Maven
 * Central, and it checksums and locks what it applied. It ignores a version newer than its scripts by default
 * ("future" migrations), so that case is checked here first: a schema a newer TAF made is refused, never written
 * with an older layout.
 */
final class Schema {
    /** The newest schema version this TAF has migrations for; bump it with each new one. */
    static final int LATEST = 5;
    static final String HISTORY_TABLE = "taf_schema_history";

    private Schema() {}

    /**
     * Brings the database at {@code url} to {@code target} (normally {@link #LATEST}); returns the
     * version it is at.
     */
    static int migrate(String url, String password, int target) {
        Flyway flyway = flyway(url, password, target);
        try {
            int current = current(flyway);
            if (current > LATEST) {
                throw new DbException("results database " + ResultsDb.redact(url) + " has schema version " + current
                        + "; this TAF knows versions 1 to " + LATEST
                        + ": use a newer TAF, or another results.db.url");
            }
            flyway.migrate();
            return current(flyway);
        } catch (FlywayException e) {
            throw new DbException("cannot migrate results database " + ResultsDb.redact(url) + " to schema version "
                    + target + " (this TAF knows 1 to " + LATEST + "): " + e.getMessage(), e);
        }
    }

    private static int current(Flyway flyway) {
        MigrationInfo current = flyway.info().current();
        return current == null || current.getVersion() == null
                ? 0
                : Integer.parseInt(current.getVersion().getVersion());
    }

    private static Flyway flyway(String url, String password, int target) {
        // MariaDB tables get utf8mb4 whatever the server's default (a --no-defaults server says latin1).
        String tableOptions = url.startsWith("jdbc:mariadb:") ? " DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin" : "";
        return Flyway.configure(Schema.class.getClassLoader())
                .dataSource(url, null, password.isEmpty() ? null : password)
                .jdbcProperties(url.startsWith("jdbc:sqlite:") ? ResultsDb.SQLITE : Map.of())
                .locations("classpath:org/taf/runner/db/migration")
                .javaMigrations(new ContentHashMigration())
                .table(HISTORY_TABLE)
                .placeholders(Map.of("table_options", tableOptions))
                .target(MigrationVersion.fromVersion(Integer.toString(target)))
                .load();
    }
}

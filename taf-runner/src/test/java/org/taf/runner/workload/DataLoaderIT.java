package org.taf.runner.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/** prepare and cleanup against a real server: determinism, the index, failure without leftovers. */
@ExtendWith(MariaDbExtension.class)
@Timeout(300)
class DataLoaderIT {

    @Test
    void sameSpecSameRowsWhateverTheThreads(TestServer server) throws SQLException {
        ConnectionSettings db = server.database("loader_it");
        DataLoader loader = new DataLoader(db);
        loader.cleanup(3);
        loader.prepare(new DataSpec(3, 5000, 21), 3);
        String first = checksums(db);
        assertThat(query(db, "SELECT COUNT(*) FROM sbtest3")).isEqualTo("5000");
        assertThat(query(db, "SELECT COUNT(*) FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = DATABASE()"
                + " AND INDEX_NAME LIKE 'k\\_%' AND COLUMN_NAME = 'k'")).isEqualTo("3");

        loader.cleanup(3);
        assertThat(query(db, "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()"))
                .isEqualTo("0");
        loader.prepare(new DataSpec(3, 5000, 21), 1);
        assertThat(checksums(db)).as("same seed, one thread instead of three").isEqualTo(first);

        loader.cleanup(3);
        loader.prepare(new DataSpec(3, 5000, 22), 2);
        assertThat(checksums(db)).as("another seed").isNotEqualTo(first);
        loader.cleanup(3);
    }

    @Test
    void aFailedPrepareLeavesNothingItMadeAndKeepsWhatWasThere(TestServer server) throws SQLException {
        ConnectionSettings db = server.database("loader_fail_it");
        DataLoader loader = new DataLoader(db);
        loader.cleanup(2);
        execute(db, "CREATE TABLE sbtest2 (keep INT)");
        assertThatThrownBy(() -> loader.prepare(new DataSpec(2, 100, 1), 1))
                .isInstanceOf(WorkloadException.class)
                .hasMessageContaining("sbtest2 on " + db.address())
                .hasMessageContaining("CREATE TABLE sbtest2(")
                .hasMessageContaining("error 1050 (42S01): Table 'sbtest2' already exists");
        assertThat(query(db, "SELECT GROUP_CONCAT(TABLE_NAME) FROM information_schema.TABLES"
                + " WHERE TABLE_SCHEMA = DATABASE()")).isEqualTo("sbtest2");
        assertThat(query(db, "SELECT COUNT(*) FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE()"
                + " AND TABLE_NAME = 'sbtest2' AND COLUMN_NAME = 'keep'")).isEqualTo("1");
        loader.cleanup(2);
    }

    @Test
    void createsItsDatabaseWhenMissing(TestServer server) throws SQLException {
        ConnectionSettings admin = server.database("mysql");
        execute(admin, "DROP DATABASE IF EXISTS loader_new_db");
        ConnectionSettings fresh = new ConnectionSettings(admin.host(), admin.port(), admin.user(), admin.password(),
                "loader_new_db");
        DataLoader loader = new DataLoader(fresh);
        loader.ensureDatabase();
        loader.ensureDatabase(); // idempotent
        loader.prepare(new DataSpec(1, 10, 1), 1);
        assertThat(query(fresh, "SELECT COUNT(*) FROM sbtest1")).isEqualTo("10");
        execute(admin, "DROP DATABASE loader_new_db");
    }

    @Test
    void anUnreachableServerIsNamed() {
        ConnectionSettings nowhere = new ConnectionSettings("127.0.0.1", 1, "root", "", "sbtest");
        assertThatThrownBy(() -> new DataLoader(nowhere).prepare(new DataSpec(1, 10, 1), 1))
                .isInstanceOf(WorkloadException.class)
                .hasMessageStartingWith("cannot connect to 127.0.0.1:1 (user root, database sbtest)");
    }

    private static String checksums(ConnectionSettings db) throws SQLException {
        try (Connection c = Jdbc.connect(db); Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("CHECKSUM TABLE sbtest1, sbtest2, sbtest3")) {
            StringBuilder b = new StringBuilder();
            while (rs.next()) {
                b.append(rs.getString(1)).append('=').append(rs.getLong(2)).append(' ');
            }
            return b.toString();
        }
    }

    private static String query(ConnectionSettings db, String sql) throws SQLException {
        try (Connection c = Jdbc.connect(db); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }

    private static void execute(ConnectionSettings db, String sql) throws SQLException {
        try (Connection c = Jdbc.connect(db); Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }
}

package org.taf.engine.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * taf_statement_cpu_work over the wire (Connector/J): the configured value reaches every connection's
 * statements, SET GLOBAL on one connection changes it for all, and off means no work.
 */
class CalibrationVariableIT {
    @TempDir
    Path dir;

    private static long value(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            assertThat(rs.next()).isTrue();
            return rs.getLong(1);
        }
    }

    private static void selects(Connection c, int n) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT k FROM t WHERE id = ?")) {
            for (int i = 0; i < n; i++) {
                p.setInt(1, 1);
                try (ResultSet rs = p.executeQuery()) {
                    assertThat(rs.next()).isTrue();
                }
            }
        }
    }

    @Test
    void configuredThenChangedLiveForEveryConnection() throws SQLException {
        try (TestServer server = TestServer.start(dir, "taf_statement_cpu_work", "1000");
             Connection a = server.connect("", "useServerPrepStmts=true");
             Connection b = server.connect("", "")) {
            try (Statement s = a.createStatement()) {
                s.execute("CREATE DATABASE d");
                s.execute("USE d");
                s.execute("CREATE TABLE t (id INT NOT NULL, k INT NOT NULL, PRIMARY KEY (id))");
                s.execute("INSERT INTO t VALUES (1, 10)");
            }
            b.setCatalog("d");
            assertThat(value(b, "SELECT @@global.taf_statement_cpu_work")).isEqualTo(1000);
            long before = server.server.cpuWork().roundsDone();
            selects(a, 10);
            selects(b, 10);
            assertThat(server.server.cpuWork().roundsDone() - before).as("20 selects x 1000 rounds, at least")
                    .isGreaterThanOrEqualTo(20_000);

            try (Statement s = a.createStatement()) {
                s.execute("SET GLOBAL taf_statement_cpu_work = 0");
                assertThatThrownBy(() -> s.execute("SET GLOBAL taf_statement_cpu_work = -5"))
                        .isInstanceOf(SQLException.class).hasMessageContaining("can't be set to the value of '-5'");
            }
            assertThat(value(b, "SELECT @@taf_statement_cpu_work")).isZero();
            long off = server.server.cpuWork().roundsDone();
            selects(b, 10);
            assertThat(server.server.cpuWork().roundsDone()).isEqualTo(off);
        }
    }
}

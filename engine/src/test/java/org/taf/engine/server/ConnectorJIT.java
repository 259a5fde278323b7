package org.taf.engine.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** MariaDB Connector/J 3.5 against the server: client-side and server-side prepared statements. */
class ConnectorJIT {
    @TempDir
    static Path dir;
    static TestServer server;

    @BeforeAll
    static void start() throws SQLException {
        server = TestServer.start(dir, "max_allowed_packet", "64M");
        try (Connection c = server.connect("", ""); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE app");
        }
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static long status(Connection c, String name) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SHOW STATUS LIKE '" + name + "'")) {
            assertThat(rs.next()).isTrue();
            return rs.getLong(2);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"", "useServerPrepStmts=true"})
    void crudTransactionsAndMetadata(String options) throws SQLException {
        String table = options.isEmpty() ? "client_ps" : "server_ps";
        try (Connection c = server.connect("app", options)) {
            long preparesBefore = status(c, "Com_stmt_prepare");
            try (Statement s = c.createStatement()) {
                s.execute("CREATE TABLE " + table + " (id BIGINT NOT NULL AUTO_INCREMENT, k INT NOT NULL DEFAULT 0,"
                        + " c VARCHAR(100), PRIMARY KEY (id), KEY k_1 (k))");
            }
            try (PreparedStatement ins = c.prepareStatement("INSERT INTO " + table + " (k, c) VALUES (?, ?)",
                    Statement.RETURN_GENERATED_KEYS)) {
                for (int i = 1; i <= 50; i++) {
                    ins.setInt(1, i % 5);
                    if (i == 7) {
                        ins.setNull(2, Types.VARCHAR);
                    } else {
                        ins.setString(2, "row-" + i + "-é");
                    }
                    assertThat(ins.executeUpdate()).isEqualTo(1);
                    try (ResultSet keys = ins.getGeneratedKeys()) {
                        assertThat(keys.next()).isTrue();
                        assertThat(keys.getLong(1)).isEqualTo(i);
                    }
                }
            }
            try (PreparedStatement sel = c.prepareStatement("SELECT id, k, c FROM " + table + " WHERE id = ?")) {
                sel.setLong(1, 7);
                try (ResultSet rs = sel.executeQuery()) {
                    ResultSetMetaData md = rs.getMetaData();
                    assertThat(md.getColumnCount()).isEqualTo(3);
                    assertThat(md.getColumnName(1)).isEqualTo("id");
                    assertThat(md.getColumnType(1)).isEqualTo(Types.BIGINT);
                    assertThat(md.getColumnType(2)).isEqualTo(Types.INTEGER);
                    assertThat(md.getColumnType(3)).isEqualTo(Types.VARCHAR);
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getLong("id")).isEqualTo(7);
                    assertThat(rs.getInt("k")).isEqualTo(2);
                    assertThat(rs.getString("c")).isNull();
                    assertThat(rs.next()).isFalse();
                }
                sel.setLong(1, 8);
                try (ResultSet rs = sel.executeQuery()) {
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getString(3)).isEqualTo("row-8-é");
                }
            }
            try (PreparedStatement q = c.prepareStatement("SELECT SUM(k), COUNT(*) FROM " + table
                    + " WHERE k IN (?, ?) AND id BETWEEN ? AND ?")) {
                q.setInt(1, 1);
                q.setInt(2, 4);
                q.setInt(3, 1);
                q.setInt(4, 10);
                try (ResultSet rs = q.executeQuery()) {
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getLong(1)).isEqualTo(1 + 4 + 1 + 4);
                    assertThat(rs.getLong(2)).isEqualTo(4);
                }
            }
            c.setAutoCommit(false);
            try (PreparedStatement up = c.prepareStatement("UPDATE " + table + " SET k = k + 1 WHERE id = ?")) {
                up.setLong(1, 1);
                assertThat(up.executeUpdate()).isEqualTo(1);
            }
            c.rollback();
            try (PreparedStatement up = c.prepareStatement("UPDATE " + table + " SET c = ? WHERE id = ?")) {
                up.setString(1, "changed");
                up.setLong(2, 2);
                assertThat(up.executeUpdate()).isEqualTo(1);
                up.setString(1, "changed");
                assertThat(up.executeUpdate()).as("CLIENT_FOUND_ROWS: matched rows").isEqualTo(1);
            }
            c.commit();
            c.setAutoCommit(true);
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                    "SELECT k, c FROM " + table + " WHERE id IN (1, 2) ORDER BY id")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getInt(1)).isEqualTo(1);
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(2)).isEqualTo("changed");
            }
            try (PreparedStatement del = c.prepareStatement("DELETE FROM " + table + " WHERE k = ?")) {
                del.setInt(1, 0);
                assertThat(del.executeUpdate()).isEqualTo(10);
            }
            long prepares = status(c, "Com_stmt_prepare") - preparesBefore;
            if (options.isEmpty()) {
                assertThat(prepares).as("client-side prepared statements send text queries").isZero();
            } else {
                assertThat(prepares).as("server-side prepared statements").isGreaterThanOrEqualTo(5);
            }
        }
    }

    /** The points/range queries of TAF (Callaghan's), with 100 keys, over server-side prepared statements. */
    @Test
    void tafPointsAndRangeQueries() throws SQLException {
        try (Connection c = server.connect("app", "useServerPrepStmts=true"); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE sbtest9 (id INTEGER NOT NULL AUTO_INCREMENT, k INTEGER DEFAULT '0' NOT NULL,"
                    + " c CHAR(120) DEFAULT '' NOT NULL, pad CHAR(60) DEFAULT '' NOT NULL, PRIMARY KEY (id))");
            StringBuilder load = new StringBuilder("INSERT INTO sbtest9 (k, c, pad) VALUES ");
            for (int i = 1; i <= 2000; i++) {
                load.append(i == 1 ? "" : ",").append('(').append(i % 500).append(",'c").append(i).append("','p')");
            }
            s.execute(load.toString());
            s.execute("CREATE INDEX k_9 ON sbtest9(k)");
            String marks = String.join(", ", java.util.Collections.nCopies(100, "?"));
            String[] queries = {"SELECT id FROM sbtest9 WHERE id IN (" + marks + ")",
                "SELECT id, c FROM sbtest9 WHERE id IN (" + marks + ")",
                "SELECT k FROM sbtest9 WHERE k IN (" + marks + ")",
                "SELECT k, c FROM sbtest9 WHERE k IN (" + marks + ")"};
            for (String sql : queries) {
                try (PreparedStatement ps = c.prepareStatement(sql)) {
                    for (int i = 1; i <= 100; i++) {
                        ps.setInt(i, 20 * i); // ids 20..2000; as k values, 20..480 hit 4 rows each, 500.. none
                    }
                    int rows = 0;
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            rows++;
                            assertThat(rs.getInt(1) % 20).isZero();
                        }
                    }
                    assertThat(rows).as(sql).isEqualTo(sql.contains("WHERE id") ? 100 : 24 * 4);
                }
            }
            try (PreparedStatement ps = c.prepareStatement("SELECT id FROM sbtest9 WHERE id BETWEEN ? AND ?")) {
                ps.setInt(1, 1500);
                ps.setInt(2, 1600);
                try (ResultSet rs = ps.executeQuery()) {
                    long expected = 1500;
                    while (rs.next()) {
                        assertThat(rs.getLong(1)).isEqualTo(expected++);
                    }
                    assertThat(expected).isEqualTo(1601);
                }
            }
        }
    }

    @Test
    void batchesAndMultiStatements() throws SQLException {
        try (Connection c = server.connect("app", "allowMultiQueries=true&useServerPrepStmts=true");
             Statement s = c.createStatement()) {
            s.execute("CREATE TABLE batch (id INT PRIMARY KEY, v CHAR(10)); INSERT INTO batch VALUES (1, 'a');"
                    + " SELECT v FROM batch WHERE id = 1");
            assertThat(s.getUpdateCount()).isZero();
            assertThat(s.getMoreResults()).isFalse();
            assertThat(s.getUpdateCount()).isEqualTo(1);
            assertThat(s.getMoreResults()).isTrue();
            try (ResultSet rs = s.getResultSet()) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(1)).isEqualTo("a");
            }
            try (PreparedStatement ins = c.prepareStatement("INSERT INTO batch VALUES (?, ?)")) {
                for (int i = 2; i <= 100; i++) {
                    ins.setInt(1, i);
                    ins.setString(2, "v" + i);
                    ins.addBatch();
                }
                int[] counts = ins.executeBatch();
                assertThat(counts).hasSize(99);
            }
            try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM batch")) {
                rs.next();
                assertThat(rs.getInt(1)).isEqualTo(100);
            }
        }
    }

    @Test
    void aQueryLargerThan16MiBIsSplitAndJoined() throws SQLException {
        try (Connection c = server.connect("app", ""); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE big (id INT PRIMARY KEY, c VARCHAR(1000) NOT NULL)");
            StringBuilder sql = new StringBuilder("INSERT INTO big VALUES ");
            String value = "x".repeat(1000);
            int rows = 18_000; // about 18 MB of statement text
            for (int i = 1; i <= rows; i++) {
                sql.append(i == 1 ? "" : ",").append('(').append(i).append(",'").append(value).append("')");
            }
            assertThat(sql.length()).isGreaterThan(16 << 20);
            assertThat(s.executeUpdate(sql.toString())).isEqualTo(rows);
            try (ResultSet rs = s.executeQuery("SELECT id, c FROM big")) {
                int n = 0;
                while (rs.next()) {
                    n++;
                    assertThat(rs.getString(2)).hasSize(1000);
                }
                assertThat(n).isEqualTo(rows);
            }
            s.execute("DROP TABLE big");
        }
    }

    @Test
    void loginErrors() {
        assertThatThrownBy(() -> DriverManager.getConnection(server.url("app", ""), "root", "wrong"))
                .isInstanceOfSatisfying(SQLException.class, e -> {
                    assertThat(e.getErrorCode()).isEqualTo(1045);
                    assertThat(e.getMessage())
                            .contains("Access denied for user 'root'@'127.0.0.1' (using password: YES)");
                });
        assertThatThrownBy(() -> DriverManager.getConnection(server.url("app", ""), "nobody", ""))
                .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1045));
        assertThatThrownBy(() -> DriverManager.getConnection(server.url("nodb", ""), "root", ""))
                .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1049));
    }

    @Test
    void errorsKeepTheConnectionUsable() throws SQLException {
        try (Connection c = server.connect("app", "useServerPrepStmts=true"); Statement s = c.createStatement()) {
            List<Integer> codes = new ArrayList<>();
            for (String bad : List.of(
                    "SELEC 1", "SELECT * FROM nope", "SELECT a FROM t GROUP BY a HAVING a > 1", "SELECT @@nope")) {
                try {
                    s.executeQuery(bad);
                } catch (SQLException e) {
                    codes.add(e.getErrorCode());
                }
            }
            assertThat(codes).containsExactly(1064, 1146, 1235, 1193);
            assertThatThrownBy(() -> {
                        PreparedStatement ps = c.prepareStatement("SELECT x FROM nope WHERE id = ?");
                        ps.setInt(1, 1);
                        ps.executeQuery();
                    })
                    .isInstanceOfSatisfying(
                            SQLException.class,
                            e -> assertThat(e.getErrorCode()).as(e.toString()).isEqualTo(1146));
            try (ResultSet rs = s.executeQuery("SELECT 1")) {
                assertThat(rs.next()).isTrue();
            }
        }
    }
}

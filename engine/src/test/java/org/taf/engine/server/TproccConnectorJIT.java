package org.taf.engine.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.taf.engine.tpcc.TproccDriver;
import org.taf.engine.tpcc.TproccSchema;

/**
 * TPROC-C through MariaDB Connector/J 3.5, with client-side and with server-side prepared
 * statements (text and binary protocol): the new column types as JDBC sees them, and terminals
 * running the five transactions at once on two warehouses, retrying deadlocks (1213) and lock
 * wait timeouts (1205) as HammerDB does, after which the specification's consistency conditions
 * 1 to 4 hold.
 */
class TproccConnectorJIT {
    @TempDir
    static Path dir;
    static TestServer server;

    @BeforeAll
    static void start() throws SQLException {
        server = TestServer.start(dir, "innodb_lock_wait_timeout", "5");
        try (Connection c = server.connect("", ""); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE tpcc");
            s.execute("USE tpcc");
            for (String ddl : TproccSchema.createTables()) {
                s.execute(ddl);
            }
            for (String insert : TproccSchema.load(5)) {
                s.execute(insert);
            }
        }
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"useServerPrepStmts=false", "useServerPrepStmts=true"})
    void columnTypesAsJdbcSeesThem(String options) throws SQLException {
        try (Connection c = server.connect("tpcc", options)) {
            try (PreparedStatement p = c.prepareStatement("UPDATE customer SET c_since = ?, c_discount = ? WHERE "
                    + "c_w_id = ?"
                    + " AND c_d_id = ? AND c_id = ?")) {
                p.setTimestamp(1, Timestamp.valueOf(LocalDateTime.of(2025, 12, 31, 23, 58, 57)));
                p.setBigDecimal(2, new BigDecimal("0.4321"));
                p.setInt(3, 2);
                p.setInt(4, 3);
                p.setInt(5, 4);
                assertThat(p.executeUpdate()).isEqualTo(1);
            }
            try (PreparedStatement p = c.prepareStatement("SELECT c_since, c_discount, c_balance, c_last, c_id,"
                    + " SUM(c_balance) FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?")) {
                p.setInt(1, 2);
                p.setInt(2, 3);
                p.setInt(3, 4);
                try (ResultSet rs = p.executeQuery()) {
                    ResultSetMetaData md = rs.getMetaData();
                    assertThat(md.getColumnType(1)).isEqualTo(Types.TIMESTAMP);
                    assertThat(md.getColumnType(2)).isEqualTo(Types.DECIMAL);
                    assertThat(md.getScale(3)).isEqualTo(2);
                    assertThat(md.getColumnType(5)).isEqualTo(Types.INTEGER);
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getTimestamp(1))
                            .isEqualTo(Timestamp.valueOf(LocalDateTime.of(2025, 12, 31, 23, 58, 57)));
                    assertThat(rs.getString(1)).isEqualTo("2025-12-31 23:58:57");
                    assertThat(rs.getBigDecimal(2)).isEqualTo(new BigDecimal("0.4321"));
                    assertThat(rs.getString(3)).matches("-?[0-9]+\\.[0-9]{2}").isEqualTo(rs.getString(6));
                    assertThat(rs.getInt(5)).isEqualTo(4);
                }
            }
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT NOW(), CURRENT_TIMESTAMP,"
                    + " STR_TO_DATE('20240229','%Y%m%d'), IF(1 > 2, 'a', 'b')")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getTimestamp(1).toLocalDateTime()).isCloseTo(LocalDateTime.now(),
                        org.assertj.core.api.Assertions.within(1, java.time.temporal.ChronoUnit.MINUTES));
                assertThat(rs.getString(3)).isEqualTo("2024-02-29");
                assertThat(rs.getString(4)).isEqualTo("b");
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"useServerPrepStmts=false", "useServerPrepStmts=true"})
    void terminalsAtOnceKeepTheConsistencyConditions(String options) throws Exception {
        int terminals = 4;
        AtomicInteger retried = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(terminals);
        try {
            List<Future<Integer>> done = new ArrayList<>();
            for (int i = 0; i < terminals; i++) {
                int terminal = i;
                done.add(pool.submit(() -> {
                    try (Connection c = server.connect("tpcc", options)) {
                        TproccDriver t = new TproccDriver(c, 100 + terminal, 1 + terminal % TproccSchema.WAREHOUSES);
                        int committed = 0;
                        for (int n = 0; n < 40; n++) {
                            try {
                                t.mix(1);
                                committed++;
                            } catch (SQLException e) {
                                if (e.getErrorCode() != 1213 && e.getErrorCode() != 1205) {
                                    throw e;
                                }
                                c.rollback(); // HammerDB reports the error and goes on with the next transaction
                                retried.incrementAndGet();
                            }
                        }
                        return committed;
                    }
                }));
            }
            int committed = 0;
            for (Future<Integer> f : done) {
                committed += f.get(5, TimeUnit.MINUTES);
            }
            assertThat(committed).isGreaterThan(terminals * 30);
        } finally {
            pool.shutdownNow();
        }
        try (Connection c = server.connect("tpcc", options)) {
            assertConsistency(c);
        }
    }

    /** Consistency conditions 1 to 4 of the TPC-C specification (clause 3.3.2), per warehouse and district. */
    static void assertConsistency(Connection c) throws SQLException {
        for (int w = 1; w <= TproccSchema.WAREHOUSES; w++) {
            assertThat(value(c, "SELECT w_ytd FROM warehouse WHERE w_id = ?", w)).as("condition 1, warehouse %d", w)
                    .isEqualTo(value(c, "SELECT SUM(d_ytd) FROM district WHERE d_w_id = ?", w));
            for (int d = 1; d <= TproccSchema.DISTRICTS; d++) {
                String next = value(c, "SELECT d_next_o_id - 1 FROM district WHERE d_w_id = ? AND d_id = ?", w, d);
                assertThat(value(c, "SELECT MAX(o_id) FROM orders WHERE o_w_id = ? AND o_d_id = ?", w, d))
                        .as("condition 2, district %d/%d", w, d).isEqualTo(next);
                String maxNew = value(c, "SELECT MAX(no_o_id) FROM new_order WHERE no_w_id = ? AND no_d_id = ?", w, d);
                if (maxNew != null) {
                    assertThat(maxNew).as("condition 2 (new orders), district %d/%d", w, d).isEqualTo(next);
                }
                assertThat(value(c, "SELECT COUNT(*) - (MAX(no_o_id) - MIN(no_o_id) + 1) FROM new_order WHERE "
                        + "no_w_id = ?"
                        + " AND no_d_id = ? AND no_o_id > 0", w, d)).as("condition 3, district %d/%d", w, d)
                        .isIn("0", null);
                assertThat(value(c, "SELECT SUM(o_ol_cnt) FROM orders WHERE o_w_id = ? AND o_d_id = ?", w, d))
                        .as("condition 4, district %d/%d", w, d)
                        .isEqualTo(value(c, "SELECT COUNT(*) FROM order_line WHERE ol_w_id = ? AND ol_d_id = ?", w, d));
            }
        }
    }

    private static String value(Connection c, String sql, Object... params) throws SQLException {
        try (PreparedStatement p = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                p.setObject(i + 1, params[i]);
            }
            try (ResultSet rs = p.executeQuery()) {
                assertThat(rs.next()).isTrue();
                return rs.getString(1);
            }
        }
    }
}

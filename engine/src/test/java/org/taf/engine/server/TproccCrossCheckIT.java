package org.taf.engine.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.taf.engine.tpcc.TproccDriver;
import org.taf.engine.tpcc.TproccSchema;

/**
 * The engine against a real MariaDB 10.11 on the same TPROC-C data: HammerDB's schema and a small
 * data set loaded into both through Connector/J, then the same statements on both, compared row
 * by row: HammerDB's own text statements (its driver's no-stored-procedure forms, literal
 * values), and the five transactions run by the same seeded terminal with server-side and with
 * client-side prepared statements. After each step every table of both is dumped in key order and
 * compared. Both servers see the same statements in the same order, so their data stay equal.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class TproccCrossCheckIT {
    private static final long SEED = 33;
    @TempDir
    static Path dir;
    static TestServer engine;
    static MariaDb mariadb;

    @BeforeAll
    static void start() throws Exception {
        engine = TestServer.start(Files.createDirectories(dir.resolve("engine")));
        mariadb = MariaDb.start(Files.createDirectories(dir.resolve("mariadb")));
        for (Connection c : List.of(engine.connect("", ""), mariadb.connect("", ""))) {
            try (c; Statement s = c.createStatement()) {
                s.execute("CREATE DATABASE IF NOT EXISTS `tpcc` CHARACTER SET latin1 COLLATE latin1_swedish_ci");
                s.execute("USE tpcc");
                for (String ddl : TproccSchema.createTables()) {
                    s.execute(ddl);
                }
                c.setAutoCommit(false);
                for (String insert : TproccSchema.load(SEED)) {
                    s.execute(insert);
                }
                c.commit();
            }
        }
    }

    @AfterAll
    static void stop() throws Exception {
        if (engine != null) {
            engine.close();
        }
        if (mariadb != null) {
            mariadb.close();
        }
    }

    @Test
    @Order(1)
    void theLoadedTablesAreEqual() throws SQLException {
        assertSameTables();
    }

    /** HammerDB's statements as its MariaDB driver sends them without stored procedures: literal values. */
    @Test
    @Order(2)
    void hammerdbsTextStatementsGiveTheSameResults() throws SQLException {
        String name = TproccSchema.lastName(4);
        List<String> statements = List.of(
                "select max(w_id) from warehouse",
                "select max(d_id) from district",
                "SELECT c_discount, c_last, c_credit, w_tax FROM customer, warehouse WHERE warehouse.w_id = 1 AND"
                        + " customer.c_w_id = 1 AND customer.c_d_id = 2 AND customer.c_id = 7",
                "start transaction",
                "SELECT d_next_o_id, d_tax FROM district WHERE d_id = 2 AND d_w_id = 1 FOR UPDATE",
                "UPDATE district SET d_next_o_id = d_next_o_id + 1 WHERE d_id = 2 AND d_w_id = 1",
                "SELECT i_price, i_name, i_data FROM item WHERE i_id = 17",
                "SELECT s_quantity, s_data, s_dist_01, s_dist_02, s_dist_03, s_dist_04, s_dist_05, s_dist_06, "
                        + "s_dist_07,"
                        + " s_dist_08, s_dist_09, s_dist_10 FROM stock WHERE s_i_id = 17 AND s_w_id = 1",
                "UPDATE stock SET s_quantity = 33, s_ytd = s_ytd + 4, s_order_cnt = s_order_cnt + 1, s_remote_cnt ="
                        + " s_remote_cnt + IF(2 != 1,1,0) WHERE s_i_id = 17 AND s_w_id = 1",
                "INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity,"
                        + " ol_amount, ol_dist_info) VALUES (31, 2, 1, 1, 17, 1, 4, 251.41999999999996,"
                        + " 'abcdefghijklmnopqrstuvwx')",
                "INSERT INTO orders (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_ol_cnt, o_all_local) VALUES (31, "
                        + "2, 1, 7,"
                        + " 20240301101112, 1, 1)",
                "INSERT INTO new_order (no_o_id, no_d_id, no_w_id) VALUES (31, 2, 1)",
                "commit",
                "start transaction",
                "UPDATE warehouse SET w_ytd = w_ytd + 2417 WHERE w_id = 2",
                "UPDATE district SET d_ytd = d_ytd + 2417 WHERE d_w_id = 2 AND d_id = 3",
                "SELECT count(c_id) FROM customer WHERE c_last = '" + name + "' AND c_d_id = 3 AND c_w_id = 2",
                "SELECT c_first, c_middle, c_id, c_street_1, c_street_2, c_city, c_state, c_zip, c_phone, c_credit,"
                        + " c_credit_lim, c_discount, c_balance, c_since FROM customer WHERE c_w_id = 2 AND c_d_id = 3"
                        + " AND c_last = '" + name + "' ORDER BY c_first",
                "UPDATE customer SET c_balance = -2427.0, c_ytd_payment = c_ytd_payment + 2417, c_payment_cnt ="
                        + " c_payment_cnt + 1 WHERE c_w_id = 2 AND c_d_id = 3 AND c_id = 5",
                "INSERT INTO history (h_c_d_id, h_c_w_id, h_c_id, h_d_id, h_w_id, h_date, h_amount, h_data) VALUES"
                        + " (3, 2, 5, 3, 2, 20240301101113, 2417, 'wname dname')",
                "commit",
                "SELECT o_id, o_carrier_id, o_entry_d FROM orders WHERE o_d_id = 2 AND o_w_id = 1 AND o_c_id = 7"
                        + " ORDER BY o_id DESC LIMIT 1",
                "SELECT ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_delivery_d FROM order_line WHERE"
                        + " ol_o_id = 31 AND ol_d_id = 2 AND ol_w_id = 1",
                "SELECT no_o_id FROM new_order WHERE no_w_id = 1 AND no_d_id = 3 LIMIT 1",
                "DELETE FROM new_order WHERE no_w_id = 1 AND no_d_id = 3 AND no_o_id = 21",
                "SELECT o_c_id FROM orders WHERE o_id = 21 AND o_d_id = 3 AND o_w_id = 1",
                "UPDATE orders SET o_carrier_id = 5 WHERE o_id = 21 AND o_d_id = 3 AND o_w_id = 1",
                "UPDATE order_line SET ol_delivery_d = str_to_date(20240301101114,'%Y%m%d%H%i%s') WHERE ol_o_id = 21"
                        + " AND ol_d_id = 3 AND ol_w_id = 1",
                "SELECT SUM(ol_amount) FROM order_line WHERE ol_o_id = 21 AND ol_d_id = 3 AND ol_w_id = 1",
                "commit",
                "SELECT d_next_o_id FROM district WHERE d_w_id=1 AND d_id=2",
                "SELECT COUNT(DISTINCT (s_i_id)) FROM order_line, stock WHERE ol_w_id = 1 AND ol_d_id = 2 AND"
                        + " (ol_o_id < 32) AND ol_o_id >= (32 - 20) AND s_w_id = 1 AND s_i_id = ol_i_id AND "
                        + "s_quantity < 60",
                "SELECT SUM(d_ytd), MIN(d_tax), MAX(d_next_o_id), COUNT(*), AVG(d_tax) FROM district WHERE d_w_id = 2",
                "SELECT MAX(no_o_id) - MIN(no_o_id) + 1, COUNT(*) FROM new_order WHERE no_w_id = 1 AND no_d_id = 1",
                "SELECT d_w_id, SUM(d_ytd), COUNT(*) FROM district GROUP BY d_w_id",
                "SELECT o_w_id, o_d_id, MAX(o_id), SUM(o_ol_cnt) FROM orders GROUP BY o_w_id, o_d_id",
                "SELECT ol_w_id, ol_d_id, COUNT(*), SUM(ol_amount) FROM order_line GROUP BY ol_w_id, ol_d_id",
                "SELECT no_w_id, no_d_id, COUNT(*), MIN(no_o_id), MAX(no_o_id) FROM new_order GROUP BY no_w_id, no_d_id"
                        + " ORDER BY no_w_id DESC, no_d_id DESC",
                "SELECT c_balance + 10, c_balance * 2, c_discount * 100, -c_balance FROM customer WHERE c_w_id = 1 AND"
                        + " c_d_id = 1 AND c_id BETWEEN 3 AND 5 ORDER BY c_id DESC");
        List<String> onEngine = run(engine.connect("tpcc", ""), statements);
        List<String> onMariadb = run(mariadb.connect("tpcc", ""), statements);
        assertSameLines(onEngine, onMariadb);
        assertSameTables();
    }

    /** The five transactions, the same seeded terminal on both servers; then the tables. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"useServerPrepStmts=true", "useServerPrepStmts=false"})
    @Order(3)
    void theFiveTransactionsGiveTheSameResults(String options) throws SQLException {
        List<String> onEngine;
        List<String> onMariadb;
        try (Connection c = engine.connect("tpcc", options)) {
            TproccDriver t = new TproccDriver(c, SEED, 1);
            t.mix(60);
            onEngine = t.transcript();
        }
        try (Connection c = mariadb.connect("tpcc", options)) {
            TproccDriver t = new TproccDriver(c, SEED, 1);
            t.mix(60);
            onMariadb = t.transcript();
        }
        assertThat(onEngine).as("statements").hasSizeGreaterThan(300).contains("ROLLBACK");
        assertSameLines(onEngine, onMariadb);
        assertSameTables();
    }

    private static List<String> run(Connection c, List<String> statements) throws SQLException {
        List<String> out = new ArrayList<>();
        try (c; Statement s = c.createStatement()) {
            for (String sql : statements) {
                if (s.execute(sql)) {
                    try (ResultSet rs = s.getResultSet()) {
                        out.add(sql + " -> " + rows(rs));
                    }
                } else {
                    out.add(sql + " -> " + s.getUpdateCount());
                }
            }
        }
        return out;
    }

    private static List<List<String>> rows(ResultSet rs) throws SQLException {
        List<List<String>> rows = new ArrayList<>();
        int n = rs.getMetaData().getColumnCount();
        while (rs.next()) {
            List<String> row = new ArrayList<>(n);
            for (int i = 1; i <= n; i++) {
                row.add(rs.getString(i));
            }
            rows.add(row);
        }
        return rows;
    }

    private static void assertSameLines(List<String> onEngine, List<String> onMariadb) {
        for (int i = 0; i < Math.min(onEngine.size(), onMariadb.size()); i++) {
            assertThat(onEngine.get(i)).as("statement %d (engine, then MariaDB)", i + 1).isEqualTo(onMariadb.get(i));
        }
        assertThat(onEngine).hasSameSizeAs(onMariadb);
    }

    private static void assertSameTables() throws SQLException {
        try (Connection e = engine.connect("tpcc", ""); Connection m = mariadb.connect("tpcc", "");
             Statement se = e.createStatement(); Statement sm = m.createStatement()) {
            for (String[] t : TproccSchema.TABLES) {
                String sql = "SELECT * FROM " + t[0] + " ORDER BY " + t[1];
                List<List<String>> fromEngine;
                List<List<String>> fromMariadb;
                try (ResultSet rs = se.executeQuery(sql)) {
                    fromEngine = rows(rs);
                }
                try (ResultSet rs = sm.executeQuery(sql)) {
                    fromMariadb = rows(rs);
                }
                assertThat(fromEngine).as(t[0] + " rows").hasSameSizeAs(fromMariadb);
                for (int i = 0; i < fromEngine.size(); i++) {
                    assertThat(fromEngine.get(i)).as("%s row %d (engine, then MariaDB)", t[0], i + 1)
                            .isEqualTo(fromMariadb.get(i));
                }
            }
        }
    }
}

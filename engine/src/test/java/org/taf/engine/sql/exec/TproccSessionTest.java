package org.taf.engine.sql.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.engine.api.Engine;
import org.taf.engine.config.EngineConfig;
import org.taf.engine.db.StorageEngine;
import org.taf.engine.sql.SqlException;
import org.taf.engine.sql.ast.Statement;
import org.taf.engine.sql.parse.Parser;
import org.taf.engine.tpcc.TproccSchema;

/**
 * The executor on HammerDB's TPROC-C schema and statements, in the text forms its MariaDB driver
 * sends without stored procedures (literal values), and prepared with parameters: each statement
 * form's result on a known data set, and the access path it takes (rows read).
 */
class TproccSessionTest {
    @TempDir
    Path dir;
    Engine engine;
    Session session;

    @BeforeEach
    void load() {
        engine = StorageEngine.open(EngineConfig.defaults().with("datadir", dir.toString())
                .with("innodb_buffer_pool_size", "8M"));
        session = new Session(engine, new SessionContext(1, "root", "127.0.0.1", () -> Map.of()));
        run("CREATE DATABASE IF NOT EXISTS `tpcc` CHARACTER SET latin1 COLLATE latin1_swedish_ci");
        run("USE tpcc");
        TproccSchema.createTables().forEach(this::run);
        TproccSchema.load(7).forEach(this::run);
        run("ANALYZE TABLE customer, district, history, item, new_order, orders, order_line, stock, warehouse");
    }

    @AfterEach
    void close() {
        session.close();
        engine.close();
    }

    private CollectingSink run(String sql) {
        CollectingSink sink = new CollectingSink();
        for (Statement st : Parser.parse(sql).statements()) {
            session.execute(st, sink);
        }
        return sink;
    }

    private List<List<Object>> rows(String sql) {
        return run(sql).rows;
    }

    private Object one(String sql) {
        List<List<Object>> r = rows(sql);
        assertThat(r).as(sql).hasSize(1);
        return r.get(0).get(0);
    }

    private CollectingSink exec(String sql, Object... params) {
        PreparedQuery q = session.prepare(sql);
        CollectingSink sink = new CollectingSink();
        session.execute(q, params, sink);
        return sink;
    }

    private long rowsRead() {
        return engine.status().get("Innodb_rows_read");
    }

    @Test
    void loadHasTheShapesOfTheSpecification() {
        int districts = TproccSchema.WAREHOUSES * TproccSchema.DISTRICTS;
        assertThat(one("select count(*) from warehouse")).isEqualTo(2L);
        assertThat(one("select count(*) from district")).isEqualTo((long) districts);
        assertThat(one("select count(*) from customer")).isEqualTo((long) districts * TproccSchema.CUSTOMERS);
        assertThat(one("select count(*) from history")).isEqualTo((long) districts * TproccSchema.CUSTOMERS);
        assertThat(one("select count(*) from new_order")).isEqualTo((long) districts * 10);
        assertThat(one("select count(*) from stock")).isEqualTo(2L * TproccSchema.ITEMS);
        assertThat(one("select max(w_id) from warehouse")).isEqualTo(2L);
        assertThat(one("select max(d_id) from district")).isEqualTo(3L);
        assertThat(rows("SELECT w_ytd, w_tax FROM warehouse WHERE w_id = 1").get(0).get(0))
                .isEqualTo(new BigDecimal("90000.00"));
        assertThat(rows("SELECT c_since, c_balance, c_credit_lim FROM customer WHERE c_w_id = 1 AND c_d_id = 1"
                + " AND c_id = 1")).containsExactly(List.of("2024-01-31 23:59:59", new BigDecimal("-10.00"),
                new BigDecimal("50000.00")));
        // Condition 4 of the specification's consistency checks: order lines = sum of o_ol_cnt.
        assertThat(one("SELECT SUM(o_ol_cnt) FROM orders WHERE o_w_id = 2 AND o_d_id = 3"))
                .isEqualTo(new BigDecimal((Long) one("SELECT COUNT(*) FROM order_line WHERE ol_w_id = 2 AND "
                        + "ol_d_id = 3")));
    }

    @Test
    void newOrderAsHammerdbSendsIt() {
        List<Object> cw = rows("SELECT c_discount, c_last, c_credit, w_tax FROM customer, warehouse WHERE "
                + "warehouse.w_id"
                + " = 1 AND customer.c_w_id = 1 AND customer.c_d_id = 2 AND customer.c_id = 7").get(0);
        assertThat(cw.get(1)).isEqualTo(TproccSchema.lastName(6));
        assertThat(cw.get(3)).isEqualTo(one("SELECT w_tax FROM warehouse WHERE w_id = 1"));
        run("set autocommit=0");
        run("start transaction");
        long before = rowsRead();
        assertThat(rows("SELECT d_next_o_id, d_tax FROM district WHERE d_id = 2 AND d_w_id = 1 FOR UPDATE"))
                .hasSize(1).first().extracting(r -> r.get(0)).isEqualTo(31L);
        assertThat(rowsRead() - before).as("a primary-key lookup").isEqualTo(1);
        assertThat(run("UPDATE district SET d_next_o_id = d_next_o_id + 1 WHERE d_id = 2 AND d_w_id = 1").affected)
                .isEqualTo(1);
        assertThat(rows("SELECT i_price, i_name, i_data FROM item WHERE i_id = 55")).hasSize(1);
        assertThat(rows("SELECT s_quantity, s_data, s_dist_01, s_dist_02, s_dist_03, s_dist_04, s_dist_05, s_dist_06,"
                + " s_dist_07, s_dist_08, s_dist_09, s_dist_10 FROM stock WHERE s_i_id = 55 AND s_w_id = "
                + "1")).hasSize(1);
        run("UPDATE stock SET s_quantity = 40, s_ytd = s_ytd + 5, s_order_cnt = s_order_cnt + 1, s_remote_cnt ="
                + " s_remote_cnt + IF(2 != 1,1,0) WHERE s_i_id = 55 AND s_w_id = 1");
        assertThat(rows("SELECT s_quantity, s_ytd, s_order_cnt, s_remote_cnt FROM stock WHERE s_i_id = 55 AND "
                + "s_w_id = 1"))
                .containsExactly(List.of(40L, 5L, 1L, 1L));
        run("INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity,"
                + " ol_amount, ol_dist_info) VALUES (31, 2, 1, 1, 55, 1, 5, 123.5678, 'abcdefghijklmnopqrstuvwx'),"
                + " (31, 2, 1, 2, 56, 1, 3, 9.49, 'abcdefghijklmnopqrstuvwx')");
        run("INSERT INTO orders (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_ol_cnt, o_all_local) VALUES (31, 2, 1, 7,"
                + " 20240201101010, 2, 1)");
        run("INSERT INTO new_order (no_o_id, no_d_id, no_w_id) VALUES (31, 2, 1)");
        run("COMMIT");
        assertThat(rows("SELECT o_c_id, o_entry_d, o_carrier_id FROM orders WHERE o_w_id = 1 AND o_d_id = 2 AND "
                + "o_id = 31"))
                .containsExactly(java.util.Arrays.asList(7L, "2024-02-01 10:10:10", null));
        assertThat(rows("SELECT ol_amount FROM order_line WHERE ol_w_id = 1 AND ol_d_id = 2 AND ol_o_id = 31"))
                .as("ol_amount is an INT: the amount rounds").containsExactly(List.of(124L), List.of(9L));

        // The 1% that order an unused item: the item is not found and the client rolls back.
        run("start transaction");
        run("UPDATE district SET d_next_o_id = d_next_o_id + 1 WHERE d_id = 2 AND d_w_id = 1");
        run("INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity,"
                + " ol_amount, ol_dist_info) VALUES (32, 2, 1, 1, 9, 1, 5, 1, 'x')");
        assertThat(rows("SELECT i_price, i_name, i_data FROM item WHERE i_id = 100001")).isEmpty();
        run("ROLLBACK");
        assertThat(one("SELECT d_next_o_id FROM district WHERE d_w_id = 1 AND d_id = 2")).isEqualTo(32L);
        assertThat(one("SELECT COUNT(*) FROM order_line WHERE ol_w_id = 1 AND ol_d_id = 2 AND ol_o_id = "
                + "32")).isEqualTo(0L);
    }

    @Test
    void paymentByNameReadsTheNameIndexInFirstNameOrder() {
        run("set autocommit=0");
        run("start transaction");
        run("UPDATE warehouse SET w_ytd = w_ytd + 1234.5 WHERE w_id = 1");
        assertThat(one("SELECT w_ytd FROM warehouse WHERE w_id = 1")).isEqualTo(new BigDecimal("91234.50"));
        run("UPDATE district SET d_ytd = d_ytd + 1234.5 WHERE d_w_id = 1 AND d_id = 2");
        assertThat(rows("SELECT d_street_1, d_street_2, d_city, d_state, d_zip, d_name FROM district WHERE d_w_id = 1"
                + " AND d_id = 2")).hasSize(1);
        String name = TproccSchema.lastName(3);
        long count = (Long) one("SELECT count(c_id) FROM customer WHERE c_last = '" + name + "' AND c_d_id = 2 AND "
                + "c_w_id = 1");
        long before = rowsRead();
        List<List<Object>> byName = rows("SELECT c_first, c_middle, c_id, c_street_1, c_street_2, c_city, c_state, "
                + "c_zip,"
                + " c_phone, c_credit, c_credit_lim, c_discount, c_balance, c_since FROM customer WHERE c_w_id = 1 AND"
                + " c_d_id = 2 AND c_last = '" + name + "' ORDER BY c_first");
        assertThat(rowsRead() - before).as("only the customers with that name").isEqualTo(count);
        assertThat(byName).hasSize((int) count).isNotEmpty();
        List<String> firsts = byName.stream().map(r -> (String) r.get(0)).toList();
        // c_first is VARCHAR BINARY: upper case sorts before lower case, as bytes do.
        assertThat(firsts).isSortedAccordingTo(String::compareTo);
        long id = (Long) byName.get((int) (count / 2)).get(2);
        run("UPDATE customer SET c_balance = c_balance - 1234.5, c_ytd_payment = c_ytd_payment + 1234.5, "
                + "c_payment_cnt ="
                + " c_payment_cnt + 1 WHERE c_w_id = 1 AND c_d_id = 2 AND c_id = " + id);
        // A bad-credit customer's data gets the payment in front (the client builds the text).
        run("UPDATE customer SET c_data = CONCAT('p_c_id " + id + " h_amount 1234.50 ', c_data) WHERE c_w_id = 1 AND"
                + " c_d_id = 2 AND c_id = " + id + " AND c_credit = 'BC'");
        run("INSERT INTO history (h_c_d_id, h_c_w_id, h_c_id, h_d_id, h_w_id, h_date, h_amount, h_data) VALUES (2, 1, "
                + id + ", 2, 1, 20240202101010, 1234.5, 'wname dname')");
        run("COMMIT");
        assertThat(rows("SELECT c_balance, c_ytd_payment, c_payment_cnt FROM customer WHERE c_w_id = 1 AND c_d_id = 2"
                + " AND c_id = " + id))
                .containsExactly(List.of(new BigDecimal("-1244.50"), new BigDecimal("1244.50"), 2L));
        assertThat(rows("SELECT h_date, h_amount, h_data FROM history WHERE h_c_id = " + id + " AND h_c_d_id = 2 AND"
                + " h_c_w_id = 1 AND h_amount > 100")).containsExactly(List.of("2024-02-02 10:10:10",
                new BigDecimal("1234.50"), "wname dname"));
        assertThat(run("SELECT * FROM history LIMIT 1").names()).as("the hidden key stays hidden")
                .containsExactly("h_c_id", "h_c_d_id", "h_c_w_id", "h_d_id", "h_w_id", "h_date", "h_amount", "h_data");
    }

    @Test
    void orderStatusReadsTheCustomersNewestOrderFromTheIndexBackwards() {
        long customer = (Long) one("SELECT o_c_id FROM orders WHERE o_w_id = 1 AND o_d_id = 1 AND o_id = 25");
        List<List<Object>> all = rows("SELECT o_id FROM orders WHERE o_w_id = 1 AND o_d_id = 1 AND o_c_id "
                + "= " + customer);
        long newest = all.stream().mapToLong(r -> (Long) r.get(0)).max().orElseThrow();
        long before = rowsRead();
        List<List<Object>> latest = rows("SELECT o_id, o_carrier_id, o_entry_d FROM orders WHERE o_d_id = 1 AND "
                + "o_w_id = 1"
                + " AND o_c_id = " + customer + " ORDER BY o_id DESC LIMIT 1");
        assertThat(rowsRead() - before).as("LIMIT 1 stops the backward index scan at once").isEqualTo(1);
        assertThat(latest).hasSize(1);
        assertThat(latest.get(0).get(0)).isEqualTo(newest);
        List<List<Object>> lines = rows("SELECT ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_delivery_d FROM"
                + " order_line WHERE ol_o_id = " + newest + " AND ol_d_id = 1 AND ol_w_id = 1");
        assertThat(lines.size()).isBetween(5, 15);
        assertThat(one("SELECT o_ol_cnt FROM orders WHERE o_w_id = 1 AND o_d_id = 1 AND o_id = " + newest))
                .isEqualTo((long) lines.size());
    }

    @Test
    void deliveryTakesTheOldestNewOrderDeletesItAndTotalsItsLines() {
        run("start transaction");
        assertThat(one("SELECT no_o_id FROM new_order WHERE no_w_id = 2 AND no_d_id = 3 LIMIT 1")).isEqualTo(21L);
        assertThat(one("SELECT no_o_id FROM new_order WHERE no_w_id = 2 AND no_d_id = 3 ORDER BY no_o_id ASC LIMIT 1"))
                .isEqualTo(21L);
        assertThat(run("DELETE FROM new_order WHERE no_w_id = 2 AND no_d_id = 3 AND no_o_id = "
                + "21").affected).isEqualTo(1);
        long c = (Long) one("SELECT o_c_id FROM orders WHERE o_id = 21 AND o_d_id = 3 AND o_w_id = 2");
        run("UPDATE orders SET o_carrier_id = 4 WHERE o_id = 21 AND o_d_id = 3 AND o_w_id = 2");
        long lines = run("UPDATE order_line SET ol_delivery_d = str_to_date(20240203040506,'%Y%m%d%H%i%s') WHERE"
                + " ol_o_id = 21 AND ol_d_id = 3 AND ol_w_id = 2").affected;
        run("UPDATE order_line SET ol_amount = ol_number * 10 WHERE ol_o_id = 21 AND ol_d_id = 3 AND ol_w_id = 2");
        BigDecimal total = (BigDecimal) one("SELECT SUM(ol_amount) FROM order_line WHERE ol_o_id = 21 AND ol_d_id = 3"
                + " AND ol_w_id = 2");
        assertThat(total).isEqualTo(BigDecimal.valueOf(10 * lines * (lines + 1) / 2));
        run("UPDATE customer SET c_balance = c_balance + " + total + ", c_delivery_cnt = c_delivery_cnt + 1 WHERE "
                + "c_id = "
                + c + " AND c_d_id = 3 AND c_w_id = 2");
        run("COMMIT");
        assertThat(one("SELECT no_o_id FROM new_order WHERE no_w_id = 2 AND no_d_id = 3 LIMIT 1")).isEqualTo(22L);
        assertThat(rows("SELECT DISTINCT ol_delivery_d FROM order_line WHERE ol_o_id = 21 AND ol_d_id = 3 AND "
                + "ol_w_id = 2"))
                .containsExactly(List.of("2024-02-03 04:05:06"));
        // Range deletes by key: what a cleanup or a batched delivery sends.
        assertThat(run("DELETE FROM new_order WHERE no_w_id = 2 AND no_d_id = 3 AND no_o_id < "
                + "25").affected).isEqualTo(3);
        assertThat(run("DELETE FROM new_order WHERE no_w_id = 2 AND no_d_id = 3 ORDER BY no_o_id LIMIT 2").affected)
                .isEqualTo(2);
        assertThat(one("SELECT MIN(no_o_id) FROM new_order WHERE no_w_id = 2 AND no_d_id = 3")).isEqualTo(27L);
    }

    @Test
    void stockLevelJoinCountsWhatTwoSingleTableQueriesCount() {
        long next = (Long) one("SELECT d_next_o_id FROM district WHERE d_w_id=1 AND d_id=2");
        long threshold = 50;
        java.util.Set<Long> expected = new java.util.TreeSet<>();
        for (List<Object> r : rows("SELECT ol_i_id FROM order_line WHERE ol_w_id = 1 AND ol_d_id = 2 AND ol_o_id "
                + "< " + next
                + " AND ol_o_id >= " + (next - 20))) {
            if ((Long) one("SELECT s_quantity FROM stock WHERE s_w_id = 1 AND s_i_id = " + r.get(0)) < threshold) {
                expected.add((Long) r.get(0));
            }
        }
        assertThat(expected).isNotEmpty();
        long lines = (Long) one("SELECT COUNT(*) FROM order_line WHERE ol_w_id = 1 AND ol_d_id = 2 AND ol_o_id "
                + "< " + next
                + " AND ol_o_id >= " + (next - 20));
        long before = rowsRead();
        Object count = one("SELECT COUNT(DISTINCT (s_i_id)) FROM order_line, stock WHERE ol_w_id = 1 AND ol_d_id = "
                + "2 AND"
                + " (ol_o_id < " + next + ") AND ol_o_id >= (" + next + " - 20) AND s_w_id = 1 AND s_i_id = ol_i_id AND"
                + " s_quantity < " + threshold);
        assertThat(count).isEqualTo((long) expected.size());
        assertThat(rowsRead() - before).as("the line range, then one stock lookup per line").isEqualTo(2 * lines);
        assertThat(exec("SELECT COUNT(DISTINCT s_i_id) FROM order_line JOIN stock ON s_i_id = ol_i_id AND s_w_id ="
                + " ol_w_id WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id < ? AND ol_o_id >= ? AND s_quantity < ?",
                1L, 2L, next, next - 20, threshold).rows).containsExactly(List.of((long) expected.size()));
    }

    @Test
    void preparedFormsTakeParametersOfEveryType() {
        assertThat(exec("SELECT c_discount, c_last, c_credit, w_tax FROM customer, warehouse WHERE warehouse.w_id = ?"
                + " AND customer.c_w_id = ? AND customer.c_d_id = ? AND customer.c_id = ?", 2L, 2L, 1L, 3L).rows)
                .hasSize(1);
        assertThat(exec("UPDATE customer SET c_balance = c_balance + ?, c_since = ? WHERE c_w_id = ? AND c_d_id = ? AND"
                + " c_id = ?", new BigDecimal("0.5"), "2025-06-07 08:09:10", 2L, 1L, 3L).affected).isEqualTo(1);
        assertThat(exec("SELECT c_balance, c_since FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?", 2L, 1L,
                3L).rows).containsExactly(List.of(new BigDecimal("-9.50"), "2025-06-07 08:09:10"));
        assertThat(exec("SELECT c_id FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_last = ? ORDER BY c_first",
                2L, 1L, TproccSchema.lastName(0)).rows).isNotEmpty();
        assertThat(exec("SELECT no_o_id FROM new_order WHERE no_w_id = ? AND no_d_id = ? ORDER BY no_o_id DESC LIMIT ?",
                1L, 1L, 2L).rows).containsExactly(List.of(30L), List.of(29L));
        assertThat(exec("INSERT INTO history (h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, h_amount, h_data)"
                + " VALUES (?, ?, ?, ?, ?, NOW(), ?, ?), (?, ?, ?, ?, ?, NOW(), ?, ?)", 1L, 1L, 1L, 1L, 1L,
                new BigDecimal("5"), "a b", 2L, 1L, 1L, 1L, 1L, new BigDecimal("6.25"), "c d").affected).isEqualTo(2);
        assertThat(exec("SELECT SUM(h_amount) FROM history WHERE h_c_w_id = ? AND h_data IN (?, ?)", 1L, "a b", "c "
                + "d").rows)
                .containsExactly(List.of(new BigDecimal("11.25")));
    }

    @Test
    void hammerdbsConnectTimeStatements() {
        assertThat(rows("show variables like 'innodb_snapshot_isolation'")).containsExactly(
                List.of("innodb_snapshot_isolation", "OFF"));
        run("set session innodb_snapshot_isolation=0");
        run("SET FOREIGN_KEY_CHECKS = 0");
        run("set autocommit=0");
        assertThat(rows("select version()")).hasSize(1);
        assertThat(rows("SELECT d_w_id, SUM(d_ytd), COUNT(*) FROM district GROUP BY d_w_id")).containsExactly(
                List.of(1L, new BigDecimal("90000.00"), 3L), List.of(2L, new BigDecimal("90000.00"), 3L));
    }

    @Test
    void typeErrorsAreMariadbs() {
        assertError("INSERT INTO warehouse (w_id, w_tax) VALUES (9, 12.5)", 1264);
        assertError("INSERT INTO history (h_date) VALUES ('2024-13-01 00:00:00')", 1292);
        assertError("INSERT INTO history (h_amount) VALUES ('abc')", 1366);
        assertError("INSERT INTO district (d_id, d_w_id) VALUES (1, 1)", 1062);
        assertError("SELECT c_id FROM customer, warehouse WHERE w_id = c_w_id AND x = 1", 1054);
        assertError("SELECT w_id FROM warehouse, warehouse", 1066);
        assertError("SELECT c_id FROM customer, customer AS c2 WHERE c_id = 1", 1052);
        assertError("SELECT d_id FROM district, warehouse WHERE d_w_id = w_id FOR UPDATE", 1235);
    }

    private void assertError(String sql, int number) {
        assertThatThrownBy(() -> run(sql)).isInstanceOfSatisfying(SqlException.class,
                e -> assertThat(e.number()).as(sql + ": " + e.getMessage()).isEqualTo(number));
    }
}

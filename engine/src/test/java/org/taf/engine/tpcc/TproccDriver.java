package org.taf.engine.tpcc;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The five TPROC-C transactions over JDBC, with the statements HammerDB's MariaDB driver runs
 * (src/mariadb/mariaoltp.tcl: the stored procedures' statements, sent one by one as its
 * no-stored-procedure mode does), as prepared statements with parameters. A test terminal, not
 * the runner's workload: the choices come from a seeded {@link Random} over {@link TproccSchema}'s
 * small data set, timestamps are fixed (so two servers store the same), and every statement's
 * result is written to a transcript that two servers' runs can be compared by.
 */
public final class TproccDriver {
    static final String CUSTOMER_WAREHOUSE = "SELECT c_discount, c_last, c_credit, w_tax FROM customer, warehouse"
            + " WHERE warehouse.w_id = ? AND customer.c_w_id = ? AND customer.c_d_id = ? AND customer.c_id = ?";
    static final String DISTRICT_FOR_UPDATE = "SELECT d_next_o_id, d_tax FROM district WHERE d_id = ? AND d_w_id = ?"
            + " FOR UPDATE";
    static final String DISTRICT_NEXT = "UPDATE district SET d_next_o_id = d_next_o_id + 1 WHERE d_id = ? AND "
            + "d_w_id = ?";
    static final String ITEM = "SELECT i_price, i_name, i_data FROM item WHERE i_id = ?";
    static final String STOCK = "SELECT s_quantity, s_data, s_dist_01, s_dist_02, s_dist_03, s_dist_04, s_dist_05,"
            + " s_dist_06, s_dist_07, s_dist_08, s_dist_09, s_dist_10 FROM stock WHERE s_i_id = ? AND s_w_id = ?";
    static final String STOCK_UPDATE = "UPDATE stock SET s_quantity = ?, s_ytd = s_ytd + ?, s_order_cnt = "
            + "s_order_cnt + 1,"
            + " s_remote_cnt = s_remote_cnt + IF(? != ?, 1, 0) WHERE s_i_id = ? AND s_w_id = ?";
    static final String ORDER_LINES = "INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id,"
            + " ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES ";
    static final String ORDER = "INSERT INTO orders (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_ol_cnt, o_all_local)"
            + " VALUES (?, ?, ?, ?, ?, ?, ?)";
    static final String NEW_ORDER = "INSERT INTO new_order (no_o_id, no_d_id, no_w_id) VALUES (?, ?, ?)";
    static final String WAREHOUSE_YTD = "UPDATE warehouse SET w_ytd = w_ytd + ? WHERE w_id = ?";
    static final String WAREHOUSE = "SELECT w_street_1, w_street_2, w_city, w_state, w_zip, w_name FROM warehouse"
            + " WHERE w_id = ?";
    static final String DISTRICT_YTD = "UPDATE district SET d_ytd = d_ytd + ? WHERE d_w_id = ? AND d_id = ?";
    static final String DISTRICT = "SELECT d_street_1, d_street_2, d_city, d_state, d_zip, d_name FROM district"
            + " WHERE d_w_id = ? AND d_id = ?";
    static final String NAME_COUNT = "SELECT count(c_id) FROM customer WHERE c_last = ? AND c_d_id = ? AND c_w_id = ?";
    static final String BY_NAME = "SELECT c_first, c_middle, c_id, c_street_1, c_street_2, c_city, c_state, c_zip,"
            + " c_phone, c_credit, c_credit_lim, c_discount, c_balance, c_since FROM customer WHERE c_w_id = ? AND"
            + " c_d_id = ? AND c_last = ? ORDER BY c_first";
    static final String BY_ID = "SELECT c_first, c_middle, c_last, c_street_1, c_street_2, c_city, c_state, c_zip,"
            + " c_phone, c_credit, c_credit_lim, c_discount, c_balance, c_since FROM customer WHERE c_w_id = ? AND"
            + " c_d_id = ? AND c_id = ?";
    static final String C_DATA = "SELECT c_data FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?";
    static final String PAY_BC = "UPDATE customer SET c_balance = c_balance - ?, c_data = ?, c_ytd_payment ="
            + " c_ytd_payment + ?, c_payment_cnt = c_payment_cnt + 1 WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?";
    static final String PAY_GC = "UPDATE customer SET c_balance = c_balance - ?, c_ytd_payment = c_ytd_payment + ?,"
            + " c_payment_cnt = c_payment_cnt + 1 WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?";
    static final String HISTORY = "INSERT INTO history (h_c_d_id, h_c_w_id, h_c_id, h_d_id, h_w_id, h_date, h_amount,"
            + " h_data) VALUES (?, ?, ?, ?, ?, ?, ?, ?)";
    static final String STATUS_BY_NAME = "SELECT c_balance, c_first, c_middle, c_id FROM customer WHERE c_last = ? AND"
            + " c_d_id = ? AND c_w_id = ? ORDER BY c_first";
    static final String STATUS_BY_ID = "SELECT c_balance, c_first, c_middle, c_last FROM customer WHERE c_id = ? AND"
            + " c_d_id = ? AND c_w_id = ?";
    static final String LAST_ORDER = "SELECT o_id, o_carrier_id, o_entry_d FROM orders WHERE o_d_id = ? AND o_w_id = ?"
            + " AND o_c_id = ? ORDER BY o_id DESC LIMIT 1";
    static final String LINES = "SELECT ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_delivery_d FROM order_line"
            + " WHERE ol_o_id = ? AND ol_d_id = ? AND ol_w_id = ?";
    static final String OLDEST_NEW_ORDER = "SELECT no_o_id FROM new_order WHERE no_w_id = ? AND no_d_id = ?"
            + " ORDER BY no_o_id ASC LIMIT 1";
    static final String DELETE_NEW_ORDER = "DELETE FROM new_order WHERE no_w_id = ? AND no_d_id = ? AND no_o_id = ?";
    static final String ORDER_CUSTOMER = "SELECT o_c_id FROM orders WHERE o_id = ? AND o_d_id = ? AND o_w_id = ?";
    static final String CARRIER = "UPDATE orders SET o_carrier_id = ? WHERE o_id = ? AND o_d_id = ? AND o_w_id = ?";
    static final String DELIVERED = "UPDATE order_line SET ol_delivery_d = ? WHERE ol_o_id = ? AND ol_d_id = ? AND"
            + " ol_w_id = ?";
    static final String LINES_TOTAL = "SELECT SUM(ol_amount) FROM order_line WHERE ol_o_id = ? AND ol_d_id = ? AND"
            + " ol_w_id = ?";
    static final String DELIVER = "UPDATE customer SET c_balance = c_balance + ?, c_delivery_cnt = c_delivery_cnt + 1"
            + " WHERE c_id = ? AND c_d_id = ? AND c_w_id = ?";
    static final String NEXT_ORDER = "SELECT d_next_o_id FROM district WHERE d_w_id = ? AND d_id = ?";
    static final String STOCK_LEVEL = "SELECT COUNT(DISTINCT (s_i_id)) FROM order_line, stock WHERE ol_w_id = ? AND"
            + " ol_d_id = ? AND (ol_o_id < ?) AND ol_o_id >= (? - 20) AND s_w_id = ? AND s_i_id = ol_i_id AND"
            + " s_quantity < ?";

    private final Connection c;
    private final Random r;
    private final int home;
    private final Map<String, PreparedStatement> prepared = new HashMap<>();
    private final List<String> transcript = new ArrayList<>();
    private final StringBuilder line = new StringBuilder();
    private long clock;
    private int newOrders;

    /** A terminal homed on warehouse {@code home}; turns autocommit off, as HammerDB's does. */
    public TproccDriver(Connection c, long seed, int home) throws SQLException {
        this.c = c;
        this.r = new Random(seed);
        this.home = home;
        c.setAutoCommit(false);
    }

    /** One statement per line: its name, its parameters, then its rows or its update count. */
    public List<String> transcript() {
        return transcript;
    }

    /** {@code n} transactions in the standard mix (45/43/4/4/4). */
    public void mix(int n) throws SQLException {
        for (int i = 0; i < n; i++) {
            int x = r.nextInt(100);
            if (x < 45) {
                newOrder();
            } else if (x < 88) {
                payment();
            } else if (x < 92) {
                orderStatus();
            } else if (x < 96) {
                delivery();
            } else {
                stockLevel();
            }
        }
    }

    private Timestamp now() {
        return Timestamp.valueOf(LocalDateTime.of(2024, 3, 1, 0, 0).plusSeconds(clock++));
    }

    private PreparedStatement ps(String sql, Object... params) throws SQLException {
        PreparedStatement p = prepared.get(sql);
        if (p == null) {
            p = c.prepareStatement(sql);
            prepared.put(sql, p);
        }
        line.setLength(0);
        line.append(sql, 0, Math.min(sql.length(), 40));
        for (int i = 0; i < params.length; i++) {
            p.setObject(i + 1, params[i]);
            line.append(i == 0 ? " [" : ", ").append(params[i]);
        }
        line.append(params.length > 0 ? "]" : "");
        return p;
    }

    /** Runs a query; returns its rows as text, and writes them to the transcript. */
    List<List<String>> query(String sql, Object... params) throws SQLException {
        PreparedStatement p = ps(sql, params);
        List<List<String>> rows = new ArrayList<>();
        try (ResultSet rs = p.executeQuery()) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                List<String> row = new ArrayList<>(n);
                for (int i = 1; i <= n; i++) {
                    row.add(rs.getString(i));
                }
                rows.add(row);
            }
        }
        transcript.add(line + " -> " + rows);
        return rows;
    }

    int update(String sql, Object... params) throws SQLException {
        int n = ps(sql, params).executeUpdate();
        transcript.add(line + " -> " + n);
        return n;
    }

    private void end(boolean commit) throws SQLException {
        if (commit) {
            c.commit();
        } else {
            c.rollback();
        }
        transcript.add(commit ? "COMMIT" : "ROLLBACK");
    }

    private int district() {
        return 1 + r.nextInt(TproccSchema.DISTRICTS);
    }

    /** New-order; every tenth (the specification's 1%, raised to be seen in short runs) orders an unused item. */
    public void newOrder() throws SQLException {
        int d = district();
        int customer = 1 + r.nextInt(TproccSchema.CUSTOMERS);
        int lines = 5 + r.nextInt(11);
        boolean rollback = ++newOrders % 10 == 0;
        List<String> cw = query(CUSTOMER_WAREHOUSE, home, home, d, customer).get(0);
        BigDecimal discount = new BigDecimal(cw.get(0));
        BigDecimal wTax = new BigDecimal(cw.get(3));
        List<String> dist = query(DISTRICT_FOR_UPDATE, d, home).get(0);
        int oId = Integer.parseInt(dist.get(0));
        BigDecimal dTax = new BigDecimal(dist.get(1));
        update(DISTRICT_NEXT, d, home);
        List<Object[]> orderLines = new ArrayList<>();
        boolean allLocal = true;
        for (int n = 1; n <= lines; n++) {
            int item = rollback && n == lines ? TproccSchema.ITEMS + 1 : 1 + r.nextInt(TproccSchema.ITEMS);
            int supply = r.nextInt(100) == 0 ? 1 + r.nextInt(TproccSchema.WAREHOUSES) : home;
            allLocal &= supply == home;
            int quantity = 1 + r.nextInt(10);
            List<List<String>> found = query(ITEM, item);
            if (found.isEmpty()) {
                end(false);
                return;
            }
            BigDecimal price = new BigDecimal(found.get(0).get(0));
            List<String> stock = query(STOCK, item, supply).get(0);
            int s = Integer.parseInt(stock.get(0));
            s = s >= quantity + 10 ? s - quantity : s - quantity + 91;
            update(STOCK_UPDATE, s, quantity, supply, home, item, supply);
            BigDecimal amount = price.multiply(BigDecimal.valueOf(quantity))
                    .multiply(BigDecimal.ONE.add(wTax).add(dTax)).multiply(BigDecimal.ONE.subtract(discount))
                    .setScale(2, RoundingMode.HALF_UP);
            orderLines.add(new Object[] {oId, d, home, n, item, supply, quantity, amount, stock.get(1 + d)});
        }
        StringBuilder sql = new StringBuilder(ORDER_LINES);
        Object[] params = new Object[orderLines.size() * 9];
        for (int i = 0; i < orderLines.size(); i++) {
            sql.append(i == 0 ? "" : ", ").append("(?, ?, ?, ?, ?, ?, ?, ?, ?)");
            System.arraycopy(orderLines.get(i), 0, params, i * 9, 9);
        }
        update(sql.toString(), params);
        update(ORDER, oId, d, home, customer, now(), lines, allLocal ? 1 : 0);
        update(NEW_ORDER, oId, d, home);
        end(true);
    }

    /** Payment: 60% by last name (the middle customer of those, by first name), 15% for a remote warehouse. */
    public void payment() throws SQLException {
        int d = district();
        int cw = home;
        int cd = d;
        if (r.nextInt(100) >= 85 && TproccSchema.WAREHOUSES > 1) {
            cd = district();
            do {
                cw = 1 + r.nextInt(TproccSchema.WAREHOUSES);
            } while (cw == home);
        }
        BigDecimal amount = BigDecimal.valueOf(100 + r.nextInt(500_000), 2);
        update(WAREHOUSE_YTD, amount, home);
        String wName = query(WAREHOUSE, home).get(0).get(5);
        update(DISTRICT_YTD, amount, home, d);
        String dName = query(DISTRICT, home, d).get(0).get(5);
        int customer;
        String credit;
        if (r.nextInt(100) < 60) {
            String name = TproccSchema.lastName(r.nextInt(10));
            query(NAME_COUNT, name, cd, cw);
            List<List<String>> byName = query(BY_NAME, cw, cd, name);
            if (byName.isEmpty()) {
                end(false);
                return;
            }
            List<String> chosen = byName.get((byName.size() - 1) / 2);
            customer = Integer.parseInt(chosen.get(2));
            credit = chosen.get(9);
        } else {
            customer = 1 + r.nextInt(TproccSchema.CUSTOMERS);
            credit = query(BY_ID, cw, cd, customer).get(0).get(9);
        }
        if ("BC".equals(credit)) {
            String data = query(C_DATA, cw, cd, customer).get(0).get(0);
            String fresh = customer + " " + cd + " " + cw + " " + d + " " + home + " " + amount + " " + data;
            update(PAY_BC, amount, fresh.substring(0, Math.min(500, fresh.length())), amount, cw, cd, customer);
        } else {
            update(PAY_GC, amount, amount, cw, cd, customer);
        }
        update(HISTORY, cd, cw, customer, d, home, now(), amount, wName + " " + dName);
        end(true);
    }

    /** Order-status: the customer (60% by name), the newest order, its lines. */
    public void orderStatus() throws SQLException {
        int d = district();
        int customer;
        if (r.nextInt(100) < 60) {
            List<List<String>> byName = query(STATUS_BY_NAME, TproccSchema.lastName(r.nextInt(10)), d, home);
            if (byName.isEmpty()) {
                end(true);
                return;
            }
            customer = Integer.parseInt(byName.get((byName.size() - 1) / 2).get(3));
        } else {
            customer = 1 + r.nextInt(TproccSchema.CUSTOMERS);
            query(STATUS_BY_ID, customer, d, home);
        }
        List<List<String>> order = query(LAST_ORDER, d, home, customer);
        if (!order.isEmpty()) {
            query(LINES, Integer.parseInt(order.get(0).get(0)), d, home);
        }
        end(true);
    }

    /** Delivery: in every district, the oldest undelivered order, in one transaction. */
    public void delivery() throws SQLException {
        int carrier = 1 + r.nextInt(10);
        Timestamp when = now();
        for (int d = 1; d <= TproccSchema.DISTRICTS; d++) {
            List<List<String>> oldest = query(OLDEST_NEW_ORDER, home, d);
            if (oldest.isEmpty()) {
                continue;
            }
            int o = Integer.parseInt(oldest.get(0).get(0));
            update(DELETE_NEW_ORDER, home, d, o);
            int customer = Integer.parseInt(query(ORDER_CUSTOMER, o, d, home).get(0).get(0));
            update(CARRIER, carrier, o, d, home);
            update(DELIVERED, when, o, d, home);
            BigDecimal total = new BigDecimal(query(LINES_TOTAL, o, d, home).get(0).get(0));
            update(DELIVER, total, customer, d, home);
        }
        end(true);
    }

    /** Stock-level: distinct items of the district's last 20 orders below a threshold. */
    public void stockLevel() throws SQLException {
        int d = district();
        int threshold = 10 + r.nextInt(51); // the specification says 10 to 20: raised, so that small runs count some
        int next = Integer.parseInt(query(NEXT_ORDER, home, d).get(0).get(0));
        query(STOCK_LEVEL, home, d, next, next, home, threshold);
        end(true);
    }
}

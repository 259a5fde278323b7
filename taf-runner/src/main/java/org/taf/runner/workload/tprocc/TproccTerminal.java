package org.taf.runner.workload.tprocc;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

/**
 * One TPROC-C virtual user as HammerDB's timed driver runs it: homed on one warehouse, transactions of the
 * standard mix back to back, no keying or thinking time. Its statements are those of HammerDB's MariaDB stored
 * procedures (NEWORD, PAYMENT, OSTAT, DELIVERY, SLEV in {@code mariaoltp.tcl}), sent one by one as HammerDB's
 * no-stored-procedure mode does, with parameters; engine/TPROCC.md lists them. Where this terminal follows the
 * specification rather than HammerDB, it says so: customer and item ids are NURand (HammerDB draws them
 * uniformly), order lines are entered in item order (so that two new orders never lock the same stock rows in
 * opposite orders), and a delivery skips a district whose oldest new order another terminal delivered meanwhile.
 */
public final class TproccTerminal {
    /** The ten district-information columns of STOCK; a line keeps the one of its district. */
    private static final String DIST_COLUMNS = "s_dist_01, s_dist_02, s_dist_03, s_dist_04, s_dist_05, s_dist_06,"
            + " s_dist_07, s_dist_08, s_dist_09, s_dist_10";

    private final TproccSql sql;
    private final TproccRandom random;
    private final TproccScale scale;
    private final int warehouses;
    private final int home;
    private final Supplier<Timestamp> clock;

    /** What a transaction did: its kind, and whether it entered a new order (committed). */
    public record Outcome(Transaction transaction, boolean newOrder) {}

    /**
     * @param warehouses the warehouses loaded, at least 1
     * @param home       this terminal's warehouse, 1..warehouses
     * @param clock      the time written into O_ENTRY_D, H_DATE and OL_DELIVERY_D
     */
    public TproccTerminal(TproccSql sql, TproccRandom random, TproccScale scale, int warehouses, int home,
                          Supplier<Timestamp> clock) {
        if (home < 1 || home > warehouses) {
            throw new IllegalArgumentException("home warehouse (" + home + ") must be between 1 and " + warehouses);
        }
        this.sql = sql;
        this.random = random;
        this.scale = scale;
        this.warehouses = warehouses;
        this.home = home;
        this.clock = clock;
    }

    /** The next transaction of the mix, run to its end. */
    public Outcome next() throws SQLException {
        return run(random.nextTransaction());
    }

    /** Runs {@code t} to its commit (or the new order's rollback on an unused item). */
    public Outcome run(Transaction t) throws SQLException {
        boolean newOrder = switch (t) {
            case NEW_ORDER -> newOrder();
            case PAYMENT -> payment();
            case ORDER_STATUS -> orderStatus();
            case DELIVERY -> delivery();
            case STOCK_LEVEL -> stockLevel();
        };
        return new Outcome(t, newOrder);
    }

    private int district() {
        return random.uniform(1, TproccScale.DISTRICTS);
    }

    /** Another warehouse than the home one (the caller checks there is one). */
    private int remote() {
        int w = random.uniform(1, warehouses - 1);
        return w >= home ? w + 1 : w;
    }

    private Timestamp now() {
        Timestamp t = clock.get();
        t.setNanos(0); // DATETIME holds whole seconds; cutting here keeps both servers' rows alike
        return t;
    }

    /** One line of a new order: its item, supplying warehouse and quantity. */
    private record Line(int item, int supply, int quantity) {}

    /** New-order (clause 2.4): true when it committed, false for the 1% rolled back on an unused item. */
    private boolean newOrder() throws SQLException {
        int d = district();
        int c = random.customerId(scale.customersPerDistrict());
        Line[] lines = new Line[random.uniform(5, 15)];
        boolean rollback = random.uniform(1, 100) == 1;
        boolean allLocal = true;
        for (int i = 0; i < lines.length; i++) {
            // The rolled-back 1% ask for an unused item, one past the last (clause 2.4.1.4).
            int item = rollback && i == lines.length - 1 ? scale.items() + 1 : random.itemId(scale.items());
            int supply = warehouses > 1 && random.uniform(1, 100) == 1 ? remote() : home;
            allLocal &= supply == home;
            lines[i] = new Line(item, supply, random.uniform(1, 10));
        }
        // The unused item is the largest id: sorted, it stays last, so the rollback comes after the other lines.
        Arrays.sort(lines, (a, b) -> a.item() != b.item() ? Integer.compare(a.item(), b.item())
                : Integer.compare(a.supply(), b.supply()));
        sql.query("SELECT c_discount, c_last, c_credit, w_tax FROM customer, warehouse WHERE warehouse.w_id = ?"
                + " AND customer.c_w_id = ? AND customer.c_d_id = ? AND customer.c_id = ?", home, home, d, c);
        String[] district = one(sql.query("SELECT d_next_o_id, d_tax FROM district WHERE d_id = ? AND d_w_id = ?"
                + " FOR UPDATE", d, home), "district", d);
        int order = Integer.parseInt(district[0]);
        sql.update("UPDATE district SET d_next_o_id = d_next_o_id + 1 WHERE d_id = ? AND d_w_id = ?", d, home);
        sql.update("INSERT INTO orders (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_ol_cnt, o_all_local)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?)", order, d, home, c, now(), lines.length, allLocal ? 1 : 0);
        sql.update("INSERT INTO new_order (no_o_id, no_d_id, no_w_id) VALUES (?, ?, ?)", order, d, home);
        for (int n = 0; n < lines.length; n++) {
            Line l = lines[n];
            List<String[]> item = sql.query("SELECT i_price, i_name, i_data FROM item WHERE i_id = ?", l.item());
            if (item.isEmpty()) {
                sql.rollback(); // clause 2.4.2.3: the unused item rolls the whole order back
                return false;
            }
            String[] stock = one(sql.query("SELECT s_quantity, s_data, " + DIST_COLUMNS
                    + " FROM stock WHERE s_i_id = ? AND s_w_id = ?", l.item(), l.supply()), "stock", l.item());
            int quantity = Integer.parseInt(stock[0]);
            quantity = quantity >= l.quantity() + 10 ? quantity - l.quantity() : quantity - l.quantity() + 91;
            sql.update("UPDATE stock SET s_quantity = ?, s_ytd = s_ytd + ?, s_order_cnt = s_order_cnt + 1,"
                    + " s_remote_cnt = s_remote_cnt + IF(? != ?, 1, 0) WHERE s_i_id = ? AND s_w_id = ?", quantity,
                    l.quantity(), l.supply(), home, l.item(), l.supply());
            BigDecimal amount = new BigDecimal(item.get(0)[0]).multiply(BigDecimal.valueOf(l.quantity()));
            sql.update("INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id,"
                    + " ol_quantity, ol_amount, ol_dist_info) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", order, d, home,
                    n + 1, l.item(), l.supply(), l.quantity(), amount.setScale(0, RoundingMode.HALF_UP).intValue(),
                    stock[1 + d]);
        }
        sql.commit();
        return true;
    }

    /** Payment (clause 2.5): 85% for a customer of the home warehouse, 60% of customers chosen by last name. */
    private boolean payment() throws SQLException {
        int d = district();
        int cw = home;
        int cd = d;
        if (warehouses > 1 && random.uniform(1, 100) > 85) {
            cw = remote();
            cd = district();
        }
        boolean byName = random.uniform(1, 100) <= 60;
        String name = byName ? TproccRandom.lastName(random.lastNameNumber(scale.lastNames())) : null;
        int c = byName ? 0 : random.customerId(scale.customersPerDistrict());
        BigDecimal amount = BigDecimal.valueOf(random.uniform(100, 500_000), 2);
        sql.update("UPDATE warehouse SET w_ytd = w_ytd + ? WHERE w_id = ?", amount, home);
        String wName = one(sql.query("SELECT w_street_1, w_street_2, w_city, w_state, w_zip, w_name FROM warehouse"
                + " WHERE w_id = ?", home), "warehouse", home)[5];
        sql.update("UPDATE district SET d_ytd = d_ytd + ? WHERE d_w_id = ? AND d_id = ?", amount, home, d);
        String dName = one(sql.query("SELECT d_street_1, d_street_2, d_city, d_state, d_zip, d_name FROM district"
                + " WHERE d_w_id = ? AND d_id = ?", home, d), "district", d)[5];
        String credit;
        if (byName) {
            sql.query("SELECT count(c_id) FROM customer WHERE c_last = ? AND c_d_id = ? AND c_w_id = ?", name, cd, cw);
            List<String[]> found = sql.query("SELECT c_first, c_middle, c_id, c_street_1, c_street_2, c_city,"
                    + " c_state, c_zip, c_phone, c_credit, c_credit_lim, c_discount, c_balance, c_since FROM customer"
                    + " WHERE c_w_id = ? AND c_d_id = ? AND c_last = ? ORDER BY c_first", cw, cd, name);
            String[] chosen = middle(found, "customer " + name);
            c = Integer.parseInt(chosen[2]);
            credit = chosen[9];
        } else {
            credit = one(sql.query("SELECT c_first, c_middle, c_last, c_street_1, c_street_2, c_city, c_state, c_zip,"
                    + " c_phone, c_credit, c_credit_lim, c_discount, c_balance, c_since FROM customer WHERE c_w_id = ?"
                    + " AND c_d_id = ? AND c_id = ?", cw, cd, c), "customer", c)[9];
        }
        if ("BC".equals(credit)) {
            String data = one(sql.query("SELECT c_data FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?",
                    cw, cd, c), "customer", c)[0];
            String fresh = c + " " + cd + " " + cw + " " + d + " " + home + " " + amount.toPlainString() + " " + data;
            sql.update("UPDATE customer SET c_balance = c_balance - ?, c_data = ?, c_ytd_payment = c_ytd_payment + ?,"
                    + " c_payment_cnt = c_payment_cnt + 1 WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?", amount,
                    fresh.substring(0, Math.min(500, fresh.length())), amount, cw, cd, c);
        } else {
            sql.update("UPDATE customer SET c_balance = c_balance - ?, c_ytd_payment = c_ytd_payment + ?,"
                    + " c_payment_cnt = c_payment_cnt + 1 WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?", amount,
                    amount, cw, cd, c);
        }
        String history = wName + "    " + dName;
        sql.update("INSERT INTO history (h_c_d_id, h_c_w_id, h_c_id, h_d_id, h_w_id, h_date, h_amount, h_data)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?)", cd, cw, c, d, home, now(), amount,
                history.substring(0, Math.min(24, history.length())));
        sql.commit();
        return false;
    }

    /** Order-status (clause 2.6): a customer of the home warehouse (60% by name), its last order and lines. */
    private boolean orderStatus() throws SQLException {
        int d = district();
        int c;
        if (random.uniform(1, 100) <= 60) {
            String name = TproccRandom.lastName(random.lastNameNumber(scale.lastNames()));
            sql.query("SELECT count(c_id) FROM customer WHERE c_last = ? AND c_d_id = ? AND c_w_id = ?", name, d, home);
            c = Integer.parseInt(middle(sql.query("SELECT c_balance, c_first, c_middle, c_id FROM customer"
                    + " WHERE c_last = ? AND c_d_id = ? AND c_w_id = ? ORDER BY c_first", name, d, home),
                    "customer " + name)[3]);
        } else {
            c = random.customerId(scale.customersPerDistrict());
            sql.query("SELECT c_balance, c_first, c_middle, c_last FROM customer WHERE c_id = ? AND c_d_id = ?"
                    + " AND c_w_id = ?", c, d, home);
        }
        List<String[]> order = sql.query("SELECT o_id, o_carrier_id, o_entry_d FROM orders WHERE o_d_id = ?"
                + " AND o_w_id = ? AND o_c_id = ? ORDER BY o_id DESC LIMIT 1", d, home, c);
        if (!order.isEmpty()) {
            sql.query("SELECT ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_delivery_d FROM order_line"
                    + " WHERE ol_o_id = ? AND ol_d_id = ? AND ol_w_id = ?", Integer.parseInt(order.get(0)[0]), d, home);
        }
        sql.commit();
        return false;
    }

    /** Delivery (clause 2.7): the oldest undelivered order of each district, all in one transaction. */
    private boolean delivery() throws SQLException {
        int carrier = random.uniform(1, 10);
        Timestamp when = now();
        for (int d = 1; d <= TproccScale.DISTRICTS; d++) {
            List<String[]> oldest = sql.query("SELECT no_o_id FROM new_order WHERE no_w_id = ? AND no_d_id = ?"
                    + " ORDER BY no_o_id ASC LIMIT 1", home, d);
            if (oldest.isEmpty()) {
                continue; // clause 2.7.4.2: nothing to deliver in this district
            }
            int o = Integer.parseInt(oldest.get(0)[0]);
            if (sql.update("DELETE FROM new_order WHERE no_w_id = ? AND no_d_id = ? AND no_o_id = ?", home, d,
                    o) == 0) {
                continue; // another terminal of this warehouse delivered it since the SELECT
            }
            int c = Integer.parseInt(one(sql.query("SELECT o_c_id FROM orders WHERE o_id = ? AND o_d_id = ?"
                    + " AND o_w_id = ?", o, d, home), "order", o)[0]);
            sql.update("UPDATE orders SET o_carrier_id = ? WHERE o_id = ? AND o_d_id = ? AND o_w_id = ?", carrier, o,
                    d, home);
            sql.update("UPDATE order_line SET ol_delivery_d = ? WHERE ol_o_id = ? AND ol_d_id = ? AND ol_w_id = ?",
                    when, o, d, home);
            String total = one(sql.query("SELECT SUM(ol_amount) FROM order_line WHERE ol_o_id = ? AND ol_d_id = ?"
                    + " AND ol_w_id = ?", o, d, home), "order lines", o)[0];
            sql.update("UPDATE customer SET c_balance = c_balance + ?, c_delivery_cnt = c_delivery_cnt + 1"
                    + " WHERE c_id = ? AND c_d_id = ? AND c_w_id = ?", new BigDecimal(total == null ? "0" : total), c,
                    d, home);
        }
        sql.commit();
        return false;
    }

    /** Stock-level (clause 2.8): distinct items of the district's last 20 orders whose stock is below 10..20. */
    private boolean stockLevel() throws SQLException {
        int d = district();
        int threshold = random.uniform(10, 20);
        int next = Integer.parseInt(one(sql.query("SELECT d_next_o_id FROM district WHERE d_w_id = ? AND d_id = ?",
                home, d), "district", d)[0]);
        sql.query("SELECT COUNT(DISTINCT (s_i_id)) FROM order_line, stock WHERE ol_w_id = ? AND ol_d_id = ?"
                + " AND (ol_o_id < ?) AND ol_o_id >= (? - 20) AND s_w_id = ? AND s_i_id = ol_i_id AND s_quantity < ?",
                home, d, next, next, home, threshold);
        sql.commit();
        return false;
    }

    /** The one row a key lookup finds; none is a broken data set, not a measurement. */
    private String[] one(List<String[]> rows, String what, int key) throws SQLException {
        if (rows.isEmpty()) {
            throw new SQLException("TPROC-C: no " + what + " " + key + " in warehouse " + home
                    + ": the data set is not a loaded TPROC-C one");
        }
        return rows.get(0);
    }

    /** The customer at position ceil(n / 2) of those with the name, by first name (clause 2.5.2.2). */
    private String[] middle(List<String[]> rows, String what) throws SQLException {
        if (rows.isEmpty()) {
            throw new SQLException("TPROC-C: no " + what + " in warehouse " + home);
        }
        return rows.get((rows.size() - 1) / 2);
    }
}

package org.taf.runner.workload.tprocc;

import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The rows of a TPROC-C data set, with the specification's cardinalities and value distributions (TPC-C clause
 * 4.3.3.1): ITEM once, then per warehouse its STOCK, DISTRICTs, CUSTOMERs with one HISTORY row each, ORDERs
 * (one per customer, in a random permutation), their ORDER_LINEs and the undelivered orders' NEW_ORDER rows.
 * W_YTD is the sum of its districts' D_YTD (300,000.00), so consistency condition 1 holds from the start.
 * Timestamps are one fixed load time, so that the same seed always yields the same rows; each warehouse draws
 * from its own stream, so rows do not depend on how many threads load.
 */
public final class TproccRows {
    /** The load time of every C_SINCE, H_DATE, O_ENTRY_D and delivered OL_DELIVERY_D. */
    public static final LocalDateTime LOAD_TIME = LocalDateTime.of(2024, 1, 31, 23, 59, 59);
    private static final BigDecimal DISTRICT_YTD = new BigDecimal("30000.00");
    private static final BigDecimal WAREHOUSE_YTD = new BigDecimal("300000.00");

    /** The columns each table's rows list, in order. */
    public static final Map<String, String> COLUMNS = Map.of(
            "item", "i_id, i_im_id, i_name, i_price, i_data",
            "warehouse", "w_id, w_ytd, w_tax, w_name, w_street_1, w_street_2, w_city, w_state, w_zip",
            "stock", "s_i_id, s_w_id, s_quantity, s_dist_01, s_dist_02, s_dist_03, s_dist_04, s_dist_05, s_dist_06,"
                    + " s_dist_07, s_dist_08, s_dist_09, s_dist_10, s_ytd, s_order_cnt, s_remote_cnt, s_data",
            "district", "d_id, d_w_id, d_ytd, d_tax, d_next_o_id, d_name, d_street_1, d_street_2, d_city, d_state,"
                    + " d_zip",
            "customer", "c_id, c_d_id, c_w_id, c_first, c_middle, c_last, c_street_1, c_street_2, c_city, c_state,"
                    + " c_zip, c_phone, c_since, c_credit, c_credit_lim, c_discount, c_balance, c_ytd_payment,"
                    + " c_payment_cnt, c_delivery_cnt, c_data",
            "history", "h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, h_amount, h_data",
            "orders", "o_id, o_w_id, o_d_id, o_c_id, o_carrier_id, o_ol_cnt, o_all_local, o_entry_d",
            "new_order", "no_w_id, no_d_id, no_o_id",
            "order_line", "ol_w_id, ol_d_id, ol_o_id, ol_number, ol_i_id, ol_delivery_d, ol_amount, ol_supply_w_id,"
                    + " ol_quantity, ol_dist_info");

    /** Receives rows: the table and its values in {@link #COLUMNS} order (Integer, BigDecimal, String, time, null). */
    @FunctionalInterface
    public interface Sink {
        void row(String table, Object... values) throws java.sql.SQLException;
    }

    private final long seed;
    private final TproccScale scale;

    public TproccRows(long seed, TproccScale scale) {
        this.seed = seed;
        this.scale = scale;
    }

    /** The ITEM table (stream 0). */
    public void items(Sink sink) throws java.sql.SQLException {
        TproccRandom r = TproccRandom.forLoad(seed, 0);
        for (int i = 1; i <= scale.items(); i++) {
            sink.row("item", i, r.uniform(1, 10_000), r.alnum(14, 24), cents(r.uniform(100, 10_000)), r.data());
        }
    }

    /** One warehouse's rows, every table but ITEM (stream {@code w}). */
    public void warehouse(int w, Sink sink) throws java.sql.SQLException {
        TproccRandom r = TproccRandom.forLoad(seed, w);
        List<Object> row = new ArrayList<>(List.of(w, WAREHOUSE_YTD, tax(r), r.alnum(6, 10)));
        row.addAll(address(r));
        sink.row("warehouse", row.toArray());
        for (int i = 1; i <= scale.items(); i++) {
            Object[] stock = new Object[17];
            stock[0] = i;
            stock[1] = w;
            stock[2] = r.uniform(10, 100);
            for (int d = 0; d < 10; d++) {
                stock[3 + d] = r.alnum(24, 24);
            }
            stock[13] = 0;
            stock[14] = 0;
            stock[15] = 0;
            stock[16] = r.data();
            sink.row("stock", stock);
        }
        for (int d = 1; d <= TproccScale.DISTRICTS; d++) {
            row = new ArrayList<>(List.of(d, w, DISTRICT_YTD, tax(r), scale.ordersPerDistrict() + 1, r.alnum(6, 10)));
            row.addAll(address(r));
            sink.row("district", row.toArray());
            customers(r, w, d, sink);
            orders(r, w, d, sink);
        }
    }

    private void customers(TproccRandom r, int w, int d, Sink sink) throws java.sql.SQLException {
        for (int c = 1; c <= scale.customersPerDistrict(); c++) {
            int name = c <= TproccScale.NAMED_CUSTOMERS ? c - 1 : r.lastNameNumber(scale.lastNames());
            List<Object> row = new ArrayList<>(List.of(c, d, w, r.alnum(8, 16), "OE", TproccRandom.lastName(name)));
            row.addAll(address(r));
            row.addAll(List.of(r.digits(16), LOAD_TIME, r.uniform(1, 10) == 1 ? "BC" : "GC", new BigDecimal("50000.00"),
                    BigDecimal.valueOf(r.uniform(0, 5_000), 4), new BigDecimal("-10.00"), new BigDecimal("10.00"), 1, 0,
                    r.alnum(300, 500)));
            sink.row("customer", row.toArray());
            sink.row("history", c, d, w, d, w, LOAD_TIME, new BigDecimal("10.00"), r.alnum(12, 24));
        }
    }

    private void orders(TproccRandom r, int w, int d, Sink sink) throws java.sql.SQLException {
        List<Integer> customers = new ArrayList<>();
        for (int c = 1; c <= scale.ordersPerDistrict(); c++) {
            customers.add(c);
        }
        Collections.shuffle(customers, new Random(r.uniform(0, Integer.MAX_VALUE - 1)));
        int undelivered = scale.firstUndelivered();
        for (int o = 1; o <= scale.ordersPerDistrict(); o++) {
            boolean delivered = o < undelivered;
            int lines = r.uniform(5, 15);
            sink.row("orders", o, w, d, customers.get(o - 1), delivered ? r.uniform(1, 10) : null, lines, 1,
                    LOAD_TIME);
            for (int n = 1; n <= lines; n++) {
                // OL_AMOUNT is 0.00 for a delivered line, else 0.01..9,999.99; HammerDB's column is an INT.
                int amount = delivered ? 0 : (int) Math.round(r.uniform(1, 999_999) / 100.0);
                sink.row("order_line", w, d, o, n, r.uniform(1, scale.items()), delivered ? LOAD_TIME : null,
                        amount, w, 5, r.alnum(24, 24));
            }
            if (!delivered) {
                sink.row("new_order", w, d, o);
            }
        }
    }

    private static BigDecimal cents(int cents) {
        return BigDecimal.valueOf(cents, 2);
    }

    /** W_TAX and D_TAX: 0.0000..0.2000. */
    private static BigDecimal tax(TproccRandom r) {
        return BigDecimal.valueOf(r.uniform(0, 2_000), 4);
    }

    /** Street 1 and 2, city (10..20 characters), state (2 letters), zip (4 digits and 11111). */
    private static List<Object> address(TproccRandom r) {
        return List.of(r.alnum(10, 20), r.alnum(10, 20), r.alnum(10, 20), r.alnum(2, 2), r.digits(4) + "11111");
    }
}

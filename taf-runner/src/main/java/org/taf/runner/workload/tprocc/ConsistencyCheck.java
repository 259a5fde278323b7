package org.taf.runner.workload.tprocc;

import java.math.BigDecimal;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The TPC-C consistency conditions 1-4 (clause 3.3.2), which HammerDB's {@code checkschema} and TAF (perl)'s
 * {@code checksum_after_setup} / {@code checksum_after_run} ask for: read as facts per warehouse and district
 * ({@link #read}), then judged ({@link #judge}) without a server, so that the rules are tested on their own.
 * <ol>
 *   <li>W_YTD = sum(D_YTD) over the warehouse's districts;</li>
 *   <li>D_NEXT_O_ID - 1 = max(O_ID) = max(NO_O_ID) in each district;</li>
 *   <li>max(NO_O_ID) - min(NO_O_ID) + 1 = the district's NEW_ORDER rows;</li>
 *   <li>sum(O_OL_CNT) = the district's ORDER_LINE rows.</li>
 * </ol>
 */
public final class ConsistencyCheck {
    private ConsistencyCheck() {}

    /** What condition 1 reads of a warehouse, and its districts. */
    public record WarehouseFacts(int warehouse, BigDecimal ytd, List<DistrictFacts> districts) {
        public WarehouseFacts {
            districts = List.copyOf(districts);
        }
    }

    /**
     * What conditions 1-4 read of a district.
     *
     * @param maxOrderId  max(O_ID), null without orders
     * @param newOrders   NEW_ORDER rows
     * @param minNewOrder min(NO_O_ID), null without new orders
     * @param maxNewOrder max(NO_O_ID), null without new orders
     * @param olCntSum    sum(O_OL_CNT) over its orders
     * @param orderLines  ORDER_LINE rows
     */
    public record DistrictFacts(int district, BigDecimal ytd, int nextOrderId, Integer maxOrderId, long newOrders,
                                Integer minNewOrder, Integer maxNewOrder, long olCntSum, long orderLines) {}

    /** A condition that does not hold: which one, where, and the numbers that break it. */
    public record Violation(int condition, int warehouse, Integer district, String detail) {
        /** "TPC-C consistency condition 4 fails in warehouse 1, district 3: sum(O_OL_CNT) 30021 != 30020 ...". */
        public String message() {
            return "TPC-C consistency condition " + condition + " fails in warehouse " + warehouse
                    + (district == null ? "" : ", district " + district) + ": " + detail;
        }
    }

    /** Reads and judges warehouses 1..{@code warehouses}; ends the read-only transaction it ran in. */
    public static List<Violation> check(TproccSql sql, int warehouses) throws SQLException {
        return judge(read(sql, warehouses));
    }

    /** The facts of warehouses 1..{@code warehouses}. */
    public static List<WarehouseFacts> read(TproccSql sql, int warehouses) throws SQLException {
        List<WarehouseFacts> out = new ArrayList<>();
        for (int w = 1; w <= warehouses; w++) {
            List<String[]> wh = sql.query("SELECT w_ytd FROM warehouse WHERE w_id = ?", w);
            if (wh.isEmpty()) {
                throw new SQLException("TPC-C consistency check: no warehouse " + w + " (" + warehouses
                        + " warehouses expected)");
            }
            List<DistrictFacts> districts = new ArrayList<>();
            for (String[] d : sql.query("SELECT d_id, d_ytd, d_next_o_id FROM district WHERE d_w_id = ?"
                    + " ORDER BY d_id", w)) {
                int id = Integer.parseInt(d[0]);
                String[] orders = sql.query("SELECT MAX(o_id), SUM(o_ol_cnt) FROM orders WHERE o_w_id = ?"
                        + " AND o_d_id = ?", w, id).get(0);
                String[] fresh = sql.query("SELECT COUNT(*), MIN(no_o_id), MAX(no_o_id) FROM new_order"
                        + " WHERE no_w_id = ? AND no_d_id = ?", w, id).get(0);
                String[] lines = sql.query("SELECT COUNT(*) FROM order_line WHERE ol_w_id = ? AND ol_d_id = ?",
                        w, id).get(0);
                districts.add(new DistrictFacts(id, new BigDecimal(d[1]), Integer.parseInt(d[2]), integer(orders[0]),
                        Long.parseLong(fresh[0]), integer(fresh[1]), integer(fresh[2]),
                        orders[1] == null ? 0 : new BigDecimal(orders[1]).longValueExact(), Long.parseLong(lines[0])));
            }
            out.add(new WarehouseFacts(w, new BigDecimal(wh.get(0)[0]), districts));
        }
        sql.commit();
        return out;
    }

    private static Integer integer(String s) {
        return s == null ? null : Integer.valueOf(s);
    }

    /** Every condition that does not hold, in warehouse and district order; empty when all hold. */
    public static List<Violation> judge(List<WarehouseFacts> facts) {
        List<Violation> out = new ArrayList<>();
        for (WarehouseFacts w : facts) {
            BigDecimal sum = w.districts().stream().map(DistrictFacts::ytd).reduce(BigDecimal.ZERO, BigDecimal::add);
            if (w.ytd().compareTo(sum) != 0) {
                out.add(new Violation(1, w.warehouse(), null, "W_YTD " + w.ytd().toPlainString()
                        + " != sum(D_YTD) " + sum.toPlainString()));
            }
            for (DistrictFacts d : w.districts()) {
                district(w.warehouse(), d, out);
            }
        }
        return out;
    }

    private static void district(int w, DistrictFacts d, List<Violation> out) {
        int last = d.nextOrderId() - 1;
        if (!Objects.equals(d.maxOrderId(), last)
                || (d.maxNewOrder() != null && d.maxNewOrder() != last)) {
            out.add(new Violation(2, w, d.district(), "D_NEXT_O_ID - 1 = " + last + ", max(O_ID) = "
                    + d.maxOrderId() + ", max(NO_O_ID) = " + d.maxNewOrder()));
        }
        if (d.newOrders() > 0 && d.maxNewOrder() - d.minNewOrder() + 1 != d.newOrders()) {
            out.add(new Violation(3, w, d.district(), "max(NO_O_ID) - min(NO_O_ID) + 1 = "
                    + (d.maxNewOrder() - d.minNewOrder() + 1) + " != " + d.newOrders() + " NEW_ORDER rows"));
        }
        if (d.olCntSum() != d.orderLines()) {
            out.add(new Violation(4, w, d.district(), "sum(O_OL_CNT) = " + d.olCntSum() + " != " + d.orderLines()
                    + " ORDER_LINE rows"));
        }
    }

    /** The first violations as one message (the others counted), for an error line. */
    public static String describe(List<Violation> violations) {
        int shown = Math.min(3, violations.size());
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < shown; i++) {
            sb.append(i == 0 ? "" : "; ").append(violations.get(i).message());
        }
        if (violations.size() > shown) {
            sb.append("; and ").append(violations.size() - shown).append(" more");
        }
        return sb.toString();
    }
}

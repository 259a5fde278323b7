package org.taf.runner.workload.tprocc;

/**
 * The five TPROC-C transactions (HammerDB's names in brackets) and the standard mix's share of each (TPC-C clause
 * 5.2.3: at least 43% payment and 4% each of order-status, delivery and stock-level; new-order the rest).
 */
public enum Transaction {
    /** [NEWORD] Enters an order of 5 to 15 lines; 1% roll back on an unused item. */
    NEW_ORDER(45),
    /** [PAYMENT] Records a customer's payment in the warehouse, district and customer, and in HISTORY. */
    PAYMENT(43),
    /** [OSTAT] Reads a customer's last order and its lines. */
    ORDER_STATUS(4),
    /** [DELIVERY] Delivers the oldest undelivered order of each of the warehouse's 10 districts, in one transaction. */
    DELIVERY(4),
    /** [SLEV] Counts the recently sold items whose stock is below a threshold. */
    STOCK_LEVEL(4);

    private final int percent;

    Transaction(int percent) {
        this.percent = percent;
    }

    /** Its share of the mix, in percent; the five add up to 100. */
    public int percent() {
        return percent;
    }

    /** The transaction a draw of 1..100 picks: 1-45 new-order, 46-88 payment, then 4 each. */
    static Transaction ofDraw(int draw) {
        if (draw < 1 || draw > 100) {
            throw new IllegalArgumentException("draw (" + draw + ") must be between 1 and 100");
        }
        int upTo = 0;
        for (Transaction t : values()) {
            upTo += t.percent;
            if (draw <= upTo) {
                return t;
            }
        }
        throw new IllegalStateException("the mix adds up to " + upTo + ", not 100");
    }
}

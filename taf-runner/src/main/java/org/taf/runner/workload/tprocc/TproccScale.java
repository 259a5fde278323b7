package org.taf.runner.workload.tprocc;

/**
 * The cardinalities of a TPROC-C data set per warehouse. Definitions always load {@link #STANDARD}, the
 * specification's (TPC-C clause 1.2.1, 4.3.3.1): 100,000 items, 10 districts per warehouse, 3,000 customers and
 * 3,000 orders per district, the last 900 of them undelivered (in NEW_ORDER). Tests shrink it to stay fast;
 * every ratio is kept (70% of the orders delivered, one order per customer).
 *
 * @param items                 rows of ITEM, and of STOCK per warehouse, at least 10
 * @param customersPerDistrict  customers (and orders) per district, at least 10, a multiple of 10
 */
public record TproccScale(int items, int customersPerDistrict) {
    /** The specification's cardinalities. */
    public static final TproccScale STANDARD = new TproccScale(100_000, 3_000);
    /** Districts per warehouse. */
    public static final int DISTRICTS = 10;
    /** Customers whose last name is their number's (clause 4.3.2.3: the first 1,000). */
    static final int NAMED_CUSTOMERS = 1_000;

    public TproccScale {
        if (items < 10) {
            throw new IllegalArgumentException("items (" + items + ") must be at least 10");
        }
        if (customersPerDistrict < 10 || customersPerDistrict % 10 != 0) {
            throw new IllegalArgumentException("customers per district (" + customersPerDistrict
                    + ") must be a multiple of 10, at least 10");
        }
    }

    /** Orders per district at load: one per customer. */
    public int ordersPerDistrict() {
        return customersPerDistrict;
    }

    /** The first order of a district still undelivered at load (2,101 of 3,000). */
    public int firstUndelivered() {
        return customersPerDistrict / 10 * 7 + 1;
    }

    /** The largest last-name number in use: 999, or fewer for a small scale. */
    public int lastNames() {
        return Math.min(NAMED_CUSTOMERS, customersPerDistrict) - 1;
    }

    /** A file-name-safe tag: empty for the standard scale, else {@code -i100c30}. */
    public String tag() {
        return equals(STANDARD) ? "" : "-i" + items + "c" + customersPerDistrict;
    }
}

package org.taf.runner.config;

/**
 * The workloads a test definition may name, with TAF's test names ({@link #label()}): sysbench's
 * OLTP scripts and Mark Callaghan's microbenchmarks (see {@code domain/sysbench.md}). Input is
 * matched case-insensitively; {@code _} and {@code -} are not interchangeable, as in TAF.
 */
public enum WorkloadName {
    POINT_SELECT("POINT_SELECT"),
    OLTP_RO("OLTP_RO"),
    OLTP_RW("OLTP_RW"),
    OLTP_WO("OLTP_WO"),
    UPDATE_KEY("UPDATE_KEY"),
    UPDATE_NO_KEY("UPDATE_NO_KEY"),
    INSERT("INSERT"),
    DELETE("DELETE"),
    SELECT_SIMPLE_RANGES("SELECT_SIMPLE_RANGES"),
    SELECT_SUM_RANGES("SELECT_SUM_RANGES"),
    SELECT_ORDER_RANGES("SELECT_ORDER_RANGES"),
    SELECT_DISTINCT_RANGES("SELECT_DISTINCT_RANGES"),
    RANDOM_POINTS("RANDOM-POINTS"),
    RANDOM_RANGES("RANDOM-RANGES"),
    POINTS_COVERED_PK("POINTS-COVERED-PK"),
    POINTS_NOTCOVERED_PK("POINTS-NOTCOVERED-PK"),
    POINTS_COVERED_SI("POINTS-COVERED-SI"),
    POINTS_NOTCOVERED_SI("POINTS-NOTCOVERED-SI"),
    RANGE_COVERED_PK("RANGE-COVERED-PK"),
    HOT_POINTS("HOT-POINTS");

    private final String label;

    WorkloadName(String label) {
        this.label = label;
    }

    /** TAF's name of the test, e.g. {@code POINTS-COVERED-PK}; used in files, reports and results. */
    public String label() {
        return label;
    }

    @Override
    public String toString() {
        return label;
    }
}

package org.taf.runner.workload;

import java.util.Locale;

/**
 * The prepared statements of sysbench 1.0.20's {@code oltp_common.lua}, text for text ({@code %d} is the
 * table number). A range covers [id, id + range_size - 1].
 */
enum OltpStatement {
    POINT("SELECT c FROM sbtest%d WHERE id=?"),
    SIMPLE_RANGE("SELECT c FROM sbtest%d WHERE id BETWEEN ? AND ?"),
    SUM_RANGE("SELECT SUM(k) FROM sbtest%d WHERE id BETWEEN ? AND ?"),
    ORDER_RANGE("SELECT c FROM sbtest%d WHERE id BETWEEN ? AND ? ORDER BY c"),
    DISTINCT_RANGE("SELECT DISTINCT c FROM sbtest%d WHERE id BETWEEN ? AND ? ORDER BY c"),
    INDEX_UPDATE("UPDATE sbtest%d SET k=k+1 WHERE id=?"),
    NON_INDEX_UPDATE("UPDATE sbtest%d SET c=? WHERE id=?"),
    DELETE("DELETE FROM sbtest%d WHERE id=?"),
    INSERT("INSERT INTO sbtest%d (id, k, c, pad) VALUES (?, ?, ?, ?)");

    /** sysbench prepares these two as well. */
    static final String BEGIN = "BEGIN";
    static final String COMMIT = "COMMIT";

    private final String template;

    OltpStatement(String template) {
        this.template = template;
    }

    String sql(int table) {
        return String.format(Locale.ROOT, template, table);
    }
}

package org.taf.engine.sql.exec;

/**
 * Where a statement's outcome goes: a result set (columns, rows, end) or an OK with counts. The
 * server implements it for the text and the binary protocol; rows are written as they are
 * produced, so a large scan is never held in memory.
 */
public interface ResultSink {
    /** Starts a result set with these columns. */
    void columns(ResultColumns columns);

    /**
     * One row; {@code values} holds one value per column ({@link Long}, {@link java.math.BigDecimal},
     * {@link String} or null) and may be reused by the caller once this returns.
     */
    void row(Object[] values);

    /** Ends the result set. */
    void end();

    /** The statement returned no result set. */
    void ok(long affectedRows, long lastInsertId);
}

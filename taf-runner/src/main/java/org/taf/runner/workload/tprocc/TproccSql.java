package org.taf.runner.workload.tprocc;

import java.sql.SQLException;
import java.util.List;

/**
 * What a terminal and the consistency check need of a connection: statements with parameters whose rows they
 * read (each value as the server's text, null for NULL), updates with their affected-row count, and the end of
 * the transaction. Autocommit is off, as HammerDB's connections set it.
 */
public interface TproccSql {
    /** Runs a query; every row, each column's value as text. */
    List<String[]> query(String sql, Object... params) throws SQLException;

    /** Runs an INSERT, UPDATE or DELETE; the rows it affected. */
    int update(String sql, Object... params) throws SQLException;

    void commit() throws SQLException;

    void rollback() throws SQLException;

    /**
     * Rolls back what a failed transaction left open, quietly: not a statement of the workload, so neither counted
     * nor named in place of the statement that failed; a broken connection is left to whoever reconnects.
     */
    void abandon();
}

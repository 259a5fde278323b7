package org.taf.runner.workload;

import java.sql.SQLException;
import org.taf.runner.workload.tprocc.TproccSql;

/**
 * One client connection as a workload event sees it: statements prepared once per thread and executed many
 * times, plus plain text queries. Implementations count every executed statement the way sysbench does
 * (result set: read; affected rows &gt; 0: write; otherwise: other).
 */
interface SqlSession extends AutoCloseable {

    /** Prepares {@code sql} once (server-side where the server supports it). */
    Stmt prepare(String sql) throws SQLException;

    /** Runs {@code sql} over the text protocol, as sysbench's {@code con:query()} does. */
    void query(String sql) throws SQLException;

    /** The SQL text of the statement executed last; names the statement in error messages. */
    String lastSql();

    /**
     * The session as TPROC-C's terminals use it: statements whose rows they read, with autocommit off, each
     * counted as this session counts its own and named by {@link #lastSql()} when it fails.
     */
    TproccSql rows() throws SQLException;

    /** Closes the connection quietly. */
    @Override
    void close();

    /** Breaks the connection from another thread, so that a statement blocked in the server returns. */
    void abort();

    /** A prepared statement with integer and string parameters (1-based, as in JDBC). */
    interface Stmt {
        void setInt(int index, int value);

        void setString(int index, String value);

        void execute() throws SQLException;
    }
}

package org.taf.runner.workload;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.taf.runner.workload.tprocc.JdbcTproccSql;
import org.taf.runner.workload.tprocc.TproccSql;

/**
 * A {@link SqlSession} over one JDBC connection (MariaDB Connector/J with server-side prepared statements).
 * Result sets are read to the end, as sysbench's {@code mysql_stmt_store_result} does, and each statement
 * is counted as sysbench counts it. If the server refuses to prepare a statement (1295,
 * ER_UNSUPPORTED_PS) the statement is emulated over the text protocol, as sysbench's auto PS mode does.
 */
final class JdbcSession implements SqlSession {
    /** ER_UNSUPPORTED_PS: "This command is not supported in the prepared statement protocol yet". */
    static final int ER_UNSUPPORTED_PS = 1295;

    private final Connection connection;
    private final Counters counters;
    private final List<Statement> statements = new ArrayList<>();
    private Statement text;
    private String lastSql = "";
    private TproccSql rows;

    JdbcSession(Connection connection, Counters counters) {
        this.connection = connection;
        this.counters = counters;
    }

    @Override
    public Stmt prepare(String sql) throws SQLException {
        lastSql = sql;
        try {
            PreparedStatement ps = connection.prepareStatement(sql);
            statements.add(ps);
            return new ServerStmt(ps, sql);
        } catch (SQLException e) {
            if (e.getErrorCode() == ER_UNSUPPORTED_PS) {
                return new TextStmt(this, sql);
            }
            throw e;
        }
    }

    @Override
    public void query(String sql) throws SQLException {
        lastSql = sql;
        Statement st = textStatement();
        count(st, st.execute(sql));
    }

    @Override
    public TproccSql rows() throws SQLException {
        if (rows == null) {
            rows = new JdbcTproccSql(connection, new JdbcTproccSql.Listener() {
                @Override
                public void executing(String sql) {
                    lastSql = sql;
                }

                @Override
                public void counted(JdbcTproccSql.Kind kind) {
                    switch (kind) {
                        case READ -> counters.read();
                        case WRITE -> counters.write();
                        case OTHER -> counters.other();
                    }
                }
            });
        }
        return rows;
    }

    @Override
    public String lastSql() {
        return lastSql;
    }

    private Statement textStatement() throws SQLException {
        if (text == null) {
            text = connection.createStatement();
            statements.add(text);
        }
        return text;
    }

    private void count(Statement st, boolean hasResultSet) throws SQLException {
        if (hasResultSet) {
            try (ResultSet rs = st.getResultSet()) {
                while (rs.next()) {
                    // read every row, as sysbench stores the whole result
                }
            }
            counters.read();
        } else if (st.getUpdateCount() > 0) {
            counters.write();
        } else {
            counters.other();
        }
    }

    @Override
    public void close() {
        for (Statement st : statements) {
            try {
                st.close();
            } catch (SQLException | RuntimeException e) {
                // the connection is going away anyway; nothing to recover
            }
        }
        statements.clear();
        try {
            connection.close();
        } catch (SQLException | RuntimeException e) {
            // already broken: closing is best effort
        }
    }

    @Override
    public void abort() {
        try {
            connection.abort(Runnable::run);
        } catch (SQLException | RuntimeException e) {
            // best effort: the worker notices through its own failing statement
        }
    }

    /** A statement prepared by the server (COM_STMT_PREPARE / COM_STMT_EXECUTE). */
    private final class ServerStmt implements Stmt {
        private final PreparedStatement ps;
        private final String sql;

        ServerStmt(PreparedStatement ps, String sql) {
            this.ps = ps;
            this.sql = sql;
        }

        @Override
        public void setInt(int index, int value) {
            try {
                ps.setInt(index, value);
            } catch (SQLException e) {
                throw new IllegalStateException("cannot bind parameter " + index + " of " + sql, e);
            }
        }

        @Override
        public void setString(int index, String value) {
            try {
                ps.setString(index, value);
            } catch (SQLException e) {
                throw new IllegalStateException("cannot bind parameter " + index + " of " + sql, e);
            }
        }

        @Override
        public void execute() throws SQLException {
            lastSql = sql;
            count(ps, ps.execute());
        }
    }
}

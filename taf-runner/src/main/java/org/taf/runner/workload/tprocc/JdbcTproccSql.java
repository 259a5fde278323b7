package org.taf.runner.workload.tprocc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@link TproccSql} over one JDBC connection: each statement prepared once (server-side with the load
 * generator's Connector/J settings) and kept, results read to the end, and every statement told to a
 * {@link Listener} before it runs and counted after, as sysbench counts: a result set is a read, affected rows
 * a write, anything else (COMMIT, ROLLBACK, a write that matched nothing) other.
 */
public final class JdbcTproccSql implements TproccSql {
    /** Hears of every statement: which one runs (so that a failure can name it), and how it counted. */
    public interface Listener {
        /** A listener that hears nothing. */
        Listener NONE = new Listener() {
            @Override
            public void executing(String sql) {
            }

            @Override
            public void counted(Kind kind) {
            }
        };

        void executing(String sql);

        void counted(Kind kind);
    }

    /** How a statement counts. */
    public enum Kind { READ, WRITE, OTHER }

    private final Connection connection;
    private final Listener listener;
    private final Map<String, PreparedStatement> prepared = new HashMap<>();

    /** Turns autocommit off on {@code connection}. */
    public JdbcTproccSql(Connection connection, Listener listener) throws SQLException {
        this.connection = connection;
        this.listener = listener;
        connection.setAutoCommit(false);
    }

    private PreparedStatement prepare(String sql, Object[] params) throws SQLException {
        listener.executing(sql);
        PreparedStatement ps = prepared.get(sql);
        if (ps == null) {
            ps = connection.prepareStatement(sql);
            prepared.put(sql, ps);
        }
        for (int i = 0; i < params.length; i++) {
            ps.setObject(i + 1, params[i]);
        }
        return ps;
    }

    @Override
    public List<String[]> query(String sql, Object... params) throws SQLException {
        PreparedStatement ps = prepare(sql, params);
        List<String[]> rows = new ArrayList<>();
        try (ResultSet rs = ps.executeQuery()) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                String[] row = new String[n];
                for (int i = 0; i < n; i++) {
                    row[i] = rs.getString(i + 1);
                }
                rows.add(row);
            }
        }
        listener.counted(Kind.READ);
        return rows;
    }

    @Override
    public int update(String sql, Object... params) throws SQLException {
        int n = prepare(sql, params).executeUpdate();
        listener.counted(n > 0 ? Kind.WRITE : Kind.OTHER);
        return n;
    }

    @Override
    public void commit() throws SQLException {
        listener.executing("COMMIT");
        connection.commit();
        listener.counted(Kind.OTHER);
    }

    @Override
    public void abandon() {
        try {
            connection.rollback();
        } catch (SQLException | RuntimeException e) {
            // the connection may be gone: the server rolls back then, and the caller reconnects
        }
    }

    @Override
    public void rollback() throws SQLException {
        listener.executing("ROLLBACK");
        connection.rollback();
        listener.counted(Kind.OTHER);
    }
}

package org.taf.runner.workload;

import java.sql.SQLException;
import org.taf.runner.workload.tprocc.TproccSql;

/**
 * A session that prepares nothing: every statement goes over the text protocol, so the server parses each
 * execution (sysbench's {@code --db-ps-mode=disable}, TAF (perl)'s PARSER tests).
 */
final class TextSession implements SqlSession {
    private final SqlSession delegate;

    TextSession(SqlSession delegate) {
        this.delegate = delegate;
    }

    @Override
    public Stmt prepare(String sql) {
        return new TextStmt(delegate, sql);
    }

    @Override
    public void query(String sql) throws SQLException {
        delegate.query(sql);
    }

    /** TPROC-C's statements as the session runs them (TPROC-C has no text-protocol variant). */
    @Override
    public TproccSql rows() throws SQLException {
        return delegate.rows();
    }

    @Override
    public String lastSql() {
        return delegate.lastSql();
    }

    @Override
    public void close() {
        delegate.close();
    }

    @Override
    public void abort() {
        delegate.abort();
    }
}

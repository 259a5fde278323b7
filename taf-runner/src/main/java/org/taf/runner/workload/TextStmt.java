package org.taf.runner.workload;

import java.sql.SQLException;

/**
 * A statement sent over the text protocol with its parameters written in as literals: what sysbench does
 * with {@code --db-ps-mode=disable}, and when a server answers a prepare with error 1295.
 */
final class TextStmt implements SqlSession.Stmt {
    private final SqlSession session;
    private final LiteralSql template;

    TextStmt(SqlSession session, String sql) {
        this.session = session;
        this.template = new LiteralSql(sql);
    }

    @Override
    public void setInt(int index, int value) {
        template.set(index, value);
    }

    @Override
    public void setString(int index, String value) {
        template.set(index, value);
    }

    @Override
    public void execute() throws SQLException {
        session.query(template.render());
    }
}

package org.taf.engine.sql.exec;

import org.taf.engine.sql.ast.Statement;

/**
 * A statement prepared in a session (COM_STMT_PREPARE): parsed once, planned once, run many
 * times. Unqualified table names keep meaning the database current at prepare time; the plan is
 * rebuilt if its table was dropped or changed since.
 */
public final class PreparedQuery {
    final Statement statement;
    final String database;
    private final int paramCount;
    Plan plan;

    PreparedQuery(Statement statement, String database, int paramCount, Plan plan) {
        this.statement = statement;
        this.database = database;
        this.paramCount = paramCount;
        this.plan = plan;
    }

    /** How many {@code ?} the statement holds. */
    public int paramCount() {
        return paramCount;
    }

    /** The result columns, or null if the statement answers with an OK. */
    public ResultColumns columns() {
        return plan.columns();
    }

    public Statement statement() {
        return statement;
    }
}

package org.taf.engine.sql.exec;

import org.taf.engine.api.Engine;
import org.taf.engine.api.Transaction;

/**
 * A statement compiled against the catalog: names resolved, access path chosen. A prepared
 * statement keeps its plan and runs it again with new parameters while {@link #isCurrent} holds.
 */
abstract class Plan {
    /** The result set's columns, or null if the statement answers with an OK. */
    ResultColumns columns() {
        return null;
    }

    /** Whether the statement reads or writes rows, and so runs in a transaction. */
    boolean usesRows() {
        return false;
    }

    /** Whether the tables the plan was compiled against are still the catalog's. */
    boolean isCurrent(Engine engine) {
        return true;
    }

    /**
     * Runs the statement.
     *
     * @param txn    the transaction when {@link #usesRows()}, else null
     * @param params the bound parameter values
     */
    abstract void run(Transaction txn, Object[] params, ResultSink sink);
}

package org.taf.engine.sql.exec;

import org.taf.engine.api.Transaction;

/** A statement that changes session or catalog state and answers OK: USE, BEGIN, SET, DDL, ... */
final class CommandPlan extends Plan {
    /** The action; returns the affected-row count of the OK. */
    @FunctionalInterface
    interface Action {
        long run(Object[] params);
    }

    private final Action action;

    CommandPlan(Action action) {
        this.action = action;
    }

    @Override
    void run(Transaction txn, Object[] params, ResultSink sink) {
        long affected = action.run(params);
        sink.ok(affected, 0);
    }
}

package org.taf.runner.workload;

import java.sql.SQLException;

/** One sysbench event (one "transaction" of tps) of one worker thread; statements prepared beforehand. */
@FunctionalInterface
interface Event {
    void execute() throws SQLException;

    /** Builds a thread's event: prepares its statements on the context's session. */
    @FunctionalInterface
    interface Factory {
        Event create(EventContext context) throws SQLException;
    }
}

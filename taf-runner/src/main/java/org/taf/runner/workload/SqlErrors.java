package org.taf.runner.workload;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;

/** How a worker treats a failed statement: restart the event, reconnect, or abort the run. */
final class SqlErrors {
    /** ER_LOCK_DEADLOCK. */
    static final int DEADLOCK = 1213;
    /** ER_LOCK_WAIT_TIMEOUT. */
    static final int LOCK_WAIT_TIMEOUT = 1205;
    /** ER_CHECKREAD: "Record has changed since last read". */
    static final int RECORD_CHANGED = 1020;
    /** ER_CONNECTION_KILLED: the server killed this connection (KILL, shutdown). */
    static final int CONNECTION_KILLED = 1927;
    /** ER_SERVER_SHUTDOWN. */
    static final int SERVER_SHUTDOWN = 1053;

    private SqlErrors() {}

    /** sysbench's default --mysql-ignore-errors: restart the event and count an error. */
    static boolean isRetryable(SQLException e) {
        int code = e.getErrorCode();
        return code == DEADLOCK || code == LOCK_WAIT_TIMEOUT || code == RECORD_CHANGED;
    }

    /** The connection is gone (SQLSTATE class 08, or killed by the server): reconnect and restart. */
    static boolean isConnectionLost(SQLException e) {
        String state = e.getSQLState();
        return e instanceof SQLNonTransientConnectionException
                || e instanceof SQLTransientConnectionException
                || (state != null && state.startsWith("08"))
                || e.getErrorCode() == CONNECTION_KILLED
                || e.getErrorCode() == SERVER_SHUTDOWN;
    }
}

package org.taf.runner.workload;

import org.taf.runner.TafException;

/**
 * A workload-stage error the user can act on: an unknown workload name, an invalid option, a server that
 * cannot be reached at host:port, or a statement the server rejected (the message names the statement and
 * quotes the server's error).
 */
public class WorkloadException extends TafException {
    private static final long serialVersionUID = 1L;

    public WorkloadException(String message) {
        super(message);
    }

    public WorkloadException(String message, Throwable cause) {
        super(message, cause);
    }
}

package org.taf.runner.db;

import org.taf.runner.TafException;

/** The results database cannot be reached, has a schema this TAF does not know, or refused a write. */
public final class DbException extends TafException {
    private static final long serialVersionUID = 1L;

    public DbException(String message) {
        super(message);
    }

    public DbException(String message, Throwable cause) {
        super(message, cause);
    }
}

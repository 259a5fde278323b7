package org.taf.runner.jfr;

import org.taf.runner.TafException;

/**
 * A JFR recording that cannot be read: missing, empty or corrupt. The message names the file.
 */
public class FlameException extends TafException {
    private static final long serialVersionUID = 1L;

    public FlameException(String message) {
        super(message);
    }

    public FlameException(String message, Throwable cause) {
        super(message, cause);
    }
}

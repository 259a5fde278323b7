package org.taf.runner.jfr;

import org.taf.runner.TafException;

/**
 * JFR data that cannot be read: a missing, empty or corrupt JFR recording, or a collapsed-stacks
 * file with a malformed line. The message names the file (and line).
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

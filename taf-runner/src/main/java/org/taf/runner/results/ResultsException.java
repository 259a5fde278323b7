package org.taf.runner.results;

import org.taf.runner.TafException;

/** A results file that cannot be read or written; the message names the file. */
public class ResultsException extends TafException {
    private static final long serialVersionUID = 1L;

    public ResultsException(String message) {
        super(message);
    }

    public ResultsException(String message, Throwable cause) {
        super(message, cause);
    }
}

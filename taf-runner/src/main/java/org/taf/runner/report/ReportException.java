package org.taf.runner.report;

import org.taf.runner.TafException;

/** A site or report that cannot be written, or results that cannot be published; names the file or run. */
public class ReportException extends TafException {
    private static final long serialVersionUID = 1L;

    public ReportException(String message) {
        super(message);
    }

    public ReportException(String message, Throwable cause) {
        super(message, cause);
    }
}

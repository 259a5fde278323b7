package org.taf.runner.run;

import org.taf.runner.TafException;

/** The run was interrupted (Ctrl-C); what was completed is kept in the results. */
public class RunInterruptedException extends TafException {
    private static final long serialVersionUID = 1L;

    public RunInterruptedException(String message) {
        super(message);
    }
}

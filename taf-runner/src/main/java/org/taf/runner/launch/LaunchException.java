package org.taf.runner.launch;

import org.taf.runner.TafException;

/**
 * The engine could not be started or stopped: a port in use, an engine that died on start (with
 * its exit code and log tail), a startup timeout, a datadir that cannot be prepared. The message
 * names the port, pid, file or directory at fault. When it is thrown nothing is left running.
 */
public class LaunchException extends TafException {
    private static final long serialVersionUID = 1L;

    public LaunchException(String message) {
        super(message);
    }

    public LaunchException(String message, Throwable cause) {
        super(message, cause);
    }
}

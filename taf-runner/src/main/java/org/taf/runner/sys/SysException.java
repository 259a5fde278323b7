package org.taf.runner.sys;

import org.taf.runner.TafException;

/**
 * A reading of the operating system that failed: a process that is gone, a {@code /proc} or cgroup
 * file that cannot be read or parsed, a {@code taskset} that refused. The message names the file,
 * pid or command.
 */
public class SysException extends TafException {
    private static final long serialVersionUID = 1L;

    public SysException(String message) {
        super(message);
    }

    public SysException(String message, Throwable cause) {
        super(message, cause);
    }
}

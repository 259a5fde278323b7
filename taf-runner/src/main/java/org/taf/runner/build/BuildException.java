package org.taf.runner.build;

import java.nio.file.Path;
import java.util.Optional;
import org.taf.runner.TafException;

/**
 * A build that failed, timed out or produced no artifact. The message names the commit (short sha and
 * subject), the exit status or the timeout, the log file, and ends with the last lines of the log.
 */
public class BuildException extends TafException {
    private static final long serialVersionUID = 1L;

    private final transient Path log;

    public BuildException(String message, Path log) {
        super(message);
        this.log = log;
    }

    public BuildException(String message, Path log, Throwable cause) {
        super(message, cause);
        this.log = log;
    }

    /** The full log of the failed attempt, at a stable path outside the cache entries; empty if none was written. */
    public Optional<Path> log() {
        return Optional.ofNullable(log);
    }
}

package org.taf.runner;

/**
 * An error the user can act on: bad input, a failed build, an engine that dies, a port in use.
 * Each pipeline stage has its own subclass ({@code ConfigException}, {@code BuildException}, ...)
 * whose message names the object at fault (file:line and key, commit, container, port).
 * The CLI prints the message as one {@code error:} line and exits with {@link ExitCode#ERROR}.
 * Bugs stay {@link IllegalStateException} and friends.
 */
public class TafException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public TafException(String message) {
        super(message);
    }

    public TafException(String message, Throwable cause) {
        super(message, cause);
    }
}

package org.taf.engine.api;

/**
 * An error the engine reports to its caller with a MySQL error number: a duplicate key, a
 * deadlock, an unknown table, a corrupt page. The message is what a client sees.
 * Bugs are not reported this way; they stay {@link IllegalStateException}.
 */
public class EngineException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final ErrorCode code;

    public EngineException(ErrorCode code, String message) {
        super(message);
        this.code = code;
    }

    public EngineException(ErrorCode code, String message, Throwable cause) {
        super(message, cause);
        this.code = code;
    }

    public ErrorCode code() {
        return code;
    }
}

package org.taf.engine.server;

/** The server cannot start: the datadir is in use, the port is taken, the engine failed to open. */
public final class ServerException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ServerException(String message) {
        super(message);
    }

    public ServerException(String message, Throwable cause) {
        super(message, cause);
    }
}

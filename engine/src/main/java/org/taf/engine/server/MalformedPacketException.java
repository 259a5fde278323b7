package org.taf.engine.server;

/** A client packet that cannot be decoded: too short, a length past its end, a bad value. */
final class MalformedPacketException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    MalformedPacketException(String message) {
        super(message, null, false, false);
    }
}

package org.taf.engine.server;

import java.io.IOException;

/** A client packet larger than {@code max_allowed_packet}: answered with error 1153, then the connection closes. */
final class PacketTooLargeException extends IOException {
    private static final long serialVersionUID = 1L;

    PacketTooLargeException(long size, long max) {
        super("Got a packet bigger than 'max_allowed_packet' bytes (" + size + " > " + max + ")");
    }
}

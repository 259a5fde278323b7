package org.taf.runner.launch;

import java.io.IOException;

/**
 * One attempt to read the initial handshake from the engine's port. The real probe is
 * {@link SocketProbe}; tests script the answers.
 */
@FunctionalInterface
public interface HandshakeProbe {
    /**
     * Connects to 127.0.0.1:port and reads the handshake.
     *
     * @throws IOException when nothing answers yet (refused, timed out) or the answer is not a
     *                     MySQL handshake ({@link java.net.ProtocolException})
     */
    Handshake probe(int port) throws IOException;
}

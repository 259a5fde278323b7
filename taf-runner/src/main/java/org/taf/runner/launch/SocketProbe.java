package org.taf.runner.launch;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;

/**
 * Reads the handshake over TCP from 127.0.0.1, each attempt bounded by a connect and a read
 * timeout. It then closes the connection without logging in (the server logs an aborted
 * connection; one per start is harmless).
 */
public final class SocketProbe implements HandshakeProbe {
    /** 127.0.0.1 exactly: the engine binds IPv4 loopback, whatever the JVM prefers for "localhost". */
    static final InetAddress LOOPBACK = loopback();

    private final int connectTimeoutMillis;
    private final int readTimeoutMillis;

    /** Timeouts of one attempt: connect to a listening loopback port is immediate, the handshake follows at once. */
    public SocketProbe(Duration connectTimeout, Duration readTimeout) {
        this.connectTimeoutMillis = Math.toIntExact(connectTimeout.toMillis());
        this.readTimeoutMillis = Math.toIntExact(readTimeout.toMillis());
    }

    /** 1 s to connect, 5 s for the handshake (a server busy starting may take a moment to greet). */
    public SocketProbe() {
        this(Duration.ofSeconds(1), Duration.ofSeconds(5));
    }

    private static InetAddress loopback() {
        try {
            return InetAddress.getByAddress("127.0.0.1", new byte[] {127, 0, 0, 1});
        } catch (java.net.UnknownHostException e) {
            throw new IllegalStateException(e); // cannot happen for a 4-byte address
        }
    }

    @Override
    public Handshake probe(int port) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(LOOPBACK, port), connectTimeoutMillis);
            socket.setSoTimeout(readTimeoutMillis);
            return Handshake.read(socket.getInputStream());
        }
    }
}

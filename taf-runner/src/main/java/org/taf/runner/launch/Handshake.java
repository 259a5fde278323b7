package org.taf.runner.launch;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.ProtocolException;
import java.nio.charset.StandardCharsets;

/**
 * The MySQL protocol's initial handshake (v10) a server sends as soon as a client connects: the
 * proof that the engine is up and speaking the protocol, not merely listening.
 *
 * @param protocolVersion always 10
 * @param serverVersion   the server's version string as sent, e.g. {@code 5.5.5-10.11.18-MariaDB-0+deb12u1}
 *                        (MariaDB prefixes "5.5.5-" for old clients)
 * @param connectionId    the server's id for this connection
 */
public record Handshake(int protocolVersion, String serverVersion, long connectionId) {

    /** Payloads above this are not a handshake (a real one is about 100 bytes); refuse to read them. */
    static final int MAX_PAYLOAD = 64 * 1024;
    private static final int ERR_MARKER = 0xFF;

    /**
     * Reads one packet (3-byte little-endian length, 1-byte sequence id, payload) and parses it.
     *
     * @throws ProtocolException when the bytes are not a v10 handshake (an ERR packet, another
     *                           protocol version, an absurd length); the message says which
     * @throws EOFException      when the stream ends early (truncated)
     * @throws IOException       for read errors and timeouts
     */
    public static Handshake read(InputStream in) throws IOException {
        byte[] header = in.readNBytes(4);
        if (header.length < 4) {
            throw new EOFException("connection closed after " + header.length + " of 4 packet header bytes");
        }
        int length = (header[0] & 0xFF) | (header[1] & 0xFF) << 8 | (header[2] & 0xFF) << 16;
        if (header[3] != 0) {
            throw new ProtocolException("first packet has sequence id " + (header[3] & 0xFF) + ", expected 0");
        }
        if (length < 1 || length > MAX_PAYLOAD) {
            throw new ProtocolException("first packet claims " + length + " payload bytes: not a MySQL handshake");
        }
        byte[] payload = in.readNBytes(length);
        if (payload.length < length) {
            throw new EOFException("handshake truncated: " + payload.length + " of " + length + " payload bytes");
        }
        return parsePayload(payload);
    }

    /**
     * Parses a handshake payload (without the 4-byte header).
     *
     * @throws ProtocolException for an ERR packet (its code and message quoted), a protocol version
     *                           other than 10, or a payload cut short
     */
    public static Handshake parsePayload(byte[] payload) throws ProtocolException {
        if (payload.length == 0) {
            throw new ProtocolException("empty handshake packet");
        }
        int version = payload[0] & 0xFF;
        if (version == ERR_MARKER) {
            throw new ProtocolException("server refused the connection: " + errorText(payload));
        }
        if (version != 10) {
            throw new ProtocolException("protocol version " + version + " is not supported (expected 10)");
        }
        int end = 1;
        while (end < payload.length && payload[end] != 0) {
            end++;
        }
        // after the NUL-terminated version string: 4-byte connection id, then scramble and capabilities
        if (end + 1 + 4 > payload.length) {
            throw new ProtocolException("handshake truncated after " + payload.length + " bytes (no connection id)");
        }
        String serverVersion = new String(payload, 1, end - 1, StandardCharsets.UTF_8);
        int id = end + 1;
        long connectionId = (payload[id] & 0xFFL) | (payload[id + 1] & 0xFFL) << 8 | (payload[id + 2] & 0xFFL) << 16
                | (payload[id + 3] & 0xFFL) << 24;
        return new Handshake(version, serverVersion, connectionId);
    }

    // ERR before the handshake: 0xFF, 2-byte code, message (no SQL state at this stage), e.g.
    // 1040 "Too many connections" or 1129 "Host is blocked".
    private static String errorText(byte[] payload) {
        if (payload.length < 3) {
            return "ERR packet";
        }
        int code = (payload[1] & 0xFF) | (payload[2] & 0xFF) << 8;
        int from = 3;
        if (payload.length > 3 && payload[3] == '#' && payload.length >= 9) {
            from = 9; // tolerate a '#' + 5-char SQL state
        }
        return "error " + code + " " + new String(payload, from, payload.length - from, StandardCharsets.UTF_8).strip();
    }
}

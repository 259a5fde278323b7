package org.taf.engine.server;

import java.io.IOException;

/** The server's side of connection setup: the Handshake v10 greeting and the auth switch request. */
final class Handshake {
    private Handshake() {}

    /**
     * Writes the greeting: protocol 10, the version string, the connection id, the 20-byte scramble
     * (8 + 12 bytes), capabilities, utf8mb4_general_ci, autocommit status, mysql_native_password.
     */
    static void writeGreeting(PacketChannel ch, String version, long connectionId, byte[] scramble) throws IOException {
        int caps = Protocol.SERVER_CAPABILITIES;
        ch.begin()
                .int1(10)
                .nulString(version)
                .int4(connectionId)
                .bytes(scramble, 0, 8)
                .int1(0)
                .int2(caps & 0xffff)
                .int1(Protocol.UTF8MB4_GENERAL_CI)
                .int2(Protocol.SERVER_STATUS_AUTOCOMMIT)
                .int2(caps >>> 16)
                .int1(scramble.length + 1)
                .zeros(10) // reserved; MariaDB's extended capabilities would be here without LONG_PASSWORD
                .bytes(scramble, 8, scramble.length - 8)
                .int1(0)
                .nulString(Protocol.NATIVE_PASSWORD)
                .end();
    }

    /** Asks the client to answer again with mysql_native_password over the same scramble. */
    static void writeAuthSwitch(PacketChannel ch, byte[] scramble) throws IOException {
        ch.begin().int1(0xfe).nulString(Protocol.NATIVE_PASSWORD).bytes(scramble).int1(0).end();
    }
}

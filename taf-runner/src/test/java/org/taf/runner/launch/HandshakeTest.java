package org.taf.runner.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.ProtocolException;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class HandshakeTest {
    /** The first packet MariaDB 10.11 sent to a client on this machine, captured with socat. */
    static byte[] captured() throws IOException {
        try (InputStream in = HandshakeTest.class.getResourceAsStream("handshake-mariadb-10.11.bin")) {
            return in.readAllBytes();
        }
    }

    private static Handshake read(byte[] bytes) throws IOException {
        return Handshake.read(new ByteArrayInputStream(bytes));
    }

    @Test
    void parsesACapturedMariadbHandshake() throws Exception {
        Handshake h = read(captured());
        assertThat(h).isEqualTo(new Handshake(10, "5.5.5-10.11.18-MariaDB-0+deb12u1", 51));
    }

    @Test
    void readsOnlyTheFirstPacket() throws Exception {
        byte[] twice = Arrays.copyOf(captured(), captured().length * 2);
        System.arraycopy(captured(), 0, twice, captured().length, captured().length);
        ByteArrayInputStream in = new ByteArrayInputStream(twice);
        Handshake.read(in);
        assertThat(in.available()).isEqualTo(captured().length);
    }

    @Test
    void anotherProtocolVersionIsRefused() throws Exception {
        byte[] v9 = captured();
        v9[4] = 9;
        assertThatThrownBy(() -> read(v9)).isInstanceOf(ProtocolException.class)
                .hasMessage("protocol version 9 is not supported (expected 10)");
    }

    @Test
    void truncatedPayloadIsAnEof() throws Exception {
        byte[] cut = Arrays.copyOf(captured(), 40);
        assertThatThrownBy(() -> read(cut))
                .isInstanceOf(EOFException.class)
                .hasMessage("handshake truncated: 36 of 100 payload bytes");
    }

    @Test
    void truncatedHeaderIsAnEof() throws Exception {
        assertThatThrownBy(() -> read(new byte[] {100, 0})).isInstanceOf(EOFException.class)
                .hasMessageContaining("after 2 of 4 packet header bytes");
    }

    @Test
    void aPayloadCutBeforeTheConnectionIdIsRefused() {
        byte[] payload = {10, '1', '1', '.', '4', 0, 7, 0};
        assertThatThrownBy(() -> Handshake.parsePayload(payload)).isInstanceOf(ProtocolException.class)
                .hasMessageContaining("no connection id");
    }

    @Test
    void anErrPacketIsQuoted() {
        byte[] err = {
            (byte) 0xFF,
            0x10,
            0x04,
            'T',
            'o',
            'o',
            ' ',
            'm',
            'a',
            'n',
            'y',
            ' ',
            'c',
            'o',
            'n',
            'n',
            'e',
            'c',
            't',
            'i',
            'o',
            'n',
            's'
        };
        assertThatThrownBy(() -> Handshake.parsePayload(err)).isInstanceOf(ProtocolException.class)
                .hasMessage("server refused the connection: error 1040 Too many connections");
    }

    @Test
    void somethingThatIsNotMysqlIsRefused() {
        // a server that speaks first with "HTTP/1.1 ...": "HTT" is the length, 'P' (80) the sequence id
        assertThatThrownBy(() -> read("HTTP/1.1 400 Bad Request\r\n".getBytes())).isInstanceOf(ProtocolException.class)
                .hasMessageContaining("sequence id 80");
        assertThatThrownBy(() -> read(new byte[] {(byte) 0xff, (byte) 0xff, 0x7f, 0, 10}))
                .isInstanceOf(ProtocolException.class)
                .hasMessageContaining("payload bytes: not a MySQL handshake");
    }
}

package org.taf.engine.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class PacketChannelTest {
    private final ByteArrayOutputStream sent = new ByteArrayOutputStream();

    private PacketChannel writer() {
        return new PacketChannel(InputStream.nullInputStream(), sent, 1 << 30);
    }

    private static String hex(byte[] b) {
        return HexFormat.of().formatHex(b);
    }

    @Test
    void framesPacketsWithLengthAndSequence() throws IOException {
        PacketChannel ch = writer();
        ch.sequence(1);
        ch.begin().int1(0).lenenc(250).lenenc(251).lenenc(65536).int2(2).int2(0).end();
        ch.begin().int1(0xfe).end();
        ch.flush();
        assertThat(hex(sent.toByteArray()))
                .isEqualTo("0d0000" + "01" + "00" + "fa" + "fcfb00" + "fd000001" + "0200" + "0000" + "010000" + "02"
                        + "fe");
    }

    @Test
    void lenencIntegersAtEveryBoundary() throws IOException {
        PacketChannel ch = writer();
        ch.begin().lenenc(0).lenenc(0xfa).lenenc(0xfb).lenenc(0xffff).lenenc(0x10000).lenenc(0xffffff)
                .lenenc(0x1000000L).end();
        ch.flush();
        byte[] b = sent.toByteArray();
        Payload p = new Payload(b, 4, b.length - 4);
        assertThat(new long[] {p.lenenc(), p.lenenc(), p.lenenc(), p.lenenc(), p.lenenc(), p.lenenc(), p.lenenc()})
                .containsExactly(0, 0xfa, 0xfb, 0xffff, 0x10000, 0xffffff, 0x1000000L);
        assertThat(p.hasMore()).isFalse();
    }

    @Test
    void decimalTextOfLongs() throws IOException {
        PacketChannel ch = writer();
        ch.begin()
                .lenencDecimal(0)
                .lenencDecimal(-45)
                .lenencDecimal(Long.MAX_VALUE)
                .lenencDecimal(Long.MIN_VALUE)
                .end();
        ch.flush();
        byte[] b = sent.toByteArray();
        Payload p = new Payload(b, 4, b.length - 4);
        assertThat(new String[] {p.lenencString(), p.lenencString(), p.lenencString(), p.lenencString()})
                .containsExactly("0", "-45", Long.toString(Long.MAX_VALUE), Long.toString(Long.MIN_VALUE));
    }

    @Test
    void utf8StringsKeepTheirByteLength() throws IOException {
        PacketChannel ch = writer();
        ch.begin().lenencString("héllo €").end();
        ch.flush();
        byte[] b = sent.toByteArray();
        assertThat(b[4]).isEqualTo((byte) 10);
        assertThat(new Payload(b, 4, b.length - 4).lenencString()).isEqualTo("héllo €");
    }

    /** A payload of exactly 2 x (16 MiB - 1) bytes is three pieces, the last one empty. */
    @Test
    void splitsLargePayloadsAndJoinsThemBack() throws IOException {
        for (int size : new int[] {
            PacketChannel.MAX_PIECE - 1,
            PacketChannel.MAX_PIECE,
            2 * PacketChannel.MAX_PIECE + 5,
            2 * PacketChannel.MAX_PIECE
        }) {
            sent.reset();
            byte[] body = new byte[size];
            for (int i = 0; i < size; i++) {
                body[i] = (byte) (i * 31);
            }
            PacketChannel ch = writer();
            ch.sequence(3);
            ch.begin().bytes(body).end();
            ch.flush();
            byte[] wire = sent.toByteArray();
            int pieces = size / PacketChannel.MAX_PIECE + 1;
            assertThat(wire.length).as("size " + size).isEqualTo(size + 4 * pieces);
            assertThat(wire[3]).isEqualTo((byte) 3);
            assertThat(ch.sequence()).isEqualTo(3 + pieces);
            PacketChannel reader = new PacketChannel(new ByteArrayInputStream(wire), OutputStream(), 1L << 30);
            Payload p = reader.read();
            assertThat(p.remaining()).isEqualTo(size);
            assertThat(Arrays.equals(p.bytes(size), body)).isTrue();
            assertThat(reader.sequence()).isEqualTo((3 + pieces) & 0xff);
        }
    }

    private static java.io.OutputStream OutputStream() {
        return java.io.OutputStream.nullOutputStream();
    }

    @Test
    void refusesPacketsAboveMaxAllowedPacket() {
        byte[] wire = {(byte) 0xff, (byte) 0xff, 0x00, 0x00};
        PacketChannel reader = new PacketChannel(new ByteArrayInputStream(wire), OutputStream(), 1024);
        assertThatThrownBy(reader::read).isInstanceOf(PacketTooLargeException.class)
                .hasMessageContaining("max_allowed_packet");
    }

    @Test
    void truncatedStreamIsEof() {
        byte[] wire = {0x05, 0x00, 0x00, 0x00, 0x03, 0x53};
        PacketChannel reader = new PacketChannel(new ByteArrayInputStream(wire), OutputStream(), 1024);
        assertThatThrownBy(reader::read).isInstanceOf(EOFException.class);
    }

    @Test
    void abortDropsAHalfWrittenPacket() throws IOException {
        PacketChannel ch = writer();
        ch.begin().int1(1).end();
        ch.begin().int1(2).int1(3);
        ch.abort();
        ch.begin().int1(4).end();
        ch.flush();
        assertThat(hex(sent.toByteArray())).isEqualTo("01000000" + "01" + "01000001" + "04");
    }

    @Test
    void cachedPacketsGetFreshSequenceIds() throws IOException {
        PacketChannel ch = writer();
        ch.sequence(5);
        int from = ch.position();
        ch.begin().int1(0xaa).end();
        ch.begin().int1(0xbb).end();
        byte[] cached = ch.copy(from);
        ch.flush();
        sent.reset();
        ch.sequence(1);
        ch.packets(cached);
        ch.flush();
        assertThat(hex(sent.toByteArray())).isEqualTo("01000001aa" + "01000002bb");
        assertThat(ch.sequence()).isEqualTo(3);
    }

    @Test
    void payloadReadsRefuseToRunPastTheEnd() {
        Payload p = new Payload(new byte[] {(byte) 0xfc, 0x10}, 0, 2);
        assertThatThrownBy(p::lenenc).isInstanceOf(MalformedPacketException.class);
        Payload q = new Payload(new byte[] {0x05, 'a'}, 0, 2);
        assertThatThrownBy(q::lenencString).isInstanceOf(MalformedPacketException.class);
        assertThat(new Payload(new byte[] {'a', 'b'}, 0, 2).nulString()).isEqualTo("ab");
    }
}

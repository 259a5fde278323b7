package org.taf.engine.server;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The MySQL packet layer of one connection: each packet is a 3-byte little-endian payload length,
 * a 1-byte sequence id and the payload; a payload of 16 MiB - 1 or more is split into pieces of
 * 16 MiB - 1 (and an empty piece if it divides evenly). Replies are built in one buffer and sent
 * with one write per command, so a point select costs one system call each way.
 */
final class PacketChannel {
    static final int MAX_PIECE = 0xFF_FFFF;
    private static final int FLUSH_AT = 256 * 1024;

    private final DataInputStream in;
    private final OutputStream out;
    private final long maxAllowedPacket;
    private byte[] payload = new byte[4096];
    private final byte[] header = new byte[4];
    private int sequence;

    private byte[] buf = new byte[16 * 1024];
    private int pos;
    private int packetStart = -1;
    private long flushes;

    PacketChannel(InputStream in, OutputStream out, long maxAllowedPacket) {
        this.in = new DataInputStream(in);
        this.out = out;
        this.maxAllowedPacket = maxAllowedPacket;
    }

    // ---- reading ----

    /**
     * Reads the next packet, joining split pieces. The payload is valid until the next read.
     *
     * @throws EOFException            when the client closed the connection
     * @throws PacketTooLargeException when the packet exceeds max_allowed_packet
     */
    Payload read() throws IOException {
        int length = 0;
        while (true) {
            in.readFully(header);
            int piece = (header[0] & 0xff) | (header[1] & 0xff) << 8 | (header[2] & 0xff) << 16;
            sequence = ((header[3] & 0xff) + 1) & 0xff;
            if ((long) length + piece > maxAllowedPacket) {
                throw new PacketTooLargeException((long) length + piece, maxAllowedPacket);
            }
            if (length + piece > payload.length) {
                payload = Arrays.copyOf(payload, Math.max(length + piece, payload.length * 2));
            }
            in.readFully(payload, length, piece);
            length += piece;
            if (piece < MAX_PIECE) {
                return new Payload(payload, 0, length);
            }
        }
    }

    /** The sequence id the next packet written gets. */
    int sequence() {
        return sequence;
    }

    void sequence(int next) {
        sequence = next & 0xff;
    }

    // ---- writing ----

    /** Starts a packet; fields are appended until {@link #end()}. */
    PacketChannel begin() {
        if (packetStart >= 0) {
            throw new IllegalStateException("packet already open");
        }
        ensure(4);
        packetStart = pos;
        pos += 4;
        return this;
    }

    /** Finishes the open packet: writes its header, splitting it if it is 16 MiB or larger. */
    void end() throws IOException {
        int length = pos - packetStart - 4;
        if (length < MAX_PIECE) {
            putHeader(packetStart, length);
            packetStart = -1;
        } else {
            split(length);
        }
        if (pos >= FLUSH_AT) {
            flush();
        }
    }

    private void split(int length) {
        byte[] body = Arrays.copyOfRange(buf, packetStart + 4, pos);
        pos = packetStart;
        packetStart = -1;
        int off = 0;
        while (true) {
            int piece = Math.min(MAX_PIECE, length - off);
            ensure(4 + piece);
            putHeader(pos, piece);
            System.arraycopy(body, off, buf, pos + 4, piece);
            pos += 4 + piece;
            off += piece;
            if (piece < MAX_PIECE) {
                return;
            }
        }
    }

    private void putHeader(int at, int length) {
        buf[at] = (byte) length;
        buf[at + 1] = (byte) (length >>> 8);
        buf[at + 2] = (byte) (length >>> 16);
        buf[at + 3] = (byte) sequence;
        sequence = (sequence + 1) & 0xff;
    }

    /** Drops the open packet, if any (a reply that failed half-way is replaced by an error). */
    void abort() {
        if (packetStart >= 0) {
            pos = packetStart;
            packetStart = -1;
        }
    }

    /** Sends everything buffered. */
    void flush() throws IOException {
        if (packetStart >= 0) {
            throw new IllegalStateException("flush with a packet open");
        }
        if (pos > 0) {
            out.write(buf, 0, pos);
            pos = 0;
            flushes++;
        }
        out.flush();
        if (buf.length > 1 << 20) {
            buf = new byte[16 * 1024]; // do not keep a huge result's buffer for an idle connection
        }
    }

    /**
     * Appends whole packets encoded earlier (headers included), renumbering their sequence ids.
     * Used for a prepared statement's cached column definitions.
     */
    void packets(byte[] encoded) {
        ensure(encoded.length);
        System.arraycopy(encoded, 0, buf, pos, encoded.length);
        int at = pos;
        int end = pos + encoded.length;
        while (at < end) {
            int length = (buf[at] & 0xff) | (buf[at + 1] & 0xff) << 8 | (buf[at + 2] & 0xff) << 16;
            buf[at + 3] = (byte) sequence;
            sequence = (sequence + 1) & 0xff;
            at += 4 + length;
        }
        pos = end;
    }

    /** The bytes written since {@code from} (a position returned by {@link #position()}). */
    byte[] copy(int from) {
        return Arrays.copyOfRange(buf, from, pos);
    }

    /** How many times the buffer was sent (positions from before a flush are no longer valid). */
    long flushes() {
        return flushes;
    }

    int position() {
        return pos;
    }

    private void ensure(int n) {
        if (pos + n > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(pos + n, buf.length * 2));
        }
    }

    PacketChannel int1(int v) {
        ensure(1);
        buf[pos++] = (byte) v;
        return this;
    }

    PacketChannel int2(int v) {
        ensure(2);
        buf[pos++] = (byte) v;
        buf[pos++] = (byte) (v >>> 8);
        return this;
    }

    PacketChannel int3(int v) {
        ensure(3);
        buf[pos++] = (byte) v;
        buf[pos++] = (byte) (v >>> 8);
        buf[pos++] = (byte) (v >>> 16);
        return this;
    }

    PacketChannel int4(long v) {
        ensure(4);
        for (int i = 0; i < 4; i++) {
            buf[pos++] = (byte) (v >>> (8 * i));
        }
        return this;
    }

    PacketChannel int8(long v) {
        ensure(8);
        for (int i = 0; i < 8; i++) {
            buf[pos++] = (byte) (v >>> (8 * i));
        }
        return this;
    }

    PacketChannel lenenc(long v) {
        if (v < 0xfb && v >= 0) {
            return int1((int) v);
        }
        if (v >= 0 && v < 1 << 16) {
            return int1(0xfc).int2((int) v);
        }
        if (v >= 0 && v < 1 << 24) {
            return int1(0xfd).int3((int) v);
        }
        return int1(0xfe).int8(v);
    }

    PacketChannel bytes(byte[] b) {
        return bytes(b, 0, b.length);
    }

    PacketChannel bytes(byte[] b, int off, int len) {
        ensure(len);
        System.arraycopy(b, off, buf, pos, len);
        pos += len;
        return this;
    }

    /** Sets bit {@code bit} of the byte written at {@code at} (a NULL bitmap). */
    void setBit(int at, int bit) {
        buf[at] |= (byte) (1 << bit);
    }

    PacketChannel zeros(int n) {
        ensure(n);
        Arrays.fill(buf, pos, pos + n, (byte) 0);
        pos += n;
        return this;
    }

    /** A NUL-terminated UTF-8 string. */
    PacketChannel nulString(String s) {
        return bytes(s.getBytes(StandardCharsets.UTF_8)).int1(0);
    }

    /** UTF-8 text without a length (the rest of a packet). */
    PacketChannel string(String s) {
        return bytes(s.getBytes(StandardCharsets.UTF_8));
    }

    /** A length-encoded UTF-8 string. */
    PacketChannel lenencString(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8); // an intrinsic copy for Latin-1 strings: faster than charAt
        return lenenc(b.length).bytes(b);
    }

    /** A long as length-encoded decimal text (text result sets), without a temporary String. */
    PacketChannel lenencDecimal(long v) {
        if (v == Long.MIN_VALUE) {
            return lenencString(Long.toString(v));
        }
        int digits = 1;
        long a = Math.abs(v);
        for (long t = a; t >= 10; t /= 10) {
            digits++;
        }
        int len = digits + (v < 0 ? 1 : 0);
        int1(len);
        ensure(len);
        int end = pos + len;
        int at = end;
        do {
            buf[--at] = (byte) ('0' + (a % 10));
            a /= 10;
        } while (a != 0);
        if (v < 0) {
            buf[--at] = '-';
        }
        pos = end;
        return this;
    }
}

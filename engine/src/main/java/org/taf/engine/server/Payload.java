package org.taf.engine.server;

import java.nio.charset.StandardCharsets;

/**
 * Reads the fields of one packet's payload in place: fixed-size little-endian integers,
 * length-encoded integers and strings, NUL-terminated strings. Reading past the end throws
 * {@link MalformedPacketException} — a client's bytes are never trusted.
 */
final class Payload {
    private final byte[] buf;
    private final int end;
    private int pos;

    Payload(byte[] buf, int offset, int length) {
        this.buf = buf;
        this.pos = offset;
        this.end = offset + length;
    }

    /** The read position, for {@link #byteAt}. */
    int position() {
        return pos;
    }

    /** The byte at absolute position {@code at} (already read past), unsigned. */
    int byteAt(int at) {
        return buf[at] & 0xff;
    }

    int remaining() {
        return end - pos;
    }

    boolean hasMore() {
        return pos < end;
    }

    private void need(long n) {
        if (n < 0 || n > end - pos) {
            throw new MalformedPacketException("packet too short: need " + n + " more bytes, " + (end - pos) + " left");
        }
    }

    int int1() {
        need(1);
        return buf[pos++] & 0xff;
    }

    int peek() {
        need(1);
        return buf[pos] & 0xff;
    }

    int int2() {
        need(2);
        int v = (buf[pos] & 0xff) | (buf[pos + 1] & 0xff) << 8;
        pos += 2;
        return v;
    }

    int int3() {
        need(3);
        int v = (buf[pos] & 0xff) | (buf[pos + 1] & 0xff) << 8 | (buf[pos + 2] & 0xff) << 16;
        pos += 3;
        return v;
    }

    long int4() {
        need(4);
        long v = (buf[pos] & 0xffL) | (buf[pos + 1] & 0xffL) << 8 | (buf[pos + 2] & 0xffL) << 16
                | (buf[pos + 3] & 0xffL) << 24;
        pos += 4;
        return v;
    }

    long int8() {
        need(8);
        long v = 0;
        for (int i = 7; i >= 0; i--) {
            v = (v << 8) | (buf[pos + i] & 0xffL);
        }
        pos += 8;
        return v;
    }

    /** A length-encoded integer; 0xFB (NULL) is returned as -1. */
    long lenenc() {
        int first = int1();
        if (first < 0xfb) {
            return first;
        }
        return switch (first) {
            case 0xfb -> -1;
            case 0xfc -> int2();
            case 0xfd -> int3();
            case 0xfe -> int8();
            default -> throw new MalformedPacketException("bad length-encoded integer 0xff");
        };
    }

    byte[] bytes(long n) {
        need(n);
        byte[] out = new byte[(int) n];
        System.arraycopy(buf, pos, out, 0, (int) n);
        pos += (int) n;
        return out;
    }

    void skip(long n) {
        need(n);
        pos += (int) n;
    }

    /** A length-encoded string (UTF-8); NULL (0xFB) is null. */
    String lenencString() {
        long n = lenenc();
        if (n < 0) {
            return null;
        }
        need(n);
        String s = new String(buf, pos, (int) n, StandardCharsets.UTF_8);
        pos += (int) n;
        return s;
    }

    byte[] lenencBytes() {
        long n = lenenc();
        return n < 0 ? null : bytes(n);
    }

    /** A NUL-terminated string; at the end of the packet without a NUL, the rest. */
    String nulString() {
        int start = pos;
        while (pos < end && buf[pos] != 0) {
            pos++;
        }
        String s = new String(buf, start, pos - start, StandardCharsets.UTF_8);
        if (pos < end) {
            pos++;
        }
        return s;
    }

    /** The rest of the packet as UTF-8 text. */
    String restString() {
        String s = new String(buf, pos, end - pos, StandardCharsets.UTF_8);
        pos = end;
        return s;
    }
}

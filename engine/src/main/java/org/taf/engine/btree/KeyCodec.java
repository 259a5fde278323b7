package org.taf.engine.btree;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Memcomparable key encodings: byte-wise unsigned comparison of encoded keys orders them as
 * their values. A key is a sequence of parts, one per key column: a FIXED part is a long in 8
 * bytes big-endian with the sign bit flipped (integers, and what the caller maps to a long in
 * order: decimals unscaled, dates packed); a TEXT part is the UTF-8 bytes with each 0x00 written
 * 0x00 0xFF, then 0x00 0x00 (so a string sorts before its extensions). A secondary-index part
 * starts with a NULL marker (0 NULL, 1 a value follows), and the index key ends with the primary
 * key. A one-column integer primary key is its 8 bytes alone, and a one-column secondary key is
 * marker, value, primary key: the encodings of datadirs made before keys had several columns.
 * Strings compare by their UTF-8 bytes (a binary collation).
 */
public final class KeyCodec {
    /** Encoded one-column integer primary keys are this long. */
    public static final int PK_LENGTH = 8;
    /** A part of 8 bytes. */
    public static final byte FIXED = 0;
    /** A part of escaped, terminated bytes. */
    public static final byte TEXT = 1;
    private static final byte NULL_MARK = 0;
    private static final byte VALUE_MARK = 1;

    private KeyCodec() {}

    public static byte[] encodeLong(long v) {
        byte[] b = new byte[8];
        putLong(b, 0, v);
        return b;
    }

    static void putLong(byte[] b, int off, long v) {
        long u = v ^ Long.MIN_VALUE;
        for (int i = 7; i >= 0; i--) {
            b[off + i] = (byte) u;
            u >>>= 8;
        }
    }

    public static long decodeLong(byte[] b, int off) {
        long u = 0;
        for (int i = 0; i < 8; i++) {
            u = (u << 8) | (b[off + i] & 0xFF);
        }
        return u ^ Long.MIN_VALUE;
    }

    /**
     * The offset just past {@code kinds.length} parts starting at {@code off}; {@code markers}
     * says whether each part starts with a NULL marker (secondary-index parts do).
     */
    public static int skipParts(byte[] b, int off, byte[] kinds, boolean markers) {
        int i = off;
        for (byte kind : kinds) {
            if (markers && b[i++] == NULL_MARK) {
                continue;
            }
            if (kind == FIXED) {
                i += 8;
                continue;
            }
            while (true) {
                if (b[i] == 0) {
                    if (b[i + 1] == 0) {
                        i += 2;
                        break;
                    }
                    i += 2; // an escaped 0x00
                } else {
                    i++;
                }
            }
        }
        return i;
    }

    /**
     * The smallest byte string greater than every string that starts with {@code prefix}, or null
     * if there is none (the prefix is all 0xFF): the exclusive end of a prefix range.
     */
    public static byte[] successor(byte[] prefix) {
        for (int i = prefix.length - 1; i >= 0; i--) {
            if (prefix[i] != (byte) 0xFF) {
                byte[] s = Arrays.copyOf(prefix, i + 1);
                s[i]++;
                return s;
            }
        }
        return null;
    }

    /** Builds one key, part by part, in a buffer that grows as needed. */
    public static final class Builder {
        private byte[] b;
        private int n;

        /** @param capacity the expected length (the buffer grows past it if need be) */
        public Builder(int capacity) {
            b = new byte[Math.max(capacity, 8)];
        }

        private void room(int more) {
            if (n + more > b.length) {
                b = Arrays.copyOf(b, Math.max(b.length * 2, n + more));
            }
        }

        /** A secondary-index part's NULL marker; after a NULL no value follows. */
        public Builder marker(boolean isNull) {
            room(1);
            b[n++] = isNull ? NULL_MARK : VALUE_MARK;
            return this;
        }

        /** A FIXED part. */
        public Builder fixed(long v) {
            room(8);
            putLong(b, n, v);
            n += 8;
            return this;
        }

        /** A TEXT part. */
        public Builder text(String s) {
            byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
            room(utf8.length * 2 + 2);
            for (byte x : utf8) {
                b[n++] = x;
                if (x == 0) {
                    b[n++] = (byte) 0xFF;
                }
            }
            b[n++] = 0;
            b[n++] = 0;
            return this;
        }

        /** Raw bytes (an encoded primary key after a secondary key's parts). */
        public Builder bytes(byte[] src, int off, int len) {
            room(len);
            System.arraycopy(src, off, b, n, len);
            n += len;
            return this;
        }

        public int length() {
            return n;
        }

        public byte[] toArray() {
            return n == b.length ? b : Arrays.copyOf(b, n);
        }
    }
}

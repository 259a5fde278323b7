package org.taf.engine.btree;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Memcomparable key encodings: byte-wise unsigned comparison of encoded keys orders them as
 * their values. Integers are 8 bytes big-endian with the sign bit flipped; a secondary-index key
 * is a NULL marker, the column value (strings escaped and terminated) and the primary key.
 * Strings compare by their UTF-8 bytes (a binary collation).
 */
public final class KeyCodec {
    /** Encoded primary keys are this long. */
    public static final int PK_LENGTH = 8;
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

    /** The encoded column value alone (NULL marker, value): a prefix of every index key with it. */
    public static byte[] encodeValue(Object value) {
        if (value == null) {
            return new byte[] {NULL_MARK};
        }
        if (value instanceof Long l) {
            byte[] b = new byte[9];
            b[0] = VALUE_MARK;
            putLong(b, 1, l);
            return b;
        }
        if (value instanceof String s) {
            byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
            ByteArrayOutputStream out = new ByteArrayOutputStream(utf8.length + 3);
            out.write(VALUE_MARK);
            for (byte x : utf8) {
                out.write(x);
                if (x == 0) {
                    out.write(0xFF);
                }
            }
            out.write(0);
            out.write(0);
            return out.toByteArray();
        }
        throw new IllegalArgumentException("cannot index a " + value.getClass().getSimpleName());
    }

    /** A secondary-index key: the encoded value followed by the encoded primary key. */
    public static byte[] indexKey(Object value, long pk) {
        byte[] v = encodeValue(value);
        byte[] k = Arrays.copyOf(v, v.length + PK_LENGTH);
        putLong(k, v.length, pk);
        return k;
    }

    /** The primary key at the end of a secondary-index key. */
    public static long primaryKeyOfIndexKey(byte[] page, int keyOff, int keyLen) {
        return decodeLong(page, keyOff + keyLen - PK_LENGTH);
    }

    /** The smallest index key with this value (for a range starting at it). */
    public static byte[] lowestWithValue(Object value) {
        return encodeValue(value);
    }

    /** The largest index key with this value (for a range ending at it). */
    public static byte[] highestWithValue(Object value) {
        byte[] v = encodeValue(value);
        byte[] k = Arrays.copyOf(v, v.length + PK_LENGTH);
        Arrays.fill(k, v.length, k.length, (byte) 0xFF);
        return k;
    }
}

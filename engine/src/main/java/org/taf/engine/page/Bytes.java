package org.taf.engine.page;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** Big-endian reads and writes of fixed-size integers in a byte array (a page frame). */
public final class Bytes {
    private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private Bytes() {}

    /** Unsigned 16-bit value. */
    public static int getShort(byte[] b, int off) {
        return ((short) SHORT.get(b, off)) & 0xFFFF;
    }

    public static void putShort(byte[] b, int off, int v) {
        SHORT.set(b, off, (short) v);
    }

    public static int getInt(byte[] b, int off) {
        return (int) INT.get(b, off);
    }

    public static void putInt(byte[] b, int off, int v) {
        INT.set(b, off, v);
    }

    public static long getLong(byte[] b, int off) {
        return (long) LONG.get(b, off);
    }

    public static void putLong(byte[] b, int off, long v) {
        LONG.set(b, off, v);
    }
}

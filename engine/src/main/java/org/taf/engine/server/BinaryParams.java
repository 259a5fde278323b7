package org.taf.engine.server;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import org.taf.engine.sql.SqlException;

/**
 * Decodes the parameter values of COM_STMT_EXECUTE: NULL bitmap, the new-params-bound flag, the
 * types when the flag is 1 (cached on the statement: when it is 0 the values still follow, typed
 * as last bound), then each non-NULL value in its binary form. Integers become {@link Long} (an
 * unsigned BIGINT above 2^63-1 a {@link BigDecimal}), floating point and DECIMAL a BigDecimal,
 * temporal values and strings text.
 */
final class BinaryParams {
    private BinaryParams() {}

    static void decode(Payload p, ServerStatement st) {
        int n = st.params.length;
        if (n == 0) {
            return;
        }
        int nulls = p.position();
        p.skip((n + 7) / 8);
        if (p.int1() == 1) {
            int[] types = new int[n];
            for (int i = 0; i < n; i++) {
                types[i] = p.int2();
            }
            st.types = types;
        }
        if (st.types == null) {
            throw new SqlException(
                    1210, "HY000", "Incorrect arguments to mysqld_stmt_execute: no parameter types bound");
        }
        for (int i = 0; i < n; i++) {
            if ((p.byteAt(nulls + i / 8) & (1 << (i % 8))) != 0) {
                st.params[i] = null;
            } else if (st.hasLongData(i)) {
                st.params[i] = st.longData(i);
            } else {
                st.params[i] = value(p, st.types[i] & 0xff, (st.types[i] & 0x8000) != 0);
            }
        }
    }

    static Object value(Payload p, int type, boolean unsigned) {
        switch (type) {
            case 0x01: {
                int v = p.int1();
                return (long) (unsigned ? v : (byte) v);
            }
            case 0x02, 0x0d: {
                int v = p.int2();
                return (long) (unsigned ? v : (short) v);
            }
            case 0x03, 0x09: {
                long v = p.int4();
                return unsigned ? v : (long) (int) v;
            }
            case 0x08: {
                long v = p.int8();
                return unsigned && v < 0 ? new BigDecimal(Long.toUnsignedString(v)) : (Object) v;
            }
            case 0x04:
                return new BigDecimal(Float.toString(Float.intBitsToFloat((int) p.int4())));
            case 0x05:
                return new BigDecimal(Double.toString(Double.longBitsToDouble(p.int8())));
            case 0x06:
                return null;
            case 0x07, 0x0a, 0x0c:
                return dateTime(p);
            case 0x0b:
                return time(p);
            case 0x00, 0xf6: {
                String s = p.lenencString();
                try {
                    return new BigDecimal(s);
                } catch (NumberFormatException e) {
                    return s;
                }
            }
            case 0x0f, 0x10, 0xf5, 0xf7, 0xf8, 0xf9, 0xfa, 0xfb, 0xfc, 0xfd, 0xfe, 0xff: {
                byte[] b = p.lenencBytes();
                return b == null ? null : new String(b, StandardCharsets.UTF_8);
            }
            default:
                throw new MalformedPacketException("unknown parameter type 0x" + Integer.toHexString(type));
        }
    }

    private static String dateTime(Payload p) {
        int len = p.int1();
        int year = 0;
        int month = 0;
        int day = 0;
        int hour = 0;
        int minute = 0;
        int second = 0;
        long micros = 0;
        if (len >= 4) {
            year = p.int2();
            month = p.int1();
            day = p.int1();
        }
        if (len >= 7) {
            hour = p.int1();
            minute = p.int1();
            second = p.int1();
        }
        if (len >= 11) {
            micros = p.int4();
        }
        if (len != 0 && len != 4 && len != 7 && len != 11) {
            throw new MalformedPacketException("bad DATETIME length " + len);
        }
        String s = String.format("%04d-%02d-%02d", year, month, day);
        if (len >= 7) {
            s += String.format(" %02d:%02d:%02d", hour, minute, second);
        }
        return micros == 0 ? s : s + String.format(".%06d", micros);
    }

    private static String time(Payload p) {
        int len = p.int1();
        if (len == 0) {
            return "00:00:00";
        }
        if (len != 8 && len != 12) {
            throw new MalformedPacketException("bad TIME length " + len);
        }
        boolean negative = p.int1() == 1;
        long days = p.int4();
        int hour = p.int1();
        int minute = p.int1();
        int second = p.int1();
        long micros = len == 12 ? p.int4() : 0;
        String s = String.format("%s%02d:%02d:%02d", negative ? "-" : "", days * 24 + hour, minute, second);
        return micros == 0 ? s : s + String.format(".%06d", micros);
    }
}

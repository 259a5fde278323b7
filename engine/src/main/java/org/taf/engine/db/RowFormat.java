package org.taf.engine.db;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.taf.engine.api.Column;
import org.taf.engine.api.ColumnType;
import org.taf.engine.api.Datetimes;
import org.taf.engine.api.EngineException;
import org.taf.engine.api.ErrorCode;
import org.taf.engine.api.Row;
import org.taf.engine.page.Bytes;

/**
 * How rows and index entries are stored as B-tree values.
 * <pre>
 * clustered value:  u8 flags (bit 0: delete-marked), i64 transaction id, NULL bitmap,
 *                   then each non-NULL column: integers, DECIMAL (unscaled) and temporal types
 *                   (packed, {@link Datetimes}) 8 bytes, CHAR/VARCHAR u16 length + UTF-8
 * secondary value:  u8 flags, i64 transaction id (the column value and primary key are in the key)
 * </pre>
 * The transaction id is that of the last writer: readers compare it with the active transactions
 * to decide whether the record is committed.
 */
final class RowFormat {
    static final int HEADER = 9;
    private static final int DELETE_MARK = 1;

    private RowFormat() {}

    static boolean isDeleteMarked(byte[] b, int off) {
        return (b[off] & DELETE_MARK) != 0;
    }

    static long trxId(byte[] b, int off) {
        return Bytes.getLong(b, off + 1);
    }

    /** A secondary-index entry's value. */
    static byte[] indexEntry(long trxId, boolean deleteMarked) {
        byte[] v = new byte[HEADER];
        v[0] = (byte) (deleteMarked ? DELETE_MARK : 0);
        Bytes.putLong(v, 1, trxId);
        return v;
    }

    /** A copy of a stored value, delete-marked and stamped by {@code trxId}. */
    static byte[] deleteMarked(byte[] value, long trxId) {
        byte[] v = value.clone();
        v[0] = (byte) (v[0] | DELETE_MARK);
        Bytes.putLong(v, 1, trxId);
        return v;
    }

    static byte[] encode(List<Column> columns, Row row, long trxId) {
        int n = columns.size();
        int bitmap = (n + 7) / 8;
        int size = HEADER + bitmap;
        byte[][] strings = new byte[n][];
        for (int i = 0; i < n; i++) {
            Object v = row.get(i);
            if (v == null) {
                continue;
            }
            if (!columns.get(i).type().isText()) {
                size += 8;
            } else {
                strings[i] = ((String) v).getBytes(StandardCharsets.UTF_8);
                size += 2 + strings[i].length;
            }
        }
        byte[] b = new byte[size];
        Bytes.putLong(b, 1, trxId);
        int pos = HEADER + bitmap;
        for (int i = 0; i < n; i++) {
            Object v = row.get(i);
            if (v == null) {
                b[HEADER + i / 8] |= (byte) (1 << (i % 8));
                continue;
            }
            if (strings[i] == null) {
                Bytes.putLong(b, pos, KeyLayout.fixedValue(columns.get(i), v));
                pos += 8;
            } else {
                Bytes.putShort(b, pos, strings[i].length);
                System.arraycopy(strings[i], 0, b, pos + 2, strings[i].length);
                pos += 2 + strings[i].length;
            }
        }
        return b;
    }

    static Row decode(List<Column> columns, byte[] b, int off) {
        int n = columns.size();
        Object[] values = new Object[n];
        int pos = off + HEADER + (n + 7) / 8;
        for (int i = 0; i < n; i++) {
            if ((b[off + HEADER + i / 8] & (1 << (i % 8))) != 0) {
                continue;
            }
            Column c = columns.get(i);
            if (!c.type().isText()) {
                values[i] = fixed(c, Bytes.getLong(b, pos));
                pos += 8;
            } else {
                int len = Bytes.getShort(b, pos);
                values[i] = new String(b, pos + 2, len, StandardCharsets.UTF_8);
                pos += 2 + len;
            }
        }
        return Row.of(values);
    }

    /** The value of one column, decoded without building the whole row. */
    static Object decodeColumn(List<Column> columns, byte[] b, int off, int column) {
        int n = columns.size();
        if ((b[off + HEADER + column / 8] & (1 << (column % 8))) != 0) {
            return null;
        }
        int pos = off + HEADER + (n + 7) / 8;
        for (int i = 0; i < column; i++) {
            if ((b[off + HEADER + i / 8] & (1 << (i % 8))) != 0) {
                continue;
            }
            pos += !columns.get(i).type().isText() ? 8 : 2 + Bytes.getShort(b, pos);
        }
        Column c = columns.get(column);
        if (!c.type().isText()) {
            return fixed(c, Bytes.getLong(b, pos));
        }
        return new String(b, pos + 2, Bytes.getShort(b, pos), StandardCharsets.UTF_8);
    }

    /** The value of a non-text column from its stored long. */
    private static Object fixed(Column c, long v) {
        ColumnType t = c.type();
        if (t.isInteger()) {
            return v;
        }
        if (t == ColumnType.DECIMAL) {
            return BigDecimal.valueOf(v, c.scale());
        }
        return Datetimes.format(t, c.length(), v);
    }

    /**
     * Checks and normalizes a row for its columns: integers as Long within the type's range,
     * decimals rounded to the column's scale within its precision, dates in their canonical text,
     * strings within their length (CHAR without trailing spaces), NULL only where allowed.
     * The AUTO_INCREMENT column may be NULL here; the caller assigns it.
     */
    static Row validate(List<Column> columns, Row row) {
        if (row.size() != columns.size()) {
            throw new EngineException(ErrorCode.WRONG_VALUE_COUNT, "Column count doesn't match value count at row 1");
        }
        Object[] out = new Object[columns.size()];
        for (int i = 0; i < out.length; i++) {
            Column c = columns.get(i);
            Object v = row.get(i);
            if (v == null) {
                if (!c.nullable() && !c.autoIncrement()) {
                    throw new EngineException(ErrorCode.BAD_NULL, "Column '" + c.name() + "' cannot be null");
                }
                continue;
            }
            ColumnType t = c.type();
            out[i] = t.isInteger() ? toInteger(c, v) : t == ColumnType.DECIMAL ? toDecimal(c, v)
                    : t.isTemporal() ? toTemporal(c, v) : toText(c, v);
        }
        return Row.of(out);
    }

    private static Long toInteger(Column c, Object v) {
        long x;
        if (v instanceof Long l) {
            x = l;
        } else if (v instanceof Number num) {
            x = num.longValue();
        } else {
            try {
                x = Long.parseLong(v.toString().trim());
            } catch (NumberFormatException e) {
                throw new EngineException(ErrorCode.OUT_OF_RANGE,
                        "Incorrect integer value: '" + v + "' for column '" + c.name() + "' at row 1");
            }
        }
        if (x < c.type().min() || x > c.type().max()) {
            throw new EngineException(
                    ErrorCode.OUT_OF_RANGE, "Out of range value for column '" + c.name() + "' at row 1");
        }
        return x;
    }

    private static BigDecimal toDecimal(Column c, Object v) {
        BigDecimal d;
        try {
            d = v instanceof BigDecimal x ? x
                    : v instanceof Long l ? BigDecimal.valueOf(l) : new BigDecimal(v.toString().trim());
        } catch (NumberFormatException e) {
            throw new EngineException(ErrorCode.OUT_OF_RANGE,
                    "Incorrect decimal value: '" + v + "' for column '" + c.name() + "' at row 1");
        }
        d = d.setScale(c.scale(), RoundingMode.HALF_UP);
        if (d.precision() - d.scale() > c.length() - c.scale() && d.signum() != 0) {
            throw new EngineException(
                    ErrorCode.OUT_OF_RANGE, "Out of range value for column '" + c.name() + "' at row 1");
        }
        return d;
    }

    private static String toTemporal(Column c, Object v) {
        try {
            return Datetimes.normalize(c.type(), c.length(), v);
        } catch (IllegalArgumentException e) {
            throw new EngineException(ErrorCode.TRUNCATED_WRONG_VALUE, e.getMessage() + " for column '" + c.name()
                    + "' at row 1");
        }
    }

    private static String toText(Column c, Object v) {
        String s = v.toString();
        if (c.type() == ColumnType.CHAR) {
            int end = s.length();
            while (end > 0 && s.charAt(end - 1) == ' ') {
                end--;
            }
            s = s.substring(0, end);
        }
        if (s.codePointCount(0, s.length()) > c.length()) {
            throw new EngineException(ErrorCode.DATA_TOO_LONG, "Data too long for column '" + c.name() + "' at row 1");
        }
        return s;
    }
}

package org.taf.engine.db;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import org.taf.engine.api.Column;
import org.taf.engine.api.ColumnType;
import org.taf.engine.api.Datetimes;
import org.taf.engine.api.Row;
import org.taf.engine.api.TableSchema;
import org.taf.engine.btree.KeyCodec;

/**
 * How the columns of one index make its key ({@link KeyCodec}): the primary key's columns, or a
 * secondary index's columns (each part with a NULL marker) followed by the primary key. Integer,
 * DECIMAL (unscaled) and temporal (packed) values are FIXED parts; CHAR and VARCHAR are TEXT.
 */
final class KeyLayout {
    final int[] columns;
    private final Column[] defs;
    final byte[] kinds;
    /** Secondary-index parts carry NULL markers; primary-key parts are never NULL. */
    final boolean markers;
    /** A primary key of one integer column: the key is {@link KeyCodec#encodeLong} of the value. */
    final boolean singleLong;
    private final int expectedLength;

    private KeyLayout(List<Column> all, int[] columns, boolean markers) {
        this.columns = columns;
        this.markers = markers;
        this.defs = new Column[columns.length];
        this.kinds = new byte[columns.length];
        int len = 0;
        for (int i = 0; i < columns.length; i++) {
            defs[i] = all.get(columns[i]);
            kinds[i] = defs[i].type().isText() ? KeyCodec.TEXT : KeyCodec.FIXED;
            len += (markers ? 1 : 0) + (kinds[i] == KeyCodec.FIXED ? 8 : 2 + defs[i].length());
        }
        this.singleLong = !markers && columns.length == 1 && defs[0].type().isInteger();
        this.expectedLength = len;
    }

    static KeyLayout primary(TableSchema s) {
        return new KeyLayout(s.columns(), s.primaryKeyPositions(), false);
    }

    static KeyLayout secondary(TableSchema s, int[] columns) {
        return new KeyLayout(s.columns(), columns, true);
    }

    int parts() {
        return columns.length;
    }

    /** The primary key of a full row. */
    byte[] encode(Row row) {
        if (singleLong) {
            return KeyCodec.encodeLong((Long) row.get(columns[0]));
        }
        KeyCodec.Builder b = new KeyCodec.Builder(expectedLength);
        for (int i = 0; i < columns.length; i++) {
            append(b, i, row.get(columns[i]));
        }
        return b.toArray();
    }

    /** A secondary-index key of a full row: its parts, then the row's primary key. */
    byte[] encode(Row row, byte[] primaryKey) {
        KeyCodec.Builder b = new KeyCodec.Builder(expectedLength + primaryKey.length);
        for (int i = 0; i < columns.length; i++) {
            append(b, i, row.get(columns[i]));
        }
        return b.bytes(primaryKey, 0, primaryKey.length).toArray();
    }

    /** The key (or key prefix) of the given leading values, normalized to the columns' types. */
    byte[] encodeValues(List<?> values) {
        if (values.size() > columns.length) {
            throw new IllegalArgumentException("a key of " + columns.length + " columns has no part "
                    + (columns.length + 1));
        }
        if (singleLong && values.size() == 1) {
            return KeyCodec.encodeLong((Long) normalize(0, values.get(0)));
        }
        KeyCodec.Builder b = new KeyCodec.Builder(expectedLength);
        for (int i = 0; i < values.size(); i++) {
            append(b, i, values.get(i) == null ? null : normalize(i, values.get(i)));
        }
        return b.toArray();
    }

    /** Where the parts of a secondary key end (and its primary key starts). */
    int partsEnd(byte[] page, int keyOff) {
        return KeyCodec.skipParts(page, keyOff, kinds, markers);
    }

    private void append(KeyCodec.Builder b, int part, Object v) {
        if (markers) {
            b.marker(v == null);
            if (v == null) {
                return;
            }
        } else if (v == null) {
            throw new IllegalArgumentException("primary-key column " + defs[part].name() + " is NULL");
        }
        Column c = defs[part];
        if (kinds[part] == KeyCodec.TEXT) {
            b.text((String) v);
        } else {
            b.fixed(fixedValue(c, v));
        }
    }

    /** The long a FIXED part holds for a stored value of column {@code c}. */
    static long fixedValue(Column c, Object v) {
        if (c.type().isInteger()) {
            return (Long) v;
        }
        if (c.type() == ColumnType.DECIMAL) {
            return ((BigDecimal) v).unscaledValue().longValueExact();
        }
        return Datetimes.pack(v);
    }

    /** A caller's bound value as the column stores it (a number as a Long, a date as its text, ...). */
    private Object normalize(int part, Object v) {
        Column c = defs[part];
        ColumnType t = c.type();
        if (t.isInteger()) {
            return v instanceof Number n ? n.longValue() : Long.parseLong(v.toString().trim());
        }
        if (t == ColumnType.DECIMAL) {
            BigDecimal d = v instanceof BigDecimal x ? x : new BigDecimal(v.toString().trim());
            return d.setScale(c.scale(), RoundingMode.HALF_UP);
        }
        if (t.isTemporal()) {
            return Datetimes.normalize(t, c.length(), v);
        }
        return v.toString();
    }
}

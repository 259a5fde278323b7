package org.taf.engine.sql.exec;

import java.math.BigDecimal;
import java.math.RoundingMode;
import org.taf.engine.api.Column;
import org.taf.engine.api.ColumnType;
import org.taf.engine.api.Datetimes;
import org.taf.engine.api.ErrorCode;
import org.taf.engine.sql.SqlException;

/**
 * Converts a value for storage in a column, in MariaDB's strict mode: integers are range-checked
 * (1264), decimals rounded to the column's scale (a note in MariaDB, not an error) and
 * range-checked, numeric strings accepted and others refused (1366), dates read in MariaDB's forms
 * (a bad one is 1292), text too long is refused (1406), NULL in a NOT NULL column refused (1048)
 * except for AUTO_INCREMENT, where NULL asks for the next value.
 */
final class ColumnValues {
    private ColumnValues() {}

    /**
     * {@code value} as column {@code c} of table {@code table} stores it.
     *
     * @param row 1-based row number of a multi-row INSERT, for the error message
     */
    static Object coerce(TableBinding table, Column c, Object value, long row) {
        if (value == null) {
            if (!c.nullable() && !c.autoIncrement()) {
                throw new SqlException(ErrorCode.BAD_NULL, "Column '" + c.name() + "' cannot be null");
            }
            return null;
        }
        ColumnType type = c.type();
        if (type.isInteger()) {
            return integer(table, c, value, row);
        }
        if (type == ColumnType.DECIMAL) {
            return decimal(table, c, value, row);
        }
        if (type.isTemporal()) {
            try {
                return Datetimes.normalize(type, c.length(), value instanceof String s ? s : Values.toNumber(value));
            } catch (IllegalArgumentException e) {
                throw new SqlException(ErrorCode.TRUNCATED_WRONG_VALUE, "Incorrect " + type.name().toLowerCase()
                        + " value: '" + Values.toText(value) + "' for column `" + table.schema.database() + "`.`"
                        + table.schema.name() + "`.`" + c.name() + "` at row " + row);
            }
        }
        String s = Values.toText(value);
        if (s.length() > c.length() && s.codePointCount(0, s.length()) > c.length()) {
            throw new SqlException(
                    ErrorCode.DATA_TOO_LONG, "Data too long for column '" + c.name() + "' at row " + row);
        }
        return s;
    }

    private static Long integer(TableBinding table, Column c, Object value, long row) {
        long v;
        if (value instanceof Long l) {
            v = l;
        } else {
            BigDecimal d = number(table, c, value, row, "integer").setScale(0, RoundingMode.HALF_UP);
            if (!Values.fitsLong(d)) {
                throw outOfRange(c, row);
            }
            v = d.longValueExact();
        }
        if (v < c.type().min() || v > c.type().max()) {
            throw outOfRange(c, row);
        }
        return v;
    }

    private static BigDecimal decimal(TableBinding table, Column c, Object value, long row) {
        BigDecimal d = number(table, c, value, row, "decimal").setScale(c.scale(), RoundingMode.HALF_UP);
        if (d.signum() != 0 && d.precision() - d.scale() > c.length() - c.scale()) {
            throw outOfRange(c, row);
        }
        return d;
    }

    /** A number, or a string that is wholly one (else 1366, as strict mode says). */
    private static BigDecimal number(TableBinding table, Column c, Object value, long row, String kind) {
        if (value instanceof String s && !Values.isWholeNumber(s)) {
            throw new SqlException(SqlException.TRUNCATED_WRONG_VALUE, "22007", "Incorrect " + kind + " value: '" + s
                    + "' for column `" + table.schema.database() + "`.`" + table.schema.name() + "`.`" + c.name()
                    + "` at row " + row);
        }
        return Values.toDecimal(value);
    }

    private static SqlException outOfRange(Column c, long row) {
        return new SqlException(
                ErrorCode.OUT_OF_RANGE, "Out of range value for column '" + c.name() + "' at row " + row);
    }
}

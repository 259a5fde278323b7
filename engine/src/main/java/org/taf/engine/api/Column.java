package org.taf.engine.api;

import java.util.Objects;

/**
 * One column of a table.
 *
 * @param name          column name, case-insensitive for lookups, kept as written
 * @param type          the stored type
 * @param length        maximum characters for CHAR/VARCHAR (1..1024); precision for DECIMAL (1..18);
 *                      fraction digits for DATETIME/TIMESTAMP (0..6); 0 otherwise
 * @param scale         digits after the point for DECIMAL (0..length); 0 otherwise
 * @param nullable      whether NULL may be stored
 * @param defaultValue  value used when an INSERT omits the column ({@code null} = NULL, or none
 *                      for a NOT NULL column without DEFAULT, which then must be given)
 * @param autoIncrement whether the engine assigns the next value when the column is NULL or 0
 * @param binary        for CHAR/VARCHAR: compares and sorts by bytes ({@code VARCHAR(16) BINARY},
 *                      a {@code _bin} collation) instead of case-insensitively
 * @param invisible     left out of {@code SELECT *} and of an INSERT without a column list
 *                      (MariaDB's INVISIBLE; the hidden key of a table without a primary key)
 */
public record Column(String name, ColumnType type, int length, int scale, boolean nullable, Object defaultValue,
                     boolean autoIncrement, boolean binary, boolean invisible) {
    public static final int MAX_CHAR_LENGTH = 1024;
    /** DECIMAL precision this engine stores (an unscaled long). */
    public static final int MAX_DECIMAL_PRECISION = 18;
    public static final int MAX_FRACTION_DIGITS = 6;

    public Column {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        if (name.isBlank()) {
            throw new IllegalArgumentException("column name must not be blank");
        }
        if (type.isInteger() || type == ColumnType.DATE) {
            length = 0;
        } else if (type.isText() && (length < 1 || length > MAX_CHAR_LENGTH)) {
            throw new IllegalArgumentException("column " + name + ": length " + length
                    + " must be between 1 and " + MAX_CHAR_LENGTH);
        } else if (type == ColumnType.DECIMAL && (length < 1 || length > MAX_DECIMAL_PRECISION)) {
            throw new IllegalArgumentException("column " + name + ": DECIMAL precision " + length
                    + " must be between 1 and " + MAX_DECIMAL_PRECISION);
        } else if (type.isTemporal() && (length < 0 || length > MAX_FRACTION_DIGITS)) {
            throw new IllegalArgumentException("column " + name + ": fraction digits " + length
                    + " must be between 0 and " + MAX_FRACTION_DIGITS);
        }
        if (type != ColumnType.DECIMAL) {
            scale = 0;
        } else if (scale < 0 || scale > length) {
            throw new IllegalArgumentException("column " + name + ": DECIMAL scale " + scale
                    + " must be between 0 and the precision " + length);
        }
        binary &= type.isText();
        if (autoIncrement && !type.isInteger()) {
            throw new IllegalArgumentException("column " + name + ": AUTO_INCREMENT needs an integer type");
        }
    }

    /** A column of the types sysbench uses: no scale, case-insensitive text, visible. */
    public Column(String name, ColumnType type, int length, boolean nullable, Object defaultValue,
                  boolean autoIncrement) {
        this(name, type, length, 0, nullable, defaultValue, autoIncrement, false, false);
    }

    /** An integer column: NOT NULL when {@code nullable} is false. */
    public static Column integer(String name, ColumnType type, boolean nullable, Long defaultValue) {
        return new Column(name, type, 0, nullable, defaultValue, false);
    }

    /** Whether {@code other} names this column (case-insensitive, as MySQL column names are). */
    public boolean isNamed(String other) {
        return name.equalsIgnoreCase(other);
    }
}

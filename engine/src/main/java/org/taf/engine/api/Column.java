package org.taf.engine.api;

import java.util.Objects;

/**
 * One column of a table.
 *
 * @param name          column name, case-insensitive for lookups, kept as written
 * @param type          the stored type
 * @param length        maximum characters for CHAR/VARCHAR (1..1024); ignored (0) for integers
 * @param nullable      whether NULL may be stored
 * @param defaultValue  value used when an INSERT omits the column ({@code null} = NULL, or none
 *                      for a NOT NULL column without DEFAULT, which then must be given)
 * @param autoIncrement whether the engine assigns the next value when the column is NULL or 0
 */
public record Column(String name, ColumnType type, int length, boolean nullable, Object defaultValue,
                     boolean autoIncrement) {
    public static final int MAX_CHAR_LENGTH = 1024;

    public Column {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        if (name.isBlank()) {
            throw new IllegalArgumentException("column name must not be blank");
        }
        if (type.isInteger()) {
            length = 0;
        } else if (length < 1 || length > MAX_CHAR_LENGTH) {
            throw new IllegalArgumentException("column " + name + ": length " + length
                    + " must be between 1 and " + MAX_CHAR_LENGTH);
        }
        if (autoIncrement && !type.isInteger()) {
            throw new IllegalArgumentException("column " + name + ": AUTO_INCREMENT needs INT or BIGINT");
        }
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

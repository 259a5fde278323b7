package org.taf.engine.api;

/**
 * Column types the engine stores, and the Java value each holds in a {@link Row}: {@link Long} for
 * the integer types, {@link java.math.BigDecimal} (at the column's scale) for DECIMAL, {@link String}
 * for CHAR and VARCHAR, and for the temporal types their canonical text ({@code 2024-01-31},
 * {@code 2024-01-31 12:00:00}, with as many fraction digits as the column keeps), as MariaDB prints
 * them; {@link Datetimes} converts.
 */
public enum ColumnType {
    /** 8-bit signed integer. */
    TINYINT(-128, 127),
    /** 16-bit signed integer. */
    SMALLINT(-32_768, 32_767),
    /** 24-bit signed integer. */
    MEDIUMINT(-8_388_608, 8_388_607),
    /** 32-bit signed integer. */
    INT(Integer.MIN_VALUE, Integer.MAX_VALUE),
    /** 64-bit signed integer. */
    BIGINT(Long.MIN_VALUE, Long.MAX_VALUE),
    /** Exact decimal of {@code length} digits, {@code scale} after the point (at most 18 digits here). */
    DECIMAL(0, 0),
    /** A date, 1000-01-01 to 9999-12-31 (0000-00-00 allowed, as in MariaDB). */
    DATE(0, 0),
    /** A date and time with {@code length} fraction digits (0 to 6). */
    DATETIME(0, 0),
    /** As DATETIME here: no time zone conversion and no automatic update. */
    TIMESTAMP(0, 0),
    /** Fixed-length character string of at most {@code length} characters; trailing spaces are not kept. */
    CHAR(0, 0),
    /** Variable-length character string of at most {@code length} characters. */
    VARCHAR(0, 0);

    private final long min;
    private final long max;

    ColumnType(long min, long max) {
        this.min = min;
        this.max = max;
    }

    /** True for TINYINT, SMALLINT, MEDIUMINT, INT and BIGINT. */
    public boolean isInteger() {
        return ordinal() <= BIGINT.ordinal();
    }

    /** True for CHAR and VARCHAR. */
    public boolean isText() {
        return this == CHAR || this == VARCHAR;
    }

    /** True for DATE, DATETIME and TIMESTAMP. */
    public boolean isTemporal() {
        return this == DATE || this == DATETIME || this == TIMESTAMP;
    }

    /** The smallest value of an integer type. */
    public long min() {
        return min;
    }

    /** The largest value of an integer type. */
    public long max() {
        return max;
    }
}

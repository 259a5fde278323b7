package org.taf.engine.sql.exec;

/**
 * The type of a result column, with its MySQL protocol type code. The server encodes values by
 * it: in binary result sets TINYINT is 1 byte, SMALLINT 2, MEDIUMINT and INT 4, BIGINT 8, the
 * temporal types MySQL's date structure, the others length-encoded text.
 */
public enum SqlType {
    /** MYSQL_TYPE_TINY: an 8-bit integer. */
    TINYINT(1, true),
    /** MYSQL_TYPE_SHORT: a 16-bit integer. */
    SMALLINT(2, true),
    /** MYSQL_TYPE_INT24: a 24-bit integer (4 bytes in binary rows). */
    MEDIUMINT(9, true),
    /** MYSQL_TYPE_LONG: a 32-bit integer. */
    INT(3, true),
    /** MYSQL_TYPE_LONGLONG: a 64-bit integer (also COUNT and integer expressions). */
    BIGINT(8, true),
    /** MYSQL_TYPE_NEWDECIMAL: an exact decimal (SUM, AVG, division), sent as text. */
    DECIMAL(246, true),
    /** MYSQL_TYPE_DATE. */
    DATE(10, false),
    /** MYSQL_TYPE_DATETIME. */
    DATETIME(12, false),
    /** MYSQL_TYPE_TIMESTAMP. */
    TIMESTAMP(7, false),
    /** MYSQL_TYPE_STRING: CHAR(n). */
    CHAR(254, false),
    /** MYSQL_TYPE_VAR_STRING: VARCHAR(n) and string expressions. */
    VARCHAR(253, false),
    /** MYSQL_TYPE_NULL: the constant NULL. */
    NULL(6, false);

    private final int protocolCode;
    private final boolean numeric;

    SqlType(int protocolCode, boolean numeric) {
        this.protocolCode = protocolCode;
        this.numeric = numeric;
    }

    /** The type byte of a column definition packet. */
    public int protocolCode() {
        return protocolCode;
    }

    public boolean isNumeric() {
        return numeric;
    }

    /** DATE, DATETIME and TIMESTAMP. */
    public boolean isTemporal() {
        return this == DATE || this == DATETIME || this == TIMESTAMP;
    }
}

package org.taf.engine.api;

/** Column types the engine stores. Values are {@link Long} for INT and BIGINT, {@link String} for CHAR and VARCHAR. */
public enum ColumnType {
    /** 32-bit signed integer. */
    INT,
    /** 64-bit signed integer. */
    BIGINT,
    /** Fixed-length character string of at most {@code length} characters; trailing spaces are not kept. */
    CHAR,
    /** Variable-length character string of at most {@code length} characters. */
    VARCHAR;

    /** True for INT and BIGINT. */
    public boolean isInteger() {
        return this == INT || this == BIGINT;
    }
}

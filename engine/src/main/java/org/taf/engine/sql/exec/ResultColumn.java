package org.taf.engine.sql.exec;

import java.util.Objects;

/**
 * One column of a result set, as a column definition packet describes it.
 *
 * @param database  schema of the underlying table, or empty
 * @param table     table alias as written, or empty
 * @param orgTable  underlying table, or empty
 * @param name      column alias as written
 * @param orgName   underlying column, or empty
 * @param type      value type
 * @param length    maximum display length in bytes (characters x 4 for utf8mb4 text)
 * @param decimals  digits after the point for DECIMAL; 0 for integers, 39 ("not fixed") for text
 * @param flags     MySQL column flags ({@link #NOT_NULL}, {@link #PRIMARY_KEY}, ...)
 */
public record ResultColumn(String database, String table, String orgTable, String name, String orgName,
                           SqlType type, int length, int decimals, int flags) {
    public static final int NOT_NULL = 1;
    public static final int PRIMARY_KEY = 2;
    public static final int MULTIPLE_KEY = 8;
    public static final int BINARY = 128;
    public static final int AUTO_INCREMENT = 512;
    public static final int NUM = 32768;

    public ResultColumn {
        Objects.requireNonNull(database, "database");
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(orgTable, "orgTable");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(orgName, "orgName");
        Objects.requireNonNull(type, "type");
    }

    /** A computed column (an expression, a variable): no table. */
    public static ResultColumn computed(String name, SqlType type) {
        int length = switch (type) {
            case TINYINT -> 4;
            case SMALLINT -> 6;
            case MEDIUMINT -> 9;
            case INT -> 11;
            case BIGINT -> 21;
            case DECIMAL -> 65;
            case DATE -> 10;
            case DATETIME, TIMESTAMP -> 19;
            case NULL -> 0;
            default -> 1024;
        };
        int flags = type.isNumeric() || type.isTemporal() ? NUM | BINARY : 0;
        return new ResultColumn("", "", "", name, "", type, length, type == SqlType.DECIMAL ? 4
                : type.isNumeric() || type.isTemporal() ? 0 : 39, flags);
    }

    /** The same column with a different decimal count (SUM of integers has none). */
    public ResultColumn withDecimals(int d) {
        return new ResultColumn(database, table, orgTable, name, orgName, type, length, d, flags);
    }
}

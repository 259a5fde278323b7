package org.taf.engine.api;

/**
 * MySQL/MariaDB error numbers and SQLSTATEs the engine and its server answer with. Clients
 * (sysbench, Connector/J) act on the numbers — sysbench retries 1213 and 1205 — so they must match.
 */
public enum ErrorCode {
    DB_CREATE_EXISTS(1007, "HY000"),
    DB_DROP_EXISTS(1008, "HY000"),
    TOO_MANY_CONNECTIONS(1040, "08004"),
    ACCESS_DENIED(1045, "28000"),
    NO_DB_SELECTED(1046, "3D000"),
    UNKNOWN_COM_ERROR(1047, "08S01"),
    BAD_NULL(1048, "23000"),
    BAD_DB(1049, "42000"),
    TABLE_EXISTS(1050, "42S01"),
    BAD_FIELD(1054, "42S22"),
    DUP_FIELDNAME(1060, "42S21"),
    DUP_KEYNAME(1061, "42000"),
    DUP_ENTRY(1062, "23000"),
    PARSE_ERROR(1064, "42000"),
    KEY_COLUMN_DOES_NOT_EXIST(1072, "42000"),
    WRONG_DB_NAME(1102, "42000"),
    WRONG_TABLE_NAME(1103, "42000"),
    UNKNOWN_ERROR(1105, "HY000"),
    TOO_BIG_ROWSIZE(1118, "42000"),
    WRONG_VALUE_COUNT(1136, "21S01"),
    NO_SUCH_TABLE(1146, "42S02"),
    NET_PACKET_TOO_LARGE(1153, "08S01"),
    UNKNOWN_SYSTEM_VARIABLE(1193, "HY000"),
    LOCK_WAIT_TIMEOUT(1205, "HY000"),
    WRONG_ARGUMENTS(1210, "HY000"),
    LOCK_DEADLOCK(1213, "40001"),
    NOT_SUPPORTED_YET(1235, "42000"),
    UNKNOWN_STMT_HANDLER(1243, "HY000"),
    OUT_OF_RANGE(1264, "22003"),
    TRUNCATED_WRONG_VALUE(1292, "22007"),
    UNSUPPORTED_PS(1295, "HY000"),
    QUERY_INTERRUPTED(1317, "70100"),
    DATA_TOO_LONG(1406, "22001"),
    TABLE_CORRUPT(1877, "HY000");

    private final int number;
    private final String sqlState;

    ErrorCode(int number, String sqlState) {
        this.number = number;
        this.sqlState = sqlState;
    }

    /** The MySQL error number, e.g. 1213 for a deadlock. */
    public int number() {
        return number;
    }

    /** The five-character SQLSTATE, e.g. {@code 40001}. */
    public String sqlState() {
        return sqlState;
    }
}

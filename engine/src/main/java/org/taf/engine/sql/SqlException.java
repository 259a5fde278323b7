package org.taf.engine.sql;

import java.util.Objects;
import org.taf.engine.api.EngineException;
import org.taf.engine.api.ErrorCode;

/**
 * An error a SQL statement ends with, as the client will see it: a MySQL error number, a
 * SQLSTATE and a message. Engine errors keep their code; the SQL layer adds the numbers the
 * engine never raises (a syntax error's 1064 is in {@link ErrorCode}, an unknown function's 1305
 * is not). Bugs are not reported this way.
 */
public final class SqlException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** 1065: the query text holds no statement. */
    public static final int EMPTY_QUERY = 1065;
    /** 1096: {@code SELECT *} without a table. */
    public static final int NO_TABLES_USED = 1096;
    /** 1111: an aggregate where it cannot be. */
    public static final int INVALID_GROUP_FUNC_USE = 1111;
    /** 1305: an unknown function. */
    public static final int SP_DOES_NOT_EXIST = 1305;
    /** 1364: an INSERT omits a NOT NULL column without DEFAULT. */
    public static final int NO_DEFAULT_FOR_FIELD = 1364;
    /** 1366: a value that is not a number for an integer column. */
    public static final int TRUNCATED_WRONG_VALUE = 1366;
    /** 1068: two primary keys. */
    public static final int MULTIPLE_PRI_KEY = 1068;
    /** 1075: an AUTO_INCREMENT column that is not the key. */
    public static final int WRONG_AUTO_KEY = 1075;
    /** 1835: a client packet that cannot be decoded. */
    public static final int MALFORMED_PACKET = 1835;

    private final int number;
    private final String sqlState;

    public SqlException(int number, String sqlState, String message) {
        super(message, null, false, false);
        this.number = number;
        this.sqlState = Objects.requireNonNull(sqlState, "sqlState");
    }

    public SqlException(ErrorCode code, String message) {
        this(code.number(), code.sqlState(), message);
    }

    /** The client-visible form of an engine error (same number, state and message). */
    public static SqlException of(EngineException e) {
        return new SqlException(e.code(), e.getMessage());
    }

    /** 1235, MariaDB's "This version of MariaDB doesn't yet support '...'", naming the feature. */
    public static SqlException notSupported(String feature) {
        return new SqlException(ErrorCode.NOT_SUPPORTED_YET,
                "This version of the TAF engine doesn't yet support '" + feature + "'");
    }

    /** The MySQL error number, e.g. 1064. */
    public int number() {
        return number;
    }

    /** The five-character SQLSTATE. */
    public String sqlState() {
        return sqlState;
    }
}

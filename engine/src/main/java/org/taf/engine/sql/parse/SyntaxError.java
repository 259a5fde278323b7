package org.taf.engine.sql.parse;

import org.taf.engine.api.ErrorCode;
import org.taf.engine.sql.SqlException;

/** Builds MariaDB's error 1064, quoting the text from the offending token as MariaDB does. */
final class SyntaxError {
    /** MariaDB quotes at most this many characters of the text after the error. */
    private static final int NEAR_LENGTH = 80;

    private SyntaxError() {}

    /** Error 1064 at {@code offset} of {@code sql}. */
    static SqlException near(String sql, int offset) {
        int at = Math.min(Math.max(offset, 0), sql.length());
        int line = 1;
        for (int i = 0; i < at; i++) {
            if (sql.charAt(i) == '\n') {
                line++;
            }
        }
        String near = sql.substring(at, Math.min(sql.length(), at + NEAR_LENGTH));
        return new SqlException(ErrorCode.PARSE_ERROR, "You have an error in your SQL syntax; check the manual"
                + " that corresponds to your MariaDB server version for the right syntax to use near '"
                + near + "' at line " + line);
    }
}

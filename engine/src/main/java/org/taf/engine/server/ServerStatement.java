package org.taf.engine.server;

import java.io.ByteArrayOutputStream;
import org.taf.engine.sql.exec.PreparedQuery;

/**
 * A statement prepared on a connection: its id, its plan, and what COM_STMT_EXECUTE does not
 * repeat — the parameter types, sent only when the client (re)binds (libmariadb sends them on the
 * first execute only), and any parameter data sent ahead with COM_STMT_SEND_LONG_DATA.
 */
final class ServerStatement {
    final int id;
    final PreparedQuery query;
    final Object[] params;
    /** Type and flag bytes per parameter (type | unsigned flag << 8), or null before the first bind. */
    int[] types;
    private final ByteArrayOutputStream[] longData;

    ServerStatement(int id, PreparedQuery query) {
        this.id = id;
        this.query = query;
        this.params = new Object[query.paramCount()];
        this.longData = new ByteArrayOutputStream[query.paramCount()];
    }

    void appendLongData(int param, byte[] data) {
        if (longData[param] == null) {
            longData[param] = new ByteArrayOutputStream();
        }
        longData[param].writeBytes(data);
    }

    boolean hasLongData(int param) {
        return longData[param] != null;
    }

    String longData(int param) {
        return longData[param].toString(java.nio.charset.StandardCharsets.UTF_8);
    }

    /** COM_STMT_RESET and the end of an execute: long data is used once. */
    void clearLongData() {
        java.util.Arrays.fill(longData, null);
    }
}

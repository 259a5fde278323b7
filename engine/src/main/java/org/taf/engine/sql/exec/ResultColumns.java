package org.taf.engine.sql.exec;

import java.util.List;

/**
 * The columns of a result set. A prepared statement returns the same object on every execution,
 * so the server may keep its wire encoding in {@link #wireCache} instead of encoding the column
 * definitions again for each result: on the point-select hot path that is most of the packet.
 */
public final class ResultColumns {
    private final List<ResultColumn> columns;
    private volatile byte[] wireCache;

    public ResultColumns(List<ResultColumn> columns) {
        this.columns = List.copyOf(columns);
    }

    public List<ResultColumn> list() {
        return columns;
    }

    public int size() {
        return columns.size();
    }

    public ResultColumn get(int i) {
        return columns.get(i);
    }

    /** The server's encoding of these column definitions, or null before the first use. */
    public byte[] wireCache() {
        return wireCache;
    }

    public void wireCache(byte[] encoded) {
        this.wireCache = encoded;
    }
}

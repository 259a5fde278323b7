package org.taf.runner.workload;

import java.sql.SQLException;

/**
 * sysbench's bulk insert: rows appended to one multi-row INSERT until the next row would make it longer than
 * 512 KiB (sysbench's BULK_PACKET_SIZE, counting the terminating NUL), then the statement is sent.
 */
final class InsertBatcher {
    /** sysbench's BULK_PACKET_SIZE. */
    static final int BULK_PACKET_SIZE = 512 * 1024;

    /** Where full statements go. */
    @FunctionalInterface
    interface Sink {
        void execute(String sql) throws SQLException;
    }

    private final String head;
    private final int limit;
    private final Sink sink;
    private final StringBuilder buffer;
    private int rows;

    InsertBatcher(String head, Sink sink) {
        this(head, BULK_PACKET_SIZE, sink);
    }

    InsertBatcher(String head, int limit, Sink sink) {
        if (head.length() + 1 > limit) {
            throw new IllegalArgumentException("INSERT head longer than the " + limit + "-byte limit");
        }
        this.head = head;
        this.limit = limit;
        this.sink = sink;
        this.buffer = new StringBuilder(Math.min(limit, 1 << 20)).append(head);
    }

    /** Appends one row such as {@code (42, '...', '...')}, sending the statement first if it is full. */
    void add(String row) throws SQLException {
        int separator = rows > 0 ? 1 : 0;
        if (buffer.length() + row.length() + 1 + separator > limit) {
            if (rows == 0) {
                throw new IllegalArgumentException("one row of " + row.length() + " bytes exceeds the "
                        + limit + "-byte statement limit");
            }
            flush();
            separator = 0;
        }
        if (separator > 0) {
            buffer.append(',');
        }
        buffer.append(row);
        rows++;
    }

    /** Sends the rows not sent yet, if any. */
    void flush() throws SQLException {
        if (rows > 0) {
            sink.execute(buffer.toString());
            buffer.setLength(0);
            buffer.append(head);
            rows = 0;
        }
    }
}

package org.taf.engine.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.taf.engine.sql.SqlException;
import org.taf.engine.sql.exec.ResultColumn;
import org.taf.engine.sql.exec.ResultColumns;
import org.taf.engine.sql.exec.ResultSink;
import org.taf.engine.sql.exec.Session;
import org.taf.engine.sql.exec.SqlType;
import org.taf.engine.sql.exec.Values;

/**
 * Encodes a statement's outcome as packets: a result set (column count, column definitions, EOF,
 * rows, EOF) in the text protocol (every value a length-encoded string, NULL as 0xFB) or the
 * binary protocol (0x00, a NULL bitmap offset by 2, TINYINT as 1 byte, SMALLINT 2, MEDIUMINT and
 * INT 4, BIGINT 8, dates as MySQL's length-prefixed date structure, the rest as length-encoded
 * text), an OK, or an ERR. Status flags come from the session; MORE_RESULTS is set
 * while further statements of a multi-statement query follow.
 */
final class ResultWriter implements ResultSink {
    private final PacketChannel ch;
    private final Session session;
    private boolean binary;
    private boolean moreResults;
    private ResultColumns columns;
    private int[] types;

    ResultWriter(PacketChannel ch, Session session) {
        this.ch = ch;
        this.session = session;
    }

    /** Prepares for the next statement's outcome. */
    ResultWriter reset(boolean binaryProtocol, boolean more) {
        this.binary = binaryProtocol;
        this.moreResults = more;
        this.columns = null;
        return this;
    }

    int status() {
        int s = 0;
        if (session.autocommit()) {
            s |= Protocol.SERVER_STATUS_AUTOCOMMIT;
        }
        if (session.inTransaction()) {
            s |= Protocol.SERVER_STATUS_IN_TRANS;
        }
        if (moreResults) {
            s |= Protocol.SERVER_MORE_RESULTS_EXISTS;
        }
        return s;
    }

    @Override
    public void columns(ResultColumns c) {
        columns = c;
        types = new int[c.size()];
        for (int i = 0; i < types.length; i++) {
            types[i] = c.get(i).type().protocolCode();
        }
        write(() -> {
            ch.begin().lenenc(c.size()).end();
            definitions(ch, c);
            eof();
        });
    }

    /** Writes the column definition packets, from the columns' cached encoding when there is one. */
    static void definitions(PacketChannel ch, ResultColumns c) throws IOException {
        byte[] cached = c.wireCache();
        if (cached == null) {
            int from = ch.position();
            long flushes = ch.flushes();
            for (ResultColumn col : c.list()) {
                ColumnDefinition.write(ch, col, false);
            }
            if (ch.flushes() == flushes) { // else part of it has been sent already: cache it next time
                c.wireCache(ch.copy(from));
            }
            return;
        }
        ch.packets(cached);
    }

    @Override
    public void row(Object[] values) {
        write(() -> {
            ch.begin();
            if (binary) {
                binaryRow(values);
            } else {
                for (int i = 0; i < types.length; i++) {
                    textValue(values[i]);
                }
            }
            ch.end();
        });
    }

    private void textValue(Object v) {
        if (v == null) {
            ch.int1(0xfb);
        } else if (v instanceof Long l) {
            ch.lenencDecimal(l);
        } else {
            ch.lenencString(Values.toText(v));
        }
    }

    private void binaryRow(Object[] values) {
        int n = types.length;
        ch.int1(0);
        int bitmap = ch.position();
        ch.zeros((n + 9) / 8);
        for (int i = 0; i < n; i++) {
            Object v = values[i];
            if (v == null || types[i] == SqlType.NULL.protocolCode()) {
                int bit = i + 2;
                ch.setBit(bitmap + bit / 8, bit % 8);
                continue;
            }
            int type = types[i];
            if (type == INT || type == MEDIUMINT) {
                ch.int4(v instanceof Long l ? l : Values.toLong(v));
            } else if (type == BIGINT) {
                ch.int8(v instanceof Long l ? l : Values.toLong(v));
            } else if (type == TINYINT) {
                ch.int1((int) Values.toLong(v) & 0xff);
            } else if (type == SMALLINT) {
                ch.int2((int) Values.toLong(v) & 0xffff);
            } else if (type == DATE || type == DATETIME || type == TIMESTAMP) {
                temporal(v);
            } else {
                ch.lenencString(Values.toText(v));
            }
        }
    }

    private static final int TINYINT = SqlType.TINYINT.protocolCode();
    private static final int SMALLINT = SqlType.SMALLINT.protocolCode();
    private static final int MEDIUMINT = SqlType.MEDIUMINT.protocolCode();
    private static final int INT = SqlType.INT.protocolCode();
    private static final int BIGINT = SqlType.BIGINT.protocolCode();
    private static final int DATE = SqlType.DATE.protocolCode();
    private static final int DATETIME = SqlType.DATETIME.protocolCode();
    private static final int TIMESTAMP = SqlType.TIMESTAMP.protocolCode();

    /** A binary-protocol date: length 0, 4 (date), 7 (and time) or 11 (and microseconds), then the fields. */
    private void temporal(Object v) {
        long[] f = org.taf.engine.api.Datetimes.fields(org.taf.engine.api.Datetimes.pack(Values.toText(v)));
        int year = (int) f[0];
        int month = (int) f[1];
        int day = (int) f[2];
        int hour = (int) f[3];
        int minute = (int) f[4];
        int second = (int) f[5];
        long micros = f[6];
        int len = micros != 0 ? 11 : (hour | minute | second) != 0 ? 7 : (year | month | day) != 0 ? 4 : 0;
        ch.int1(len);
        if (len >= 4) {
            ch.int2(year).int1(month).int1(day);
        }
        if (len >= 7) {
            ch.int1(hour).int1(minute).int1(second);
        }
        if (len == 11) {
            ch.int4(micros);
        }
    }

    @Override
    public void end() {
        write(this::eof);
        columns = null;
    }

    private void eof() throws IOException {
        ch.begin().int1(0xfe).int2(0).int2(status()).end();
    }

    @Override
    public void ok(long affectedRows, long lastInsertId) {
        write(() -> ok(ch, affectedRows, lastInsertId, status()));
    }

    static void ok(PacketChannel ch, long affectedRows, long lastInsertId, int status) throws IOException {
        ch.begin().int1(0).lenenc(affectedRows).lenenc(lastInsertId).int2(status).int2(0).end();
    }

    /** An ERR packet for {@code e}, replacing any packet left half-written. */
    void error(SqlException e) {
        ch.abort();
        write(() -> error(ch, e.number(), e.sqlState(), e.getMessage()));
    }

    static void error(PacketChannel ch, int number, String sqlState, String message) throws IOException {
        ch.abort();
        ch.begin().int1(0xff).int2(number).int1('#').string(sqlState).string(message).end();
    }

    /** Whether a result set was started and not ended (an error then ends it). */
    boolean inResultSet() {
        return columns != null;
    }

    private interface Write {
        void run() throws IOException;
    }

    private static void write(Write w) {
        try {
            w.run();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

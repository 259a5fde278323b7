package org.taf.engine.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import org.taf.engine.api.EngineException;
import org.taf.engine.api.ErrorCode;
import org.taf.engine.sql.SqlException;
import org.taf.engine.sql.ast.Statement;
import org.taf.engine.sql.exec.PreparedQuery;
import org.taf.engine.sql.exec.ResultColumn;
import org.taf.engine.sql.exec.ResultColumns;
import org.taf.engine.sql.exec.Session;
import org.taf.engine.sql.parse.ParsedSql;
import org.taf.engine.sql.parse.Parser;

/**
 * Runs the commands of one connection: text queries (several statements if the client allowed
 * it), the prepared-statement commands, PING, INIT_DB, and the few others clients send. Every
 * error becomes an ERR packet; nothing a client sends stops the connection except COM_QUIT.
 */
final class Commands {
    /** MariaDB's default max_prepared_stmt_count, applied per connection. */
    private static final int MAX_STATEMENTS = 16_382;
    private static final long LAST_PREPARED = 0xffff_ffffL;

    private final Server server;
    private final PacketChannel ch;
    private final Session session;
    private final ResultWriter writer;
    private final Map<Integer, ServerStatement> statements = new HashMap<>();
    private boolean multiStatements;
    private int nextStatementId;
    private ServerStatement lastPrepared;

    Commands(Server server, PacketChannel ch, Session session, boolean multiStatements) {
        this.server = server;
        this.ch = ch;
        this.session = session;
        this.writer = new ResultWriter(ch, session);
        this.multiStatements = multiStatements;
    }

    /** Runs one command; false for COM_QUIT. */
    boolean dispatch(Payload p) throws IOException {
        try {
            if (!p.hasMore()) {
                server.question(0);
                throw new MalformedPacketException("empty command packet");
            }
            int command = p.int1();
            server.question(command);
            switch (command) {
                case Protocol.COM_QUIT -> {
                    return false;
                }
                case Protocol.COM_QUERY -> query(p.restString());
                case Protocol.COM_STMT_PREPARE -> prepare(p.restString());
                case Protocol.COM_STMT_EXECUTE -> execute(p);
                case Protocol.COM_STMT_CLOSE -> statements.remove((int) p.int4());
                case Protocol.COM_STMT_SEND_LONG_DATA -> longData(p);
                case Protocol.COM_STMT_RESET -> {
                    statement(p.int4(), "mysqld_stmt_reset").clearLongData();
                    writer.reset(false, false).ok(0, 0);
                }
                case Protocol.COM_PING -> writer.reset(false, false).ok(0, 0);
                case Protocol.COM_INIT_DB -> {
                    session.useDatabase(p.restString());
                    writer.reset(false, false).ok(0, 0);
                }
                case Protocol.COM_FIELD_LIST -> fieldList(p);
                case Protocol.COM_STATISTICS -> ch.begin().string(server.statistics()).end();
                case Protocol.COM_SET_OPTION -> setOption(p.int2());
                case Protocol.COM_RESET_CONNECTION -> {
                    session.reset();
                    statements.clear();
                    lastPrepared = null;
                    writer.reset(false, false).ok(0, 0);
                }
                default -> throw new SqlException(ErrorCode.UNKNOWN_COM_ERROR, "Unknown command");
            }
        } catch (SqlException e) {
            writer.error(e);
        } catch (EngineException e) {
            writer.error(SqlException.of(e));
        } catch (MalformedPacketException e) {
            writer.error(new SqlException(SqlException.MALFORMED_PACKET, "08S01", "Malformed communication packet ("
                    + e.getMessage() + ")"));
        } catch (UncheckedIOException e) {
            throw e.getCause();
        } catch (RuntimeException e) {
            server.log().error("connection " + session.context().connectionId() + ": internal error", e);
            writer.error(new SqlException(ErrorCode.UNKNOWN_ERROR, "Internal error: " + e));
        }
        return true;
    }

    private void query(String sql) {
        ParsedSql parsed = Parser.parse(sql);
        int n = parsed.statements().size();
        if (n > 1 && !multiStatements) {
            throw new SqlException(ErrorCode.PARSE_ERROR, "You have an error in your SQL syntax; check the manual that"
                    + " corresponds to your MariaDB server version for the right syntax to use near '"
                    + parsed.texts().get(1) + "' at line 1");
        }
        for (int i = 0; i < n; i++) {
            Statement st = parsed.statements().get(i);
            session.execute(st, writer.reset(false, i < n - 1));
        }
    }

    private void prepare(String sql) throws IOException {
        if (statements.size() >= MAX_STATEMENTS) {
            throw new SqlException(1461, "42000", "Can't create more than max_prepared_stmt_count statements"
                    + " (current value: " + MAX_STATEMENTS + ")");
        }
        PreparedQuery q = session.prepare(sql);
        int id = ++nextStatementId;
        ServerStatement st = new ServerStatement(id, q);
        statements.put(id, st);
        lastPrepared = st;
        ResultColumns columns = q.columns();
        int columnCount = columns == null ? 0 : columns.size();
        ch.begin().int1(0).int4(id).int2(columnCount).int2(q.paramCount()).int1(0).int2(0).end();
        if (q.paramCount() > 0) {
            ResultColumn param = ResultColumn.computed("?", org.taf.engine.sql.exec.SqlType.VARCHAR);
            for (int i = 0; i < q.paramCount(); i++) {
                ColumnDefinition.write(ch, param, false);
            }
            eof();
        }
        if (columnCount > 0) {
            ResultWriter.definitions(ch, columns);
            eof();
        }
    }

    private void eof() throws IOException {
        writer.reset(false, false);
        ch.begin().int1(0xfe).int2(0).int2(writer.status()).end();
    }

    private void execute(Payload p) {
        ServerStatement st = statement(p.int4(), "mysqld_stmt_execute");
        p.int1(); // cursor flags: results are always sent at once
        p.int4(); // iteration count: always 1
        try {
            BinaryParams.decode(p, st);
            session.execute(st.query, st.params, writer.reset(true, false));
        } finally {
            st.clearLongData();
        }
    }

    private void longData(Payload p) {
        ServerStatement st = statements.get((int) p.int4());
        int param = p.int2();
        if (st != null && param < st.params.length) {
            st.appendLongData(param, p.bytes(p.remaining()));
        } // COM_STMT_SEND_LONG_DATA has no reply; a bad id is reported by the execute
    }

    private ServerStatement statement(long id, String command) {
        ServerStatement st = id == LAST_PREPARED ? lastPrepared : statements.get((int) id);
        if (st == null) {
            throw new SqlException(ErrorCode.UNKNOWN_STMT_HANDLER, "Unknown prepared statement handler ("
                    + id + ") given to " + command);
        }
        return st;
    }

    private void fieldList(Payload p) throws IOException {
        String table = p.nulString();
        PreparedQuery q = session.prepare("SELECT * FROM `" + table.replace("`", "``") + "` LIMIT 0");
        for (ResultColumn c : q.columns().list()) {
            ColumnDefinition.write(ch, c, true);
        }
        eof();
    }

    private void setOption(int option) throws IOException {
        if (option != 0 && option != 1) {
            throw new SqlException(ErrorCode.UNKNOWN_COM_ERROR, "Unknown command");
        }
        multiStatements = option == 0;
        eof();
    }
}

package org.taf.runner.workload.tprocc;

import java.math.BigDecimal;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.Map;

/**
 * Loads a TPROC-C data set over plain SQL, as HammerDB's loader does: the nine CREATE TABLEs, then
 * {@link TproccRows}' rows as multi-row INSERTs of about 512 KiB each in autocommit (ITEM once, then each warehouse
 * on whichever connection its caller gives it), and {@code ANALYZE TABLE} at the end. A failed statement is an
 * SQLException whose message starts with the statement (cut to 80 characters).
 */
public final class TproccLoader {
    /** sysbench's and HammerDB's batches are of this order: large enough that round trips do not dominate. */
    static final int BATCH_BYTES = 512 * 1024;
    private static final DateTimeFormatter DATETIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    private final TproccRows rows;

    public TproccLoader(long seed, TproccScale scale) {
        this.rows = new TproccRows(seed, scale);
    }

    /** Creates the nine tables. */
    public static void createTables(Statement st) throws SQLException {
        for (String ddl : TproccSchema.createTables()) {
            execute(st, ddl);
        }
    }

    /** Fills ITEM. */
    public void loadItems(Statement st) throws SQLException {
        try (Batches b = new Batches(st)) {
            rows.items(b);
        }
    }

    /** Fills warehouse {@code w}'s rows of every other table. */
    public void loadWarehouse(Statement st, int w) throws SQLException {
        try (Batches b = new Batches(st)) {
            rows.warehouse(w, b);
        }
    }

    /** HammerDB's {@code analyze table} over the nine tables, once they are loaded. */
    public static void analyze(Statement st) throws SQLException {
        execute(st, TproccSchema.analyze());
    }

    private static void execute(Statement st, String sql) throws SQLException {
        try {
            st.execute(sql);
        } catch (SQLException e) {
            String shown = sql.length() > 80 ? sql.substring(0, 80) + "..." : sql;
            throw new SQLException("`" + shown.replace('\n', ' ') + "`: " + e.getMessage(), e.getSQLState(),
                    e.getErrorCode(), e);
        }
    }

    /** One multi-row INSERT per table at a time, sent when it reaches {@link #BATCH_BYTES}. */
    private static final class Batches implements TproccRows.Sink, AutoCloseable {
        private final Statement st;
        private final Map<String, StringBuilder> open = new HashMap<>();

        Batches(Statement st) {
            this.st = st;
        }

        @Override
        public void row(String table, Object... values) throws SQLException {
            StringBuilder sql = open.get(table);
            if (sql == null) {
                sql = new StringBuilder(BATCH_BYTES + 1024).append("INSERT INTO ").append(table).append(" (")
                        .append(TproccRows.COLUMNS.get(table)).append(") VALUES ");
                open.put(table, sql);
            } else {
                sql.append(", ");
            }
            sql.append('(');
            for (int i = 0; i < values.length; i++) {
                if (i > 0) {
                    sql.append(", ");
                }
                literal(sql, values[i]);
            }
            sql.append(')');
            if (sql.length() >= BATCH_BYTES) {
                open.remove(table);
                execute(st, sql.toString());
            }
        }

        /** Numbers as written, text and times quoted (the generated text is letters and digits only). */
        private static void literal(StringBuilder sql, Object v) {
            if (v == null) {
                sql.append("NULL");
            } else if (v instanceof BigDecimal d) {
                sql.append(d.toPlainString());
            } else if (v instanceof Number) {
                sql.append(v);
            } else if (v instanceof LocalDateTime t) {
                sql.append('\'').append(DATETIME.format(t)).append('\'');
            } else {
                sql.append('\'').append(v).append('\'');
            }
        }

        @Override
        public void close() throws SQLException {
            for (String table : TproccSchema.TABLES) {
                StringBuilder sql = open.remove(table);
                if (sql != null) {
                    execute(st, sql.toString());
                }
            }
        }
    }
}

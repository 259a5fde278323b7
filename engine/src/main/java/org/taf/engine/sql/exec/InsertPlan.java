package org.taf.engine.sql.exec;

import java.util.List;
import org.taf.engine.api.Column;
import org.taf.engine.api.Engine;
import org.taf.engine.api.ErrorCode;
import org.taf.engine.api.Row;
import org.taf.engine.api.Transaction;
import org.taf.engine.sql.SqlException;
import org.taf.engine.sql.ast.Expr;
import org.taf.engine.sql.ast.Statement;

/**
 * INSERT ... VALUES of one or many rows (sysbench loads tables with batches of thousands). Omitted
 * columns take their DEFAULT; an AUTO_INCREMENT key given as NULL or 0 gets the next value, and the
 * first value generated is the statement's last insert id, as in MariaDB.
 */
final class InsertPlan extends Plan {
    private final Session session;
    private final TableBinding table;
    private final int[] targets;
    /** Values per row; a null Eval stands for the DEFAULT keyword. */
    private final Eval[][] rows;
    private final Object[] defaults;
    private final boolean[] given;
    private final int autoIncrement;

    InsertPlan(Session session, Statement.Insert insert, String database) {
        this.session = session;
        this.table = TableBinding.resolve(session.engine(), database, insert.table(), null);
        List<Column> columns = table.schema.columns();
        if (insert.columns().isEmpty()) {
            // Every visible column, in order: INVISIBLE ones (and a hidden key) only when named.
            targets = java.util.stream.IntStream.range(0, columns.size()).filter(i -> !columns.get(i).invisible())
                    .toArray();
        } else {
            targets = new int[insert.columns().size()];
            for (int i = 0; i < targets.length; i++) {
                targets[i] = table.column(insert.columns().get(i), "field list");
                for (int j = 0; j < i; j++) {
                    if (targets[j] == targets[i]) {
                        throw new SqlException(
                                1110, "42000", "Column '" + insert.columns().get(i) + "' specified twice");
                    }
                }
            }
        }
        ExprCompiler compiler = new ExprCompiler(session, (Scope) null, false);
        rows = new Eval[insert.rows().size()][];
        for (int r = 0; r < rows.length; r++) {
            List<Expr> values = insert.rows().get(r);
            if (values.size() != targets.length) {
                throw new SqlException(
                        ErrorCode.WRONG_VALUE_COUNT, "Column count doesn't match value count at row " + (r + 1));
            }
            rows[r] = new Eval[values.size()];
            for (int j = 0; j < values.size(); j++) {
                rows[r][j] = isDefault(values.get(j)) ? null : compiler.compile(values.get(j));
            }
        }
        defaults = new Object[columns.size()];
        given = new boolean[columns.size()];
        int ai = -1;
        for (int i = 0; i < columns.size(); i++) {
            defaults[i] = columns.get(i).defaultValue();
            Column c = columns.get(i);
            // A hidden key's values are InnoDB's row ids: not the client's LAST_INSERT_ID.
            if (c.autoIncrement() && !(c.invisible() && c.isNamed(org.taf.engine.api.TableSchema.HIDDEN_KEY))) {
                ai = i;
            }
        }
        for (int t : targets) {
            given[t] = true;
        }
        autoIncrement = ai;
    }

    static boolean isDefault(Expr e) {
        return e instanceof Expr.Call c && c.function().equals("DEFAULT") && c.args().isEmpty() && !c.star();
    }

    @Override
    boolean usesRows() {
        return true;
    }

    @Override
    boolean isCurrent(Engine engine) {
        return table.isCurrent(engine);
    }

    @Override
    void run(Transaction txn, Object[] params, ResultSink sink) {
        List<Column> columns = table.schema.columns();
        long firstGenerated = 0;
        for (int r = 0; r < rows.length; r++) {
            Object[] values = defaults.clone();
            for (int i = 0; i < values.length; i++) {
                if (!given[i] && values[i] == null && !columns.get(i).nullable() && !columns.get(i).autoIncrement()) {
                    throw new SqlException(SqlException.NO_DEFAULT_FOR_FIELD, "HY000",
                            "Field '" + columns.get(i).name() + "' doesn't have a default value");
                }
            }
            Eval[] row = rows[r];
            for (int j = 0; j < row.length; j++) {
                int t = targets[j];
                Object v = row[j] == null ? defaults[t] : row[j].eval(null, params);
                values[t] = ColumnValues.coerce(table, columns.get(t), v, r + 1);
            }
            boolean generates = autoIncrement >= 0 && (values[autoIncrement] == null
                    || Long.valueOf(0).equals(values[autoIncrement]));
            long key = txn.insert(table.table, Row.of(values));
            if (generates && firstGenerated == 0) {
                firstGenerated = key;
            }
        }
        if (firstGenerated != 0) {
            session.lastInsertId(firstGenerated);
        }
        sink.ok(rows.length, firstGenerated);
    }
}

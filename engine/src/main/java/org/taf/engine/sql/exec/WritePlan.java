package org.taf.engine.sql.exec;

import java.util.List;
import java.util.Objects;
import org.taf.engine.api.Column;
import org.taf.engine.api.Engine;
import org.taf.engine.api.Row;
import org.taf.engine.api.Transaction;
import org.taf.engine.sql.SqlException;
import org.taf.engine.sql.ast.Expr;
import org.taf.engine.sql.ast.Statement;

/**
 * UPDATE and DELETE of one table. The rows are read locked ({@link LockingRead}), so
 * {@code UPDATE ... SET k=k+1} is atomic per row. SET assignments apply left to right, each seeing
 * the ones before (MariaDB's single-table rule). An UPDATE reports changed rows, or matched rows
 * when the client asked for CLIENT_FOUND_ROWS (Connector/J does).
 */
final class WritePlan extends Plan {
    private final Session session;
    private final TableBinding table;
    private final Access access;
    private final Eval residual;
    private final Eval where;
    private final Limits limits;
    private final boolean descending;
    /** Assigned column positions and values; null for DELETE. */
    private final int[] targets;
    private final Eval[] values;

    private WritePlan(Session session, Statement.TableName name, Expr where, List<Statement.OrderItem> orderBy,
                      Statement.Limit limit, List<Statement.Assignment> assignments, String database) {
        this.session = session;
        this.table = TableBinding.resolve(session.engine(), database, name, null);
        ExprCompiler compiler = new ExprCompiler(session, table, false);
        this.access = Access.plan(table, where, compiler);
        this.residual = access.residual.isEmpty() ? null : compiler.compile(Exprs.and(access.residual));
        this.where = where == null ? null : compiler.compile(where);
        if (limit != null && limit.offset() != null) {
            throw SqlException.notSupported("OFFSET in UPDATE and DELETE");
        }
        this.limits = new Limits(limit, compiler);
        OrderBy order = new OrderBy(orderBy, new SelectItems(List.of(), Scope.of(table), compiler, session),
                Scope.of(table), compiler, access);
        if (order.needsSort()) {
            throw SqlException.notSupported("ORDER BY other than the order of a key in UPDATE and DELETE");
        }
        this.descending = order.descending();
        if (assignments == null) {
            this.targets = null;
            this.values = null;
            return;
        }
        this.targets = new int[assignments.size()];
        this.values = new Eval[assignments.size()];
        for (int i = 0; i < targets.length; i++) {
            Statement.Assignment a = assignments.get(i);
            targets[i] = table.column(a.column(), "field list");
            values[i] = InsertPlan.isDefault(a.value())
                    ? defaultOf(table.columnAt(targets[i]))
                    : compiler.compile(a.value());
        }
    }

    static WritePlan update(Session session, Statement.Update u, String database) {
        return new WritePlan(session, u.table(), u.where(), u.orderBy(), u.limit(), u.assignments(), database);
    }

    static WritePlan delete(Session session, Statement.Delete d, String database) {
        return new WritePlan(session, d.table(), d.where(), d.orderBy(), d.limit(), null, database);
    }

    private static Eval defaultOf(Column c) {
        Object v = c.defaultValue();
        return (row, params) -> v;
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
        long limit = limits.count(params);
        long[] counts = new long[2]; // matched, changed
        if (limit > 0) {
            LockingRead.forEach(txn, table, access, residual, where, params, descending, row -> {
                counts[0]++;
                if (targets == null) {
                    boolean deleted = table.longKey ? txn.delete(table.table, row.getLong(table.primaryKey[0]))
                            : txn.delete(table.table, table.keyOf(row));
                    if (deleted) {
                        counts[1]++;
                    }
                } else {
                    Row updated = assign(row, params, counts[0]);
                    if (updated != row) {
                        for (int k : table.primaryKey) {
                            if (!Objects.equals(updated.get(k), row.get(k))) {
                                throw SqlException.notSupported("changing the primary key in UPDATE");
                            }
                        }
                        if (table.longKey) {
                            txn.update(table.table, row.getLong(table.primaryKey[0]), updated);
                        } else {
                            txn.update(table.table, table.keyOf(row), updated);
                        }
                        counts[1]++;
                    }
                }
                return counts[0] < limit;
            });
        }
        sink.ok(targets != null && session.foundRows() ? counts[0] : counts[1], 0);
    }

    /** The row after the assignments, or {@code row} itself if nothing changes. */
    private Row assign(Row row, Object[] params, long rowNumber) {
        Row current = row;
        for (int i = 0; i < targets.length; i++) {
            int t = targets[i];
            Object v = ColumnValues.coerce(table, table.columnAt(t), values[i].eval(current, params), rowNumber);
            if (!Objects.equals(v, current.get(t))) {
                current = current.with(t, v);
            }
        }
        return current;
    }
}

package org.taf.engine.sql.exec;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;
import org.taf.engine.api.Engine;
import org.taf.engine.api.Row;
import org.taf.engine.api.Transaction;
import org.taf.engine.sql.SqlException;
import org.taf.engine.sql.ast.Statement;

/**
 * SELECT from a table or an inner join of tables ({@link JoinSource}). Rows stream from the
 * {@link Access} path through the residual filter straight to the sink, stopping at LIMIT, unless
 * the query aggregates (one row at the end), sorts or removes duplicates (rows are collected
 * first). ORDER BY the columns the access path reads in order (the primary key, or an index's
 * columns after those the WHERE fixes: customers by last name then first name) reads in that
 * order instead of sorting.
 */
final class SelectPlan extends Plan {
    private final List<TableBinding> tables;
    private final Scope scope;
    private final Access access;
    private final JoinSource join;
    private final Eval residual;
    private final Eval where;
    private final SelectItems items;
    private final List<Aggregate.Spec> aggregates;
    private final OrderBy order;
    private final boolean distinct;
    private final Limits limits;
    private final boolean forUpdate;
    /** GROUP BY, or null. */
    private final Grouping grouping;

    SelectPlan(Session session, Statement.Select select, String database) {
        List<TableBinding> bound = new ArrayList<>();
        for (Statement.TableRef t : select.from()) {
            TableBinding b = TableBinding.resolve(session.engine(), database, t.name(), t.alias());
            for (TableBinding other : bound) {
                if (other.qualifier().equals(b.qualifier())) {
                    throw new SqlException(1066, "42000", "Not unique table/alias: '" + b.qualifier() + "'");
                }
            }
            bound.add(b);
        }
        this.tables = List.copyOf(bound);
        this.scope = Scope.of(tables);
        ExprCompiler compiler = new ExprCompiler(session, scope, true);
        this.items = new SelectItems(select.items(), scope, compiler, session);
        this.aggregates = compiler.aggregates;
        ExprCompiler plain = new ExprCompiler(session, scope, false);
        this.forUpdate = select.forUpdate();
        if (tables.size() == 1) {
            this.access = Access.plan(tables.get(0), select.where(), plain);
            this.residual = access.residual.isEmpty() ? null : plain.compile(Exprs.and(access.residual));
            this.join = null;
        } else {
            if (forUpdate) {
                throw SqlException.notSupported("FOR UPDATE with joins");
            }
            this.access = null;
            this.residual = null;
            this.join = new JoinSource(scope, select.from(), select.where(), plain);
        }
        this.where = select.where() == null ? null : plain.compile(select.where());
        boolean grouped = !select.groupBy().isEmpty();
        if (grouped && (select.distinct() || forUpdate)) {
            throw SqlException.notSupported(select.distinct() ? "DISTINCT with GROUP BY" : "FOR UPDATE with GROUP BY");
        }
        this.grouping = grouped ? new Grouping(select, plain, aggregates, scope.width) : null;
        this.order = aggregates.isEmpty() && !grouped ? new OrderBy(select.orderBy(), items, scope, plain, access)
                : OrderBy.NONE;
        this.distinct = select.distinct();
        this.limits = new Limits(select.limit(), plain);
    }

    @Override
    ResultColumns columns() {
        return items.columns;
    }

    @Override
    boolean usesRows() {
        return true;
    }

    @Override
    boolean isCurrent(Engine engine) {
        for (TableBinding t : tables) {
            if (!t.isCurrent(engine)) {
                return false;
            }
        }
        return true;
    }

    @Override
    void run(Transaction txn, Object[] params, ResultSink sink) {
        long offset = limits.offset(params);
        long limit = limits.count(params);
        sink.columns(items.columns);
        if (limit == 0) {
            sink.end();
            return;
        }
        if (grouping != null) {
            long[] seen = {0};
            Object[] out = new Object[items.size()];
            grouping.run(visitor -> read(txn, params, visitor), params, row -> {
                if (seen[0]++ >= offset && seen[0] - offset <= limit) {
                    for (int i = 0; i < out.length; i++) {
                        out[i] = items.evals[i].eval(row, params);
                    }
                    sink.row(out);
                }
            });
        } else if (!aggregates.isEmpty()) {
            aggregate(txn, params, sink, offset);
        } else if (!distinct && !order.needsSort()) {
            stream(txn, params, sink, offset, limit);
        } else {
            collect(txn, params, sink, offset, limit);
        }
        sink.end();
    }

    private boolean passes(Row row, Object[] params) {
        return residual == null || Boolean.TRUE.equals(Values.truth(residual.eval(row, params)));
    }

    private void read(Transaction txn, Object[] params, RowVisitor visitor) {
        if (join != null) {
            join.forEach(txn, params, visitor);
        } else if (forUpdate) {
            LockingRead.forEach(txn, tables.get(0), access, residual, where, params, order.descending(), visitor);
        } else {
            access.forEach(txn, tables.get(0).table, params, null, order.descending(), false,
                    row -> !passes(row, params) || visitor.visit(row));
        }
    }

    private void stream(Transaction txn, Object[] params, ResultSink sink, long offset, long limit) {
        Object[] out = new Object[items.size()];
        Eval[] evals = items.evals;
        long[] seen = {0};
        read(txn, params, row -> {
            if (seen[0]++ < offset) {
                return true;
            }
            for (int i = 0; i < evals.length; i++) {
                out[i] = evals[i].eval(row, params);
            }
            sink.row(out);
            return seen[0] - offset < limit;
        });
    }

    private void aggregate(Transaction txn, Object[] params, ResultSink sink, long offset) {
        Aggregate[] acc = new Aggregate[aggregates.size()];
        for (int i = 0; i < acc.length; i++) {
            acc[i] = new Aggregate(aggregates.get(i));
        }
        Row[] first = {null};
        read(txn, params, row -> {
            if (first[0] == null) {
                first[0] = row;
            }
            for (Aggregate a : acc) {
                a.add(row, params);
            }
            return true;
        });
        int columns = scope.width;
        Object[] values = new Object[columns + acc.length];
        for (int i = 0; i < columns && first[0] != null; i++) {
            values[i] = first[0].get(i); // a plain column next to an aggregate shows the first row, as in MariaDB
        }
        for (int i = 0; i < acc.length; i++) {
            values[columns + i] = acc[i].result();
        }
        if (offset > 0) {
            return;
        }
        Row aggregated = Row.of(values);
        Object[] out = new Object[items.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = items.evals[i].eval(aggregated, params);
        }
        sink.row(out);
    }

    private void collect(Transaction txn, Object[] params, ResultSink sink, long offset, long limit) {
        int n = items.size();
        int keys = order.size();
        List<Object[]> rows = new ArrayList<>();
        TreeSet<Object[]> seen = distinct ? new TreeSet<>(OrderBy.valuesComparator(items.binary)) : null;
        read(txn, params, row -> {
            Object[] r = new Object[n + keys];
            for (int i = 0; i < n; i++) {
                r[i] = items.evals[i].eval(row, params);
            }
            if (seen != null && !seen.add(r)) {
                return true;
            }
            order.keys(row, params, r, n);
            rows.add(r);
            return true;
        });
        if (order.needsSort()) {
            Comparator<Object[]> c = order.comparator(n);
            rows.sort(c);
        }
        long end = Math.min(rows.size(), offset + limit);
        for (long i = offset; i < end; i++) {
            sink.row(rows.get((int) i));
        }
    }
}

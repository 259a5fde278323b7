package org.taf.engine.sql.exec;

import java.util.ArrayList;
import java.util.List;
import org.taf.engine.api.Row;
import org.taf.engine.api.Transaction;
import org.taf.engine.sql.ast.Expr;
import org.taf.engine.sql.ast.Statement;

/**
 * The rows of an inner join, by nested loops in FROM order (MariaDB's STRAIGHT_JOIN): each table
 * is read by the {@link Access} its conditions on the tables before it allow (TPC-C's stock
 * level reads order_line by its key range, then each stock row by its primary key from the
 * order line's item), and each conjunct is checked as soon as the tables it reads are there.
 * Rows come as the tables' rows side by side ({@link Scope}).
 */
final class JoinSource {
    private final Scope scope;
    private final Access[] access;
    /** Per table, the conjuncts to check once its row is there (null: none). */
    private final Eval[] filters;

    JoinSource(Scope scope, List<Statement.TableRef> from, Expr where, ExprCompiler compiler) {
        this.scope = scope;
        int n = scope.tables.size();
        List<Expr> remaining = new ArrayList<>();
        KeyCondition.conjuncts(where, remaining);
        for (Statement.TableRef t : from) {
            KeyCondition.conjuncts(t.on(), remaining);
        }
        for (Expr e : remaining) {
            scope.lastTable(e); // unknown or ambiguous columns fail here, at plan time
        }
        this.access = new Access[n];
        this.filters = new Eval[n];
        for (int i = 0; i < n; i++) {
            int level = i;
            KeyCondition.Target target = new KeyCondition.Target() {
                @Override
                public int column(Expr.Column c) {
                    int p = scope.column(c);
                    return scope.tableOf(p) == level ? p - scope.base(level) : -1;
                }

                @Override
                public boolean isValue(Expr e) {
                    return ExprCompiler.isConstant(e) || (!hasAggregate(e) && scope.lastTable(e) < level);
                }
            };
            access[i] = Access.plan(scope.tables.get(i), remaining, target, compiler);
            List<Expr> here = new ArrayList<>();
            List<Expr> later = new ArrayList<>();
            for (Expr e : access[i].residual) {
                (scope.lastTable(e) <= i ? here : later).add(e);
            }
            filters[i] = here.isEmpty() ? null : compiler.compile(Exprs.and(here));
            remaining = later;
        }
    }

    private static boolean hasAggregate(Expr e) {
        return e instanceof Expr.Call c && (Aggregate.isAggregate(c.function())
                || c.args().stream().anyMatch(JoinSource::hasAggregate));
    }

    /** Visits the joined rows until {@code visitor} returns false. */
    void forEach(Transaction txn, Object[] params, RowVisitor visitor) {
        Object[] combined = new Object[scope.width];
        level(txn, params, 0, combined, Row.view(combined), visitor);
    }

    private boolean level(Transaction txn, Object[] params, int i, Object[] combined, Row view, RowVisitor visitor) {
        boolean[] more = {true};
        int base = scope.base(i);
        boolean innermost = i == access.length - 1;
        access[i].forEach(txn, scope.tables.get(i).table, params, view, false, false, row -> {
            for (int c = 0; c < row.size(); c++) {
                combined[base + c] = row.get(c);
            }
            if (filters[i] != null && !Boolean.TRUE.equals(Values.truth(filters[i].eval(view, params)))) {
                return true;
            }
            more[0] = innermost ? visitor.visit(Row.of(combined)) : level(txn, params, i + 1, combined, view, visitor);
            return more[0];
        });
        return more[0];
    }
}

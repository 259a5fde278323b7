package org.taf.engine.sql.exec;

import java.util.List;
import java.util.function.Consumer;
import org.taf.engine.sql.ast.Expr;

/** Walks expression trees. */
final class Exprs {
    private Exprs() {}

    /** Calls {@code action} for every column reference in {@code e}. */
    static void forEachColumn(Expr e, Consumer<Expr.Column> action) {
        if (e instanceof Expr.Column c) {
            action.accept(c);
        } else if (e instanceof Expr.Unary u) {
            forEachColumn(u.operand(), action);
        } else if (e instanceof Expr.Binary b) {
            forEachColumn(b.left(), action);
            forEachColumn(b.right(), action);
        } else if (e instanceof Expr.Between b) {
            forEachColumn(b.value(), action);
            forEachColumn(b.low(), action);
            forEachColumn(b.high(), action);
        } else if (e instanceof Expr.In in) {
            forEachColumn(in.value(), action);
            in.list().forEach(x -> forEachColumn(x, action));
        } else if (e instanceof Expr.IsNull n) {
            forEachColumn(n.value(), action);
        } else if (e instanceof Expr.Like l) {
            forEachColumn(l.value(), action);
            forEachColumn(l.pattern(), action);
        } else if (e instanceof Expr.Call c) {
            c.args().forEach(x -> forEachColumn(x, action));
        }
    }

    /** {@code parts} joined by AND, or null if there are none. */
    static Expr and(List<Expr> parts) {
        Expr out = null;
        for (Expr e : parts) {
            out = out == null ? e : new Expr.Binary(Expr.Operator.AND, out, e);
        }
        return out;
    }
}

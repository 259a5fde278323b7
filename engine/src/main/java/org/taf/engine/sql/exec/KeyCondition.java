package org.taf.engine.sql.exec;

import java.util.ArrayList;
import java.util.List;
import org.taf.engine.sql.ast.Expr;
import org.taf.engine.sql.ast.Expr.Operator;

/**
 * A condition on one column that an index can answer: the column and the ranges of values it
 * allows. Found in a WHERE conjunct of the forms {@code col = c}, {@code col IN (c, ...)},
 * {@code col BETWEEN c AND c}, {@code col < c} (and the other comparisons, either way round), and
 * ORs of these on the same column — sysbench's select_random_ranges is an OR of ten BETWEENs.
 * The constants may be parameters; they are evaluated per execution.
 *
 * @param column position of the column in the table
 * @param specs  the allowed values: their union is what the condition accepts
 */
record KeyCondition(int column, List<KeySpec> specs) {

    /** The key condition {@code e} expresses, or null if it is not one. */
    static KeyCondition of(Expr e, TableBinding table, ExprCompiler compiler) {
        if (e instanceof Expr.Binary b && b.op() == Operator.OR) {
            KeyCondition l = of(b.left(), table, compiler);
            KeyCondition r = l == null ? null : of(b.right(), table, compiler);
            if (r == null || r.column != l.column) {
                return null;
            }
            List<KeySpec> all = new ArrayList<>(l.specs);
            all.addAll(r.specs);
            return new KeyCondition(l.column, all);
        }
        if (e instanceof Expr.Binary b && b.op().isComparison() && b.op() != Operator.NE) {
            Operator op = b.op();
            Expr column = b.left();
            Expr value = b.right();
            if (!(column instanceof Expr.Column)) {
                column = b.right();
                value = b.left();
                op = mirror(op);
            }
            if (!(column instanceof Expr.Column c) || !ExprCompiler.isConstant(value)) {
                return null;
            }
            int col = table.column(c);
            Eval v = compiler.compile(value);
            KeySpec spec = switch (op) {
                case EQ -> KeySpec.point(v);
                case LT -> new KeySpec(null, true, v, false);
                case LE -> new KeySpec(null, true, v, true);
                case GT -> new KeySpec(v, false, null, true);
                case GE -> new KeySpec(v, true, null, true);
                default -> null; // <=> also matches NULL keys, which primary keys never are; keep it simple
            };
            return spec == null ? null : new KeyCondition(col, List.of(spec));
        }
        if (e instanceof Expr.Between b && !b.not() && b.value() instanceof Expr.Column c
                && ExprCompiler.isConstant(b.low()) && ExprCompiler.isConstant(b.high())) {
            return new KeyCondition(table.column(c),
                    List.of(new KeySpec(compiler.compile(b.low()), true, compiler.compile(b.high()), true)));
        }
        if (e instanceof Expr.In in && !in.not() && in.value() instanceof Expr.Column c
                && in.list().stream().allMatch(ExprCompiler::isConstant)) {
            List<KeySpec> specs = new ArrayList<>(in.list().size());
            for (Expr item : in.list()) {
                specs.add(KeySpec.point(compiler.compile(item)));
            }
            return new KeyCondition(table.column(c), specs);
        }
        return null;
    }

    private static Operator mirror(Operator op) {
        return switch (op) {
            case LT -> Operator.GT;
            case LE -> Operator.GE;
            case GT -> Operator.LT;
            case GE -> Operator.LE;
            default -> op;
        };
    }

    /** Splits {@code where} into its AND-ed parts. */
    static void conjuncts(Expr where, List<Expr> out) {
        if (where instanceof Expr.Binary b && b.op() == Operator.AND) {
            conjuncts(b.left(), out);
            conjuncts(b.right(), out);
        } else if (where != null) {
            out.add(where);
        }
    }
}

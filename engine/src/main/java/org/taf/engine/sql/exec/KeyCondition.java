package org.taf.engine.sql.exec;

import java.util.ArrayList;
import java.util.List;
import org.taf.engine.sql.ast.Expr;
import org.taf.engine.sql.ast.Expr.Operator;

/**
 * A condition on one column that an index can answer: the column and the ranges of values it
 * allows. Found in a WHERE conjunct of the forms {@code col = v}, {@code col IN (v, ...)},
 * {@code col BETWEEN v AND v}, {@code col < v} (and the other comparisons, either way round), and
 * ORs of these on the same column — sysbench's select_random_ranges is an OR of ten BETWEENs.
 * The values may be parameters, or in a join columns of the tables read before; they are
 * evaluated per execution (per outer row).
 *
 * @param column position of the column in its table
 * @param specs  the allowed values: their union is what the condition accepts
 */
record KeyCondition(int column, List<KeySpec> specs) {

    /** The table a condition is sought for, and which expressions are values for its keys. */
    interface Target {
        /** The table's position of the column {@code c} names, or -1 if it is another table's. */
        int column(Expr.Column c);

        /** Whether {@code e} is known before the table's row is read (no column of it or of later tables). */
        boolean isValue(Expr e);
    }

    /** Whether the condition is one single value ({@code col = v}). */
    boolean isSinglePoint() {
        return specs.size() == 1 && specs.get(0).isPoint();
    }

    /** Whether the condition is one range with a single bound ({@code col < v}), which may meet another. */
    boolean isHalfRange() {
        return specs.size() == 1 && (specs.get(0).low() == null) != (specs.get(0).high() == null);
    }

    /** The key condition {@code e} expresses on {@code target}'s table, or null if it is not one. */
    static KeyCondition of(Expr e, Target target, ExprCompiler compiler) {
        if (e instanceof Expr.Binary b && b.op() == Operator.OR) {
            KeyCondition l = of(b.left(), target, compiler);
            KeyCondition r = l == null ? null : of(b.right(), target, compiler);
            if (r == null || r.column != l.column) {
                return null;
            }
            List<KeySpec> all = new ArrayList<>(l.specs);
            all.addAll(r.specs);
            return new KeyCondition(l.column, all);
        }
        if (e instanceof Expr.Binary b && b.op().isComparison() && b.op() != Operator.NE) {
            KeyCondition c = comparison(b.op(), b.left(), b.right(), target, compiler);
            return c != null ? c : comparison(mirror(b.op()), b.right(), b.left(), target, compiler);
        }
        if (e instanceof Expr.Between b && !b.not() && b.value() instanceof Expr.Column c && target.column(c) >= 0
                && target.isValue(b.low()) && target.isValue(b.high())) {
            return new KeyCondition(target.column(c),
                    List.of(new KeySpec(compiler.compile(b.low()), true, compiler.compile(b.high()), true)));
        }
        if (e instanceof Expr.In in && !in.not() && in.value() instanceof Expr.Column c && target.column(c) >= 0
                && in.list().stream().allMatch(target::isValue)) {
            List<KeySpec> specs = new ArrayList<>(in.list().size());
            for (Expr item : in.list()) {
                specs.add(KeySpec.point(compiler.compile(item)));
            }
            return new KeyCondition(target.column(c), specs);
        }
        return null;
    }

    private static KeyCondition comparison(Operator op, Expr column, Expr value, Target target, ExprCompiler compiler) {
        if (!(column instanceof Expr.Column c) || target.column(c) < 0 || !target.isValue(value)) {
            return null;
        }
        Eval v = compiler.compile(value);
        KeySpec spec = switch (op) {
            case EQ -> KeySpec.point(v);
            case LT -> new KeySpec(null, true, v, false);
            case LE -> new KeySpec(null, true, v, true);
            case GT -> new KeySpec(v, false, null, true);
            case GE -> new KeySpec(v, true, null, true);
            default -> null; // <=> also matches NULL keys, which primary keys never are; keep it simple
        };
        return spec == null ? null : new KeyCondition(target.column(c), List.of(spec));
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

package org.taf.engine.sql.exec;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.TreeSet;
import org.taf.engine.api.Row;
import org.taf.engine.sql.SqlException;
import org.taf.engine.sql.ast.Expr;

/**
 * COUNT, SUM, AVG, MIN and MAX over the rows a query selects (no GROUP BY: one group). SUM of
 * integers adds in a long and moves to a decimal only on overflow, as a sum range over sysbench's
 * k column never needs one. NULL arguments are skipped; SUM/AVG/MIN/MAX of no rows are NULL.
 */
final class Aggregate {
    enum Kind { COUNT_STAR, COUNT, SUM, AVG, MIN, MAX }

    /** One aggregate call of a select list: what it computes over which argument. */
    record Spec(Kind kind, Eval argument, boolean distinct) {}

    private final Spec spec;
    private final TreeSet<Object> distinctValues;
    private long count;
    private long longSum;
    private BigDecimal decimalSum;
    private Object extreme;

    Aggregate(Spec spec) {
        this.spec = spec;
        this.distinctValues = spec.distinct() ? new TreeSet<>(Values::compare) : null;
    }

    static boolean isAggregate(String name) {
        return switch (name) {
            case "COUNT", "SUM", "AVG", "MIN", "MAX" -> true;
            default -> false;
        };
    }

    static Spec spec(Expr.Call c, ExprCompiler compiler) {
        if (c.star()) {
            if (!c.function().equals("COUNT")) {
                throw argumentCount(c.function());
            }
            return new Spec(Kind.COUNT_STAR, null, false);
        }
        if (c.args().size() != 1) {
            throw argumentCount(c.function());
        }
        Expr arg = c.args().get(0);
        Kind kind = Kind.valueOf(c.function());
        return new Spec(kind, compiler.compileArgument(arg), c.distinct());
    }

    private static SqlException argumentCount(String name) {
        return new SqlException(
                1582, "42000", "Incorrect parameter count in the call to native function '" + name + "'");
    }

    void add(Row row, Object[] params) {
        if (spec.kind() == Kind.COUNT_STAR) {
            count++;
            return;
        }
        Object v = spec.argument().eval(row, params);
        if (v == null || (distinctValues != null && !distinctValues.add(v))) {
            return;
        }
        count++;
        switch (spec.kind()) {
            case SUM, AVG -> addToSum(v);
            case MIN -> extreme = extreme == null || Values.compare(v, extreme) < 0 ? v : extreme;
            case MAX -> extreme = extreme == null || Values.compare(v, extreme) > 0 ? v : extreme;
            default -> { }
        }
    }

    private void addToSum(Object v) {
        Object n = Values.toNumber(v);
        if (decimalSum == null && n instanceof Long l) {
            long s = longSum + l;
            if (((longSum ^ s) & (l ^ s)) >= 0) {
                longSum = s;
                return;
            }
        }
        if (decimalSum == null) {
            decimalSum = BigDecimal.valueOf(longSum);
        }
        decimalSum = decimalSum.add(Values.toDecimal(n));
    }

    Object result() {
        return switch (spec.kind()) {
            case COUNT_STAR, COUNT -> count;
            case SUM -> count == 0 ? null : sum();
            case AVG -> count == 0 ? null : sum().divide(BigDecimal.valueOf(count),
                    Math.max(sum().scale(), 0) + 4, RoundingMode.HALF_UP);
            case MIN, MAX -> extreme;
        };
    }

    private BigDecimal sum() {
        return decimalSum != null ? decimalSum : BigDecimal.valueOf(longSum);
    }
}

package org.taf.engine.sql.exec;

import java.math.BigDecimal;
import java.math.RoundingMode;
import org.taf.engine.sql.SqlException;
import org.taf.engine.sql.ast.Expr.Operator;

/**
 * + - * / DIV % over non-null values. Integers stay integers (an overflow is MariaDB's error
 * 1690); a decimal operand makes the result decimal; {@code /} gives 4 more decimals than its
 * dividend ({@code div_precision_increment}); division by zero is NULL.
 */
final class Arithmetic {
    private static final int DIV_PRECISION_INCREMENT = 4;

    private Arithmetic() {}

    static Object apply(Operator op, Object left, Object right) {
        Object a = Values.toNumber(left);
        Object b = Values.toNumber(right);
        if (a instanceof Long x && b instanceof Long y && op != Operator.DIVIDE) {
            return longs(op, x, y);
        }
        BigDecimal x = Values.toDecimal(a);
        BigDecimal y = Values.toDecimal(b);
        return switch (op) {
            case PLUS -> x.add(y);
            case MINUS -> x.subtract(y);
            case TIMES -> x.multiply(y);
            case DIVIDE -> y.signum() == 0 ? null
                    : x.divide(y, Math.max(x.scale(), 0) + DIV_PRECISION_INCREMENT, RoundingMode.HALF_UP);
            case INT_DIVIDE -> y.signum() == 0 ? null : Values.toLong(x.divide(y, 0, RoundingMode.DOWN));
            case MOD -> y.signum() == 0 ? null : x.remainder(y);
            default -> throw new IllegalStateException("not arithmetic: " + op);
        };
    }

    private static Object longs(Operator op, long x, long y) {
        try {
            return switch (op) {
                case PLUS -> Math.addExact(x, y);
                case MINUS -> Math.subtractExact(x, y);
                case TIMES -> Math.multiplyExact(x, y);
                case INT_DIVIDE -> y == 0 ? null : x / y;
                case MOD -> y == 0 ? null : x % y;
                default -> throw new IllegalStateException("not arithmetic: " + op);
            };
        } catch (ArithmeticException overflow) {
            throw new SqlException(
                    1690, "22003", "BIGINT value is out of range in '" + x + " " + op.sql() + " " + y + "'");
        }
    }

    static Object negate(Object v) {
        Object n = Values.toNumber(v);
        if (n instanceof Long l) {
            if (l == Long.MIN_VALUE) {
                throw new SqlException(1690, "22003", "BIGINT value is out of range in '-(" + l + ")'");
            }
            return -l;
        }
        return ((BigDecimal) n).negate();
    }
}

package org.taf.engine.sql.exec;

import java.math.BigDecimal;
import org.taf.engine.api.Column;
import org.taf.engine.sql.ast.Expr;
import org.taf.engine.sql.ast.Expr.Operator;

/**
 * The result type of an expression, known before it runs: the column count and types of a
 * prepared statement are sent at prepare time (sysbench counts a statement with columns as a read).
 */
final class Types {
    private Types() {}

    static SqlType of(Expr e, Scope table, Session session) {
        if (e instanceof Expr.Literal lit) {
            return ofValue(lit.value());
        }
        if (e instanceof Expr.Column c && table != null) {
            return ofColumn(table.columnAt(table.column(c)));
        }
        if (e instanceof Expr.SystemVariable v) {
            return ofValue(session.variable(v.scope(), SystemVariables.canonical(v.name())));
        }
        if (e instanceof Expr.Unary u) {
            return u.op() == Operator.NEGATE ? numeric(of(u.operand(), table, session)) : SqlType.BIGINT;
        }
        if (e instanceof Expr.Binary b) {
            if (b.op() == Operator.DIVIDE) {
                return SqlType.DECIMAL;
            }
            if (b.op().isComparison() || b.op() == Operator.AND || b.op() == Operator.OR
                    || b.op() == Operator.NULL_SAFE_EQ || b.op() == Operator.INT_DIVIDE) {
                return SqlType.BIGINT;
            }
            SqlType l = numeric(of(b.left(), table, session));
            SqlType r = numeric(of(b.right(), table, session));
            return l == SqlType.DECIMAL || r == SqlType.DECIMAL ? SqlType.DECIMAL : SqlType.BIGINT;
        }
        if (e instanceof Expr.Between || e instanceof Expr.In || e instanceof Expr.IsNull || e instanceof Expr.Like) {
            return SqlType.BIGINT;
        }
        if (e instanceof Expr.Call c) {
            return switch (c.function()) {
                case "COUNT" -> SqlType.BIGINT;
                case "SUM", "AVG" -> SqlType.DECIMAL;
                case "MIN", "MAX", "ABS", "IFNULL", "COALESCE" ->
                        c.args().isEmpty() ? SqlType.VARCHAR : of(c.args().get(0), table, session);
                case "STR_TO_DATE" -> DateFormats.readsTime(c) ? SqlType.DATETIME : SqlType.DATE;
                case "IF" -> c.args().size() != 3 ? SqlType.VARCHAR
                        : common(of(c.args().get(1), table, session), of(c.args().get(2), table, session));
                default -> Functions.type(c.function());
            };
        }
        return SqlType.VARCHAR; // parameters and user variables: known only when they run
    }

    static SqlType ofColumn(Column c) {
        return switch (c.type()) {
            case TINYINT -> SqlType.TINYINT;
            case SMALLINT -> SqlType.SMALLINT;
            case MEDIUMINT -> SqlType.MEDIUMINT;
            case INT -> SqlType.INT;
            case BIGINT -> SqlType.BIGINT;
            case DECIMAL -> SqlType.DECIMAL;
            case DATE -> SqlType.DATE;
            case DATETIME -> SqlType.DATETIME;
            case TIMESTAMP -> SqlType.TIMESTAMP;
            case CHAR -> SqlType.CHAR;
            case VARCHAR -> SqlType.VARCHAR;
        };
    }

    /** The type of IF's result from its two branches' (MariaDB's type aggregation, simplified). */
    private static SqlType common(SqlType a, SqlType b) {
        if (a == b) {
            return a;
        }
        if (a == SqlType.NULL) {
            return b;
        }
        if (b == SqlType.NULL) {
            return a;
        }
        if (a.isNumeric() && b.isNumeric()) {
            return a == SqlType.DECIMAL || b == SqlType.DECIMAL ? SqlType.DECIMAL : SqlType.BIGINT;
        }
        return SqlType.VARCHAR;
    }

    static SqlType ofValue(Object v) {
        if (v == null) {
            return SqlType.NULL;
        }
        if (v instanceof Long) {
            return SqlType.BIGINT;
        }
        if (v instanceof BigDecimal) {
            return SqlType.DECIMAL;
        }
        return SqlType.VARCHAR;
    }

    private static SqlType numeric(SqlType t) {
        return t == SqlType.DECIMAL || (!t.isNumeric() && t != SqlType.NULL) ? SqlType.DECIMAL : SqlType.BIGINT;
    }
}

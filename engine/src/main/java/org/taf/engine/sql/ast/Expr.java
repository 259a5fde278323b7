package org.taf.engine.sql.ast;

import java.math.BigDecimal;
import java.util.List;
import java.util.Objects;

/**
 * An expression as written. Values are {@link Long}, {@link BigDecimal}, {@link String} or null
 * (SQL NULL); TRUE and FALSE are the integers 1 and 0, as in MariaDB. Names keep their case.
 */
public sealed interface Expr {

    /** A constant. */
    record Literal(Object value) implements Expr {
        public static final Literal NULL = new Literal(null);

        public Literal {
            if (value != null && !(value instanceof Long || value instanceof BigDecimal || value instanceof String)) {
                throw new IllegalArgumentException("literal of type " + value.getClass().getSimpleName());
            }
        }
    }

    /** The {@code index}-th {@code ?} of the statement text, from 0. */
    record Param(int index) implements Expr {}

    /** A column, optionally qualified by a table name or alias. */
    record Column(String table, String name) implements Expr {
        public Column {
            Objects.requireNonNull(name, "name");
        }
    }

    /** {@code *} or {@code t.*} in a select list. */
    record AllColumns(String table) implements Expr {}

    /** {@code @@name}, {@code @@session.name} or {@code @@global.name}. */
    record SystemVariable(Scope scope, String name) implements Expr {}

    /** {@code @name}. */
    record UserVariable(String name) implements Expr {}

    /** {@code -x}, {@code NOT x}, {@code ~x}. */
    record Unary(Operator op, Expr operand) implements Expr {}

    /** Arithmetic, comparison and logical operators. */
    record Binary(Operator op, Expr left, Expr right) implements Expr {}

    /** {@code value [NOT] BETWEEN low AND high}. */
    record Between(Expr value, Expr low, Expr high, boolean not) implements Expr {}

    /** {@code value [NOT] IN (list)}. */
    record In(Expr value, List<Expr> list, boolean not) implements Expr {
        public In {
            list = List.copyOf(list);
        }
    }

    /** {@code value IS [NOT] NULL}. */
    record IsNull(Expr value, boolean not) implements Expr {}

    /** {@code value [NOT] LIKE pattern}. */
    record Like(Expr value, Expr pattern, boolean not) implements Expr {}

    /**
     * A function call. {@code COUNT(*)} has {@code star} set and no arguments; {@code distinct}
     * marks {@code COUNT(DISTINCT x)}.
     */
    record Call(String name, List<Expr> args, boolean distinct, boolean star) implements Expr {
        public Call {
            Objects.requireNonNull(name, "name");
            args = List.copyOf(args);
        }

        /** The function's name in upper case, for lookups ({@link #name()} keeps the case written). */
        public String function() {
            return name.toUpperCase(java.util.Locale.ROOT);
        }
    }

    /** Operators, with their SQL spelling. */
    enum Operator {
        OR("OR"), AND("AND"), NOT("NOT"),
        EQ("="), NULL_SAFE_EQ("<=>"), NE("<>"), LT("<"), LE("<="), GT(">"), GE(">="),
        PLUS("+"), MINUS("-"), TIMES("*"), DIVIDE("/"), INT_DIVIDE("DIV"), MOD("%"), NEGATE("-"), BIT_NOT("~");

        private final String sql;

        Operator(String sql) {
            this.sql = sql;
        }

        public String sql() {
            return sql;
        }

        /** Whether this compares its operands and yields 1, 0 or NULL. */
        public boolean isComparison() {
            return ordinal() >= EQ.ordinal() && ordinal() <= GE.ordinal();
        }
    }

    /** The scope written before a variable name. */
    enum Scope {
        /** No scope written: the session value for reads and writes. */
        DEFAULT,
        SESSION,
        GLOBAL
    }
}

package org.taf.engine.sql.exec;

import java.util.ArrayList;
import java.util.List;
import org.taf.engine.sql.SqlException;
import org.taf.engine.sql.ast.Expr;
import org.taf.engine.sql.ast.Expr.Operator;

/**
 * Compiles expressions into {@link Eval} closures, resolving column names to positions once, so
 * that running a prepared statement does no name lookups. Aggregate calls are collected into
 * {@link #aggregates} when the caller allows them; their values are read from positions after the
 * table's columns in the row the aggregation produces.
 */
final class ExprCompiler {
    private final Session session;
    private final Scope scope;
    /** Collected aggregate calls, or null where aggregates are not allowed (WHERE, SET, ...). */
    final List<Aggregate.Spec> aggregates;

    /** @param scope the tables columns resolve in, or null for none */
    ExprCompiler(Session session, Scope scope, boolean allowAggregates) {
        this.session = session;
        this.scope = scope;
        this.aggregates = allowAggregates ? new ArrayList<>() : null;
    }

    ExprCompiler(Session session, TableBinding table, boolean allowAggregates) {
        this(session, table == null ? null : Scope.of(table), allowAggregates);
    }

    Scope scope() {
        return scope;
    }

    /** Number of table columns (where aggregate results start in an aggregated row). */
    int columnCount() {
        return scope == null ? 0 : scope.width;
    }

    /**
     * Whether comparisons with {@code e} compare strings by bytes: {@code e} is a column of a
     * binary collation (VARCHAR ... BINARY, as HammerDB's schema declares its text columns).
     */
    boolean binaryCollation(Expr e) {
        return scope != null && e instanceof Expr.Column c && scope.columnAt(scope.column(c)).binary();
    }

    Eval compile(Expr e) {
        if (e instanceof Expr.Literal lit) {
            Object v = lit.value();
            return (row, params) -> v;
        }
        if (e instanceof Expr.Param p) {
            int i = p.index();
            return (row, params) -> params[i];
        }
        if (e instanceof Expr.Column c) {
            if (scope == null) {
                throw TableBinding.unknownColumn(c.name(), "field list");
            }
            int i = scope.column(c);
            return (row, params) -> row.get(i);
        }
        if (e instanceof Expr.SystemVariable v) {
            String name = SystemVariables.canonical(v.name());
            Expr.Scope scope = v.scope();
            session.variable(scope, name); // unknown -> 1193 now, at prepare time
            return (row, params) -> session.variable(scope, name);
        }
        if (e instanceof Expr.UserVariable v) {
            String name = v.name();
            return (row, params) -> session.userVariable(name);
        }
        if (e instanceof Expr.Unary u) {
            return unary(u);
        }
        if (e instanceof Expr.Binary b) {
            return binary(b);
        }
        if (e instanceof Expr.Between b) {
            Eval v = compile(b.value());
            Eval lo = compile(b.low());
            Eval hi = compile(b.high());
            boolean not = b.not();
            if (binaryCollation(b.value())) {
                return (row, params) -> {
                    Object x = v.eval(row, params);
                    Object l = lo.eval(row, params);
                    Object h = hi.eval(row, params);
                    if (x == null || l == null || h == null) {
                        return null;
                    }
                    return Values.bool(not ^ (Values.compare(x, l, true) >= 0 && Values.compare(x, h, true) <= 0));
                };
            }
            return (row, params) -> {
                Object x = v.eval(row, params);
                Object l = lo.eval(row, params);
                Object h = hi.eval(row, params);
                if (x == null || l == null || h == null) {
                    return null;
                }
                return Values.bool(not ^ (Values.compare(x, l) >= 0 && Values.compare(x, h) <= 0));
            };
        }
        if (e instanceof Expr.In in) {
            return in(in);
        }
        if (e instanceof Expr.IsNull n) {
            Eval v = compile(n.value());
            boolean not = n.not();
            return (row, params) -> Values.bool((v.eval(row, params) == null) != not);
        }
        if (e instanceof Expr.Like l) {
            return like(l);
        }
        if (e instanceof Expr.Call c) {
            if (Aggregate.isAggregate(c.function())) {
                return aggregate(c);
            }
            return Functions.compile(this, session, c);
        }
        if (e instanceof Expr.AllColumns) {
            throw new SqlException(SqlException.NO_TABLES_USED, "HY000", "No tables used");
        }
        throw new IllegalStateException("unknown expression " + e);
    }

    private Eval unary(Expr.Unary u) {
        Eval v = compile(u.operand());
        return switch (u.op()) {
            case NOT -> (row, params) -> {
                Boolean t = Values.truth(v.eval(row, params));
                return t == null ? null : Values.bool(!t);
            };
            case NEGATE -> (row, params) -> {
                Object x = v.eval(row, params);
                return x == null ? null : Arithmetic.negate(x);
            };
            case BIT_NOT -> (row, params) -> {
                Object x = v.eval(row, params);
                return x == null ? null : ~Values.toLong(x);
            };
            default -> throw new IllegalStateException("not unary: " + u.op());
        };
    }

    private Eval binary(Expr.Binary b) {
        Eval l = compile(b.left());
        Eval r = compile(b.right());
        Operator op = b.op();
        if (op == Operator.AND) {
            return (row, params) -> {
                Boolean x = Values.truth(l.eval(row, params));
                if (Boolean.FALSE.equals(x)) {
                    return Values.FALSE;
                }
                Boolean y = Values.truth(r.eval(row, params));
                if (Boolean.FALSE.equals(y)) {
                    return Values.FALSE;
                }
                return x == null || y == null ? null : Values.TRUE;
            };
        }
        if (op == Operator.OR) {
            return (row, params) -> {
                Boolean x = Values.truth(l.eval(row, params));
                if (Boolean.TRUE.equals(x)) {
                    return Values.TRUE;
                }
                Boolean y = Values.truth(r.eval(row, params));
                if (Boolean.TRUE.equals(y)) {
                    return Values.TRUE;
                }
                return x == null || y == null ? null : Values.FALSE;
            };
        }
        boolean bin = binaryCollation(b.left()) || binaryCollation(b.right());
        if (op == Operator.NULL_SAFE_EQ) {
            return (row, params) -> {
                Object x = l.eval(row, params);
                Object y = r.eval(row, params);
                return Values.bool(x == null || y == null ? x == y : Values.compare(x, y, bin) == 0);
            };
        }
        if (op.isComparison()) {
            return (row, params) -> {
                Object x = l.eval(row, params);
                Object y = r.eval(row, params);
                if (x == null || y == null) {
                    return null;
                }
                int c = Values.compare(x, y, bin);
                return Values.bool(switch (op) {
                    case EQ -> c == 0;
                    case NE -> c != 0;
                    case LT -> c < 0;
                    case LE -> c <= 0;
                    case GT -> c > 0;
                    default -> c >= 0;
                });
            };
        }
        return (row, params) -> {
            Object x = l.eval(row, params);
            Object y = r.eval(row, params);
            return x == null || y == null ? null : Arithmetic.apply(op, x, y);
        };
    }

    private Eval in(Expr.In in) {
        Eval v = compile(in.value());
        Eval[] items = in.list().stream().map(this::compile).toArray(Eval[]::new);
        boolean not = in.not();
        boolean bin = binaryCollation(in.value());
        return (row, params) -> {
            Object x = v.eval(row, params);
            if (x == null) {
                return null;
            }
            boolean sawNull = false;
            for (Eval item : items) {
                Object y = item.eval(row, params);
                if (y == null) {
                    sawNull = true;
                } else if (Values.compare(x, y, bin) == 0) {
                    return Values.bool(!not);
                }
            }
            return sawNull ? null : Values.bool(not);
        };
    }

    private Eval like(Expr.Like l) {
        Eval v = compile(l.value());
        boolean not = l.not();
        if (l.pattern() instanceof Expr.Literal lit && lit.value() != null) {
            LikePattern p = LikePattern.compile(Values.toText(lit.value()));
            return (row, params) -> {
                Object x = v.eval(row, params);
                return x == null ? null : Values.bool(p.matches(Values.toText(x)) != not);
            };
        }
        Eval pattern = compile(l.pattern());
        return (row, params) -> {
            Object x = v.eval(row, params);
            Object p = pattern.eval(row, params);
            return x == null || p == null ? null
                    : Values.bool(LikePattern.compile(Values.toText(p)).matches(Values.toText(x)) != not);
        };
    }

    private Eval aggregate(Expr.Call c) {
        if (aggregates == null) {
            throw new SqlException(SqlException.INVALID_GROUP_FUNC_USE, "HY000", "Invalid use of group function");
        }
        Aggregate.Spec spec = Aggregate.spec(c, this);
        aggregates.add(spec);
        int slot = columnCount() + aggregates.size() - 1;
        return (row, params) -> row.get(slot);
    }

    /** Compiles an aggregate's argument, where aggregates may not nest. */
    Eval compileArgument(Expr e) {
        return new ExprCompiler(session, scope, false).compile(e);
    }

    /** Whether {@code e} reads no column (literals, parameters and variables only). */
    static boolean isConstant(Expr e) {
        if (e instanceof Expr.Column || e instanceof Expr.AllColumns) {
            return false;
        }
        if (e instanceof Expr.Call c) {
            return !Aggregate.isAggregate(c.function()) && c.args().stream().allMatch(ExprCompiler::isConstant);
        }
        if (e instanceof Expr.Unary u) {
            return isConstant(u.operand());
        }
        if (e instanceof Expr.Binary b) {
            return isConstant(b.left()) && isConstant(b.right());
        }
        if (e instanceof Expr.Between b) {
            return isConstant(b.value()) && isConstant(b.low()) && isConstant(b.high());
        }
        if (e instanceof Expr.In in) {
            return isConstant(in.value()) && in.list().stream().allMatch(ExprCompiler::isConstant);
        }
        if (e instanceof Expr.IsNull n) {
            return isConstant(n.value());
        }
        if (e instanceof Expr.Like l) {
            return isConstant(l.value()) && isConstant(l.pattern());
        }
        return true;
    }
}

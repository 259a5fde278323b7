package org.taf.engine.sql.parse;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.taf.engine.sql.SqlException;
import org.taf.engine.sql.ast.Expr;
import org.taf.engine.sql.ast.Expr.Operator;

/**
 * Expressions by MariaDB's precedence, lowest first: OR, AND, NOT, comparisons and
 * BETWEEN/IN/IS/LIKE, + -, * / DIV %, unary - ~ !, then primaries (literals, {@code ?}, columns,
 * variables, function calls, parentheses).
 */
final class ExpressionParser {
    private final Tokens t;

    ExpressionParser(Tokens tokens) {
        this.t = tokens;
    }

    Expr expression() {
        Expr left = and();
        while (t.accept("OR") || t.acceptSymbol("||")) {
            left = new Expr.Binary(Operator.OR, left, and());
        }
        return left;
    }

    private Expr and() {
        Expr left = not();
        while (t.accept("AND") || t.acceptSymbol("&&")) {
            left = new Expr.Binary(Operator.AND, left, not());
        }
        return left;
    }

    private Expr not() {
        if (t.accept("NOT")) {
            return new Expr.Unary(Operator.NOT, not());
        }
        return predicate();
    }

    private Expr predicate() {
        Expr left = additive();
        while (true) {
            Operator op = comparison();
            if (op != null) {
                t.next();
                left = new Expr.Binary(op, left, additive());
                continue;
            }
            if (t.peek().is("IS")) {
                t.next();
                boolean not = t.accept("NOT");
                t.expect("NULL");
                left = new Expr.IsNull(left, not);
                continue;
            }
            boolean not = t.peek().is("NOT") && (t.peek(1).is("BETWEEN") || t.peek(1).is("IN") || t.peek(1).is("LIKE"));
            if (not) {
                t.next();
            }
            if (t.accept("BETWEEN")) {
                Expr low = additive();
                t.expect("AND");
                left = new Expr.Between(left, low, additive(), not);
            } else if (t.accept("IN")) {
                left = new Expr.In(left, list(), not);
            } else if (t.accept("LIKE")) {
                left = new Expr.Like(left, additive(), not);
                if (t.peek().is("ESCAPE")) {
                    throw SqlException.notSupported("LIKE ... ESCAPE");
                }
            } else {
                return left;
            }
        }
    }

    private Operator comparison() {
        if (t.peek().type() != TokenType.SYMBOL) {
            return null;
        }
        return switch (t.peek().text()) {
            case "=" -> Operator.EQ;
            case "<=>" -> Operator.NULL_SAFE_EQ;
            case "<>" -> Operator.NE;
            case "<" -> Operator.LT;
            case "<=" -> Operator.LE;
            case ">" -> Operator.GT;
            case ">=" -> Operator.GE;
            default -> null;
        };
    }

    private List<Expr> list() {
        t.expectSymbol("(");
        if (t.peek().is("SELECT")) {
            throw SqlException.notSupported("subqueries");
        }
        List<Expr> items = new ArrayList<>();
        do {
            items.add(expression());
        } while (t.acceptSymbol(","));
        t.expectSymbol(")");
        return items;
    }

    private Expr additive() {
        Expr left = multiplicative();
        while (true) {
            if (t.acceptSymbol("+")) {
                left = new Expr.Binary(Operator.PLUS, left, multiplicative());
            } else if (t.acceptSymbol("-")) {
                left = new Expr.Binary(Operator.MINUS, left, multiplicative());
            } else {
                return left;
            }
        }
    }

    private Expr multiplicative() {
        Expr left = unary();
        while (true) {
            Operator op;
            if (t.acceptSymbol("*")) {
                op = Operator.TIMES;
            } else if (t.acceptSymbol("/")) {
                op = Operator.DIVIDE;
            } else if (t.acceptSymbol("%") || t.accept("MOD")) {
                op = Operator.MOD;
            } else if (t.accept("DIV")) {
                op = Operator.INT_DIVIDE;
            } else {
                return left;
            }
            left = new Expr.Binary(op, left, unary());
        }
    }

    private Expr unary() {
        if (t.acceptSymbol("-")) {
            Expr operand = unary();
            if (operand instanceof Expr.Literal lit && lit.value() instanceof Long v && v != Long.MIN_VALUE) {
                return new Expr.Literal(-v); // folded so that "id = -5" is a constant key
            }
            if (operand instanceof Expr.Literal lit && lit.value() instanceof BigDecimal d) {
                return new Expr.Literal(d.negate());
            }
            return new Expr.Unary(Operator.NEGATE, operand);
        }
        if (t.acceptSymbol("+")) {
            return unary();
        }
        if (t.acceptSymbol("~")) {
            return new Expr.Unary(Operator.BIT_NOT, unary());
        }
        if (t.acceptSymbol("!")) {
            return new Expr.Unary(Operator.NOT, unary());
        }
        return primary();
    }

    private Expr primary() {
        Token tok = t.peek();
        switch (tok.type()) {
            case INTEGER -> {
                t.next();
                return new Expr.Literal(Long.parseLong(tok.text()));
            }
            case DECIMAL -> {
                t.next();
                return new Expr.Literal(new BigDecimal(tok.text()));
            }
            case STRING -> {
                t.next();
                return new Expr.Literal(tok.text());
            }
            case PARAM -> {
                t.next();
                return new Expr.Param(t.nextParam());
            }
            case SYSTEM_VARIABLE -> {
                t.next();
                return systemVariable(tok.text());
            }
            case USER_VARIABLE -> {
                t.next();
                return new Expr.UserVariable(tok.text());
            }
            case SYMBOL -> {
                if (tok.isSymbol("(")) {
                    t.next();
                    if (t.peek().is("SELECT")) {
                        throw SqlException.notSupported("subqueries");
                    }
                    Expr inner = expression();
                    t.expectSymbol(")");
                    return inner;
                }
                throw t.error();
            }
            case IDENT, QUOTED_IDENT -> {
                return word(tok);
            }
            default -> throw t.error();
        }
    }

    private Expr word(Token tok) {
        if (tok.type() == TokenType.IDENT) {
            if (t.peek(1).isSymbol("(")) {
                return call();
            }
            if (tok.is("NULL")) {
                t.next();
                return Expr.Literal.NULL;
            }
            if (tok.is("TRUE") || tok.is("FALSE")) {
                t.next();
                return new Expr.Literal(tok.is("TRUE") ? 1L : 0L);
            }
            if (tok.is("CURRENT_TIMESTAMP") || tok.is("CURRENT_DATE") || tok.is("LOCALTIME")
                    || tok.is("LOCALTIMESTAMP")) {
                t.next();
                return new Expr.Call(tok.text(), List.of(), false, false);
            }
            if (tok.is("CASE") || tok.is("INTERVAL") || tok.is("EXISTS")) {
                throw SqlException.notSupported(tok.text().toUpperCase(Locale.ROOT));
            }
        }
        String first = t.identifier();
        if (t.acceptSymbol(".")) {
            if (t.acceptSymbol("*")) {
                return new Expr.AllColumns(first);
            }
            String second = t.identifier();
            if (t.acceptSymbol(".")) {
                return new Expr.Column(second, t.identifier()); // db.table.column: the table is enough here
            }
            return new Expr.Column(first, second);
        }
        return new Expr.Column(null, first);
    }

    private Expr call() {
        String name = t.next().text();
        t.expectSymbol("(");
        if (t.acceptSymbol("*")) {
            t.expectSymbol(")");
            return new Expr.Call(name, List.of(), false, true);
        }
        boolean distinct = t.accept("DISTINCT");
        List<Expr> args = new ArrayList<>();
        if (!t.peek().isSymbol(")")) {
            if (t.peek().is("SELECT")) {
                throw SqlException.notSupported("subqueries");
            }
            do {
                args.add(expression());
            } while (t.acceptSymbol(","));
        }
        t.expectSymbol(")");
        return new Expr.Call(name, args, distinct, false);
    }

    static Expr.SystemVariable systemVariable(String text) {
        String lower = text.toLowerCase(Locale.ROOT);
        for (Expr.Scope scope : new Expr.Scope[] {Expr.Scope.SESSION, Expr.Scope.GLOBAL}) {
            String prefix = scope.name().toLowerCase(Locale.ROOT) + ".";
            if (lower.startsWith(prefix)) {
                return new Expr.SystemVariable(scope, text.substring(prefix.length()));
            }
        }
        if (lower.startsWith("local.")) {
            return new Expr.SystemVariable(Expr.Scope.SESSION, text.substring("local.".length()));
        }
        return new Expr.SystemVariable(Expr.Scope.DEFAULT, text);
    }
}

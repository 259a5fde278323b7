package org.taf.engine.sql.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.taf.engine.sql.SqlException;
import org.taf.engine.sql.ast.Expr;
import org.taf.engine.sql.ast.Statement;
import org.taf.engine.sql.ast.Statement.ShowKind;
import org.taf.engine.sql.ast.Statement.VariableAssignment;

/** USE, transaction control, SET and SHOW. */
final class AdminParser {
    private final Tokens t;
    private final ExpressionParser expressions;

    AdminParser(Tokens tokens, ExpressionParser expressions) {
        this.t = tokens;
        this.expressions = expressions;
    }

    Statement statement() {
        if (t.accept("USE")) {
            return new Statement.Use(t.identifier());
        }
        if (t.accept("BEGIN")) {
            t.accept("WORK");
            return new Statement.Begin();
        }
        if (t.accept("START")) {
            t.expect("TRANSACTION");
            // READ ONLY / READ WRITE / WITH CONSISTENT SNAPSHOT change nothing in this engine.
            while (t.accept("READ", "ONLY") || t.accept("READ", "WRITE") || withConsistentSnapshot()) {
                t.acceptSymbol(",");
            }
            return new Statement.Begin();
        }
        if (t.accept("COMMIT")) {
            t.accept("WORK");
            return new Statement.Commit();
        }
        if (t.accept("ROLLBACK")) {
            t.accept("WORK");
            if (t.peek().is("TO")) {
                throw SqlException.notSupported("ROLLBACK TO SAVEPOINT");
            }
            return new Statement.Rollback();
        }
        if (t.accept("SET")) {
            return set();
        }
        t.expect("SHOW");
        return show();
    }

    private boolean withConsistentSnapshot() {
        if (t.accept("WITH")) {
            t.expect("CONSISTENT");
            t.expect("SNAPSHOT");
            return true;
        }
        return false;
    }

    private Statement set() {
        List<VariableAssignment> assignments = new ArrayList<>();
        do {
            assignment(assignments);
        } while (t.acceptSymbol(","));
        return new Statement.SetVariables(assignments);
    }

    private void assignment(List<VariableAssignment> out) {
        Expr.Scope scope = scope();
        if (t.accept("NAMES")) {
            Expr charset = nameOrString();
            out.add(new VariableAssignment(scope, "character_set_client", charset));
            out.add(new VariableAssignment(scope, "character_set_connection", charset));
            out.add(new VariableAssignment(scope, "character_set_results", charset));
            if (t.accept("COLLATE")) {
                out.add(new VariableAssignment(scope, "collation_connection", nameOrString()));
            }
            return;
        }
        if (t.accept("CHARACTER", "SET") || t.accept("CHARSET")) {
            Expr charset = nameOrString();
            out.add(new VariableAssignment(scope, "character_set_client", charset));
            out.add(new VariableAssignment(scope, "character_set_results", charset));
            return;
        }
        if (t.accept("TRANSACTION")) {
            transaction(scope, out);
            return;
        }
        Token tok = t.peek();
        String name;
        if (tok.type() == TokenType.SYSTEM_VARIABLE) {
            t.next();
            Expr.SystemVariable v = ExpressionParser.systemVariable(tok.text());
            scope = v.scope() == Expr.Scope.DEFAULT ? scope : v.scope();
            name = v.name();
        } else if (tok.type() == TokenType.USER_VARIABLE) {
            t.next();
            name = "@" + tok.text();
        } else {
            name = t.identifier();
            if (t.acceptSymbol(".")) {
                name = t.identifier(); // SET SESSION.x is not MariaDB; "SET a.b" names a structured variable
            }
        }
        if (!t.acceptSymbol("=")) {
            t.expectSymbol(":=");
        }
        Expr value;
        if (t.peek().is("DEFAULT") || t.peek().is("ON") || t.peek().is("ALL")) {
            value = new Expr.Literal(t.next().text().toUpperCase(Locale.ROOT)); // SET x = ON / DEFAULT
        } else {
            value = expressions.expression();
        }
        out.add(new VariableAssignment(scope, name, value));
    }

    private void transaction(Expr.Scope scope, List<VariableAssignment> out) {
        do {
            if (t.accept("ISOLATION")) {
                t.expect("LEVEL");
                String level;
                if (t.accept("READ", "UNCOMMITTED")) {
                    level = "READ-UNCOMMITTED";
                } else if (t.accept("READ", "COMMITTED")) {
                    level = "READ-COMMITTED";
                } else if (t.accept("REPEATABLE")) {
                    t.expect("READ");
                    level = "REPEATABLE-READ";
                } else {
                    t.expect("SERIALIZABLE");
                    level = "SERIALIZABLE";
                }
                out.add(new VariableAssignment(scope, "transaction_isolation", new Expr.Literal(level)));
            } else if (t.accept("READ", "ONLY")) {
                out.add(new VariableAssignment(scope, "transaction_read_only", new Expr.Literal(1L)));
            } else {
                t.expect("READ");
                t.expect("WRITE");
                out.add(new VariableAssignment(scope, "transaction_read_only", new Expr.Literal(0L)));
            }
        } while (t.acceptSymbol(","));
    }

    private Expr nameOrString() {
        Token tok = t.next();
        if (tok.type() == TokenType.STRING || tok.type() == TokenType.IDENT || tok.type() == TokenType.QUOTED_IDENT) {
            return new Expr.Literal(tok.text());
        }
        throw SyntaxError.near(t.sql, tok.start());
    }

    private Expr.Scope scope() {
        if (t.accept("GLOBAL")) {
            return Expr.Scope.GLOBAL;
        }
        if (t.accept("SESSION") || t.accept("LOCAL")) {
            return Expr.Scope.SESSION;
        }
        return Expr.Scope.DEFAULT;
    }

    private Statement show() {
        boolean global = false;
        if (t.accept("GLOBAL")) {
            global = true;
        } else if (!t.accept("SESSION")) {
            t.accept("LOCAL");
        }
        t.accept("FULL");
        ShowKind kind;
        if (t.accept("VARIABLES")) {
            kind = ShowKind.VARIABLES;
        } else if (t.accept("STATUS")) {
            kind = ShowKind.STATUS;
        } else if (t.accept("TABLES")) {
            kind = ShowKind.TABLES;
        } else if (t.accept("DATABASES") || t.accept("SCHEMAS")) {
            kind = ShowKind.DATABASES;
        } else if (t.accept("WARNINGS") || t.accept("ERRORS")) {
            kind = ShowKind.WARNINGS;
            if (t.accept("LIMIT")) {
                t.smallInteger();
            }
        } else if (t.peek().type() == TokenType.IDENT) {
            throw SqlException.notSupported("SHOW " + t.peek().text().toUpperCase(Locale.ROOT));
        } else {
            throw t.error();
        }
        String database = null;
        if (kind == ShowKind.TABLES && (t.accept("FROM") || t.accept("IN"))) {
            database = t.identifier();
        }
        String like = null;
        if (t.accept("LIKE")) {
            Token pattern = t.next();
            if (pattern.type() != TokenType.STRING) {
                throw SyntaxError.near(t.sql, pattern.start());
            }
            like = pattern.text();
        } else if (t.peek().is("WHERE")) {
            throw SqlException.notSupported("SHOW ... WHERE");
        }
        return new Statement.Show(kind, global, database, like);
    }
}

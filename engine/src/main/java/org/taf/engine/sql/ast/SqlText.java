package org.taf.engine.sql.ast;

import java.util.List;
import java.util.stream.Collectors;
import org.taf.engine.sql.ast.Statement.ColumnDefinition;
import org.taf.engine.sql.ast.Statement.Limit;
import org.taf.engine.sql.ast.Statement.OrderItem;
import org.taf.engine.sql.ast.Statement.TableName;

/**
 * Canonical SQL text of a tree: keywords upper case, names back-quoted, every operation in
 * parentheses. Parsing the text gives the same tree back (the parser tests rely on it); it is
 * also what the server logs.
 */
public final class SqlText {
    private SqlText() {}

    public static String of(Expr e) {
        if (e instanceof Expr.Literal lit) {
            return literal(lit.value());
        }
        if (e instanceof Expr.Param) {
            return "?";
        }
        if (e instanceof Expr.Column c) {
            return (c.table() == null ? "" : name(c.table()) + ".") + name(c.name());
        }
        if (e instanceof Expr.AllColumns a) {
            return (a.table() == null ? "" : name(a.table()) + ".") + "*";
        }
        if (e instanceof Expr.SystemVariable v) {
            return "@@" + (v.scope() == Expr.Scope.DEFAULT ? "" : v.scope().name().toLowerCase() + ".") + v.name();
        }
        if (e instanceof Expr.UserVariable v) {
            return "@" + name(v.name());
        }
        if (e instanceof Expr.Unary u) {
            return "(" + u.op().sql() + (u.op() == Expr.Operator.NOT ? " " : "") + of(u.operand()) + ")";
        }
        if (e instanceof Expr.Binary b) {
            return "(" + of(b.left()) + " " + b.op().sql() + " " + of(b.right()) + ")";
        }
        if (e instanceof Expr.Between b) {
            return "(" + of(b.value()) + (b.not() ? " NOT" : "") + " BETWEEN " + of(b.low()) + " AND " + of(b.high())
                    + ")";
        }
        if (e instanceof Expr.In in) {
            return "(" + of(in.value()) + (in.not() ? " NOT" : "") + " IN (" + list(in.list()) + "))";
        }
        if (e instanceof Expr.IsNull n) {
            return "(" + of(n.value()) + " IS " + (n.not() ? "NOT " : "") + "NULL)";
        }
        if (e instanceof Expr.Like l) {
            return "(" + of(l.value()) + (l.not() ? " NOT" : "") + " LIKE " + of(l.pattern()) + ")";
        }
        if (e instanceof Expr.Call c) {
            if (c.function().equals("DEFAULT") && c.args().isEmpty()) {
                return "DEFAULT";
            }
            return c.name() + "(" + (c.star() ? "*" : (c.distinct() ? "DISTINCT " : "") + list(c.args())) + ")";
        }
        throw new IllegalStateException("unknown expression " + e);
    }

    public static String of(Statement s) {
        if (s instanceof Statement.Select sel) {
            return select(sel);
        }
        if (s instanceof Statement.Insert ins) {
            return "INSERT INTO " + table(ins.table())
                    + (ins.columns().isEmpty() ? "" : " (" + ins.columns().stream().map(SqlText::name)
                    .collect(Collectors.joining(", ")) + ")")
                    + " VALUES " + ins.rows().stream().map(r -> "(" + list(r) + ")").collect(Collectors.joining(", "));
        }
        if (s instanceof Statement.Update u) {
            return "UPDATE " + table(u.table()) + " SET " + u.assignments().stream()
                    .map(a -> name(a.column()) + " = " + of(a.value())).collect(Collectors.joining(", "))
                    + where(u.where()) + orderBy(u.orderBy()) + limit(u.limit());
        }
        if (s instanceof Statement.Delete d) {
            return "DELETE FROM " + table(d.table()) + where(d.where()) + orderBy(d.orderBy()) + limit(d.limit());
        }
        if (s instanceof Statement.CreateDatabase c) {
            return "CREATE DATABASE " + (c.ifNotExists() ? "IF NOT EXISTS " : "") + name(c.name());
        }
        if (s instanceof Statement.DropDatabase d) {
            return "DROP DATABASE " + (d.ifExists() ? "IF EXISTS " : "") + name(d.name());
        }
        if (s instanceof Statement.CreateTable c) {
            StringBuilder b = new StringBuilder("CREATE TABLE ").append(c.ifNotExists() ? "IF NOT EXISTS " : "")
                    .append(table(c.table())).append(" (");
            b.append(c.columns().stream().map(SqlText::column).collect(Collectors.joining(", ")));
            if (!c.primaryKey().isEmpty()) {
                b.append(", PRIMARY KEY (").append(names(c.primaryKey())).append(")");
            }
            c.indexes().forEach(i -> b.append(", KEY ").append(name(i.name())).append(" (").append(names(i.columns()))
                    .append(")"));
            return b.append(")").toString();
        }
        if (s instanceof Statement.CreateIndex c) {
            return "CREATE INDEX " + name(c.name()) + " ON " + table(c.table()) + " (" + names(c.columns()) + ")";
        }
        if (s instanceof Statement.AnalyzeTable a) {
            return "ANALYZE TABLE " + a.tables().stream().map(SqlText::table).collect(Collectors.joining(", "));
        }
        if (s instanceof Statement.DropTable d) {
            return "DROP TABLE " + (d.ifExists() ? "IF EXISTS " : "")
                    + d.tables().stream().map(SqlText::table).collect(Collectors.joining(", "));
        }
        if (s instanceof Statement.Use u) {
            return "USE " + name(u.database());
        }
        if (s instanceof Statement.Begin) {
            return "BEGIN";
        }
        if (s instanceof Statement.Commit) {
            return "COMMIT";
        }
        if (s instanceof Statement.Rollback) {
            return "ROLLBACK";
        }
        if (s instanceof Statement.SetVariables set) {
            return "SET " + set.assignments().stream().map(a -> (a.scope() == Expr.Scope.DEFAULT ? ""
                    : a.scope().name() + " ") + (a.name().startsWith("@") ? "@" + name(a.name().substring(1))
                    : name(a.name())) + " = " + of(a.value())).collect(Collectors.joining(", "));
        }
        if (s instanceof Statement.Show show) {
            return "SHOW " + (show.global() ? "GLOBAL " : "") + show.kind().name()
                    + (show.database() == null ? "" : " FROM " + name(show.database()))
                    + (show.like() == null ? "" : " LIKE " + literal(show.like()));
        }
        throw new IllegalStateException("unknown statement " + s);
    }

    private static String select(Statement.Select s) {
        StringBuilder b = new StringBuilder("SELECT ");
        if (s.distinct()) {
            b.append("DISTINCT ");
        }
        b.append(s.items().stream().map(i -> of(i.expr()) + (i.alias() == null ? "" : " AS " + name(i.alias())))
                .collect(Collectors.joining(", ")));
        for (int i = 0; i < s.from().size(); i++) {
            Statement.TableRef t = s.from().get(i);
            b.append(i == 0 ? " FROM " : t.on() == null ? ", " : " JOIN ").append(table(t.name()));
            if (t.alias() != null) {
                b.append(" AS ").append(name(t.alias()));
            }
            if (t.on() != null) {
                b.append(" ON ").append(of(t.on()));
            }
        }
        b.append(where(s.where()));
        if (!s.groupBy().isEmpty()) {
            b.append(" GROUP BY ").append(list(s.groupBy()));
        }
        b.append(orderBy(s.orderBy())).append(limit(s.limit()));
        return b.append(s.forUpdate() ? " FOR UPDATE" : "").toString();
    }

    private static String column(ColumnDefinition c) {
        String type = switch (c.type()) {
            case CHAR, VARCHAR -> c.type().name() + "(" + c.length() + ")" + (c.binary() ? " BINARY" : "");
            case DECIMAL -> "DECIMAL(" + c.length() + ", " + c.scale() + ")";
            case DATETIME, TIMESTAMP -> c.type().name() + (c.length() == 0 ? "" : "(" + c.length() + ")");
            default -> c.type().name();
        };
        return name(c.name()) + " " + type + (c.nullable() ? "" : " NOT NULL")
                + (c.defaultValue() == null ? "" : " DEFAULT " + of(c.defaultValue()))
                + (c.autoIncrement() ? " AUTO_INCREMENT" : "") + (c.invisible() ? " INVISIBLE" : "");
    }

    private static String names(List<String> names) {
        return names.stream().map(SqlText::name).collect(Collectors.joining(", "));
    }

    private static String where(Expr where) {
        return where == null ? "" : " WHERE " + of(where);
    }

    private static String orderBy(List<OrderItem> items) {
        return items.isEmpty() ? "" : " ORDER BY " + items.stream()
                .map(o -> of(o.expr()) + (o.descending() ? " DESC" : "")).collect(Collectors.joining(", "));
    }

    private static String limit(Limit l) {
        return l == null ? "" : " LIMIT " + of(l.count()) + (l.offset() == null ? "" : " OFFSET " + of(l.offset()));
    }

    private static String list(List<Expr> items) {
        return items.stream().map(SqlText::of).collect(Collectors.joining(", "));
    }

    private static String table(TableName t) {
        return (t.database() == null ? "" : name(t.database()) + ".") + name(t.name());
    }

    /** A back-quoted name. */
    public static String name(String n) {
        return "`" + n.replace("`", "``") + "`";
    }

    /** A literal as SQL: numbers as digits, strings quoted with {@code '} doubled, NULL. */
    public static String literal(Object v) {
        if (v == null) {
            return "NULL";
        }
        if (v instanceof String s) {
            return "'" + s.replace("\\", "\\\\").replace("'", "''") + "'";
        }
        return v.toString();
    }
}

package org.taf.engine.sql.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.taf.engine.sql.SqlException;
import org.taf.engine.sql.ast.Expr;
import org.taf.engine.sql.ast.Statement;
import org.taf.engine.sql.ast.Statement.Limit;
import org.taf.engine.sql.ast.Statement.OrderItem;
import org.taf.engine.sql.ast.Statement.TableName;

/**
 * Parses the supported SQL subset. Errors are MariaDB's: 1064 naming the text from the first
 * token that does not fit, 1235 for a known construct this engine does not support, 1065 for an
 * empty query. Thread-safe (a parser object lives for one text).
 */
public final class Parser {
    private final Tokens t;
    private final ExpressionParser expressions;
    private final DdlParser ddl;
    private final AdminParser admin;

    private Parser(String sql, boolean placeholders) {
        this.t = new Tokens(sql, placeholders);
        this.expressions = new ExpressionParser(t);
        this.ddl = new DdlParser(t, expressions);
        this.admin = new AdminParser(t, expressions);
    }

    /**
     * The statements of a text query (COM_QUERY), separated by {@code ;} (a trailing {@code ;} is
     * allowed). A {@code ?} is a syntax error here, as in MariaDB.
     *
     * @throws SqlException 1065 if there is no statement, 1064/1235 otherwise
     */
    public static ParsedSql parse(String sql) {
        return parse(sql, false);
    }

    /**
     * The statements of a text to prepare (COM_STMT_PREPARE): {@code ?} placeholders are numbered
     * from 0 across the whole text.
     */
    public static ParsedSql parsePrepared(String sql) {
        return parse(sql, true);
    }

    private static ParsedSql parse(String sql, boolean placeholders) {
        Parser p = new Parser(sql, placeholders);
        List<Statement> statements = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        while (true) {
            while (p.t.acceptSymbol(";")) {
                // empty statements between semicolons are skipped
            }
            if (p.t.atEnd()) {
                break;
            }
            int start = p.t.peek().start();
            statements.add(p.statement());
            int end = p.t.peek().start();
            texts.add(sql.substring(start, end).strip());
            if (!p.t.atEnd() && !p.t.peek().isSymbol(";")) {
                throw p.t.error();
            }
        }
        if (statements.isEmpty()) {
            throw new SqlException(SqlException.EMPTY_QUERY, "42000", "Query was empty");
        }
        return new ParsedSql(statements, texts, p.t.paramCount());
    }

    private Statement statement() {
        Token first = t.peek();
        String word = first.type() == TokenType.IDENT ? first.text().toUpperCase(Locale.ROOT) : "";
        return switch (word) {
            case "SELECT" -> select();
            case "INSERT" -> insert();
            case "UPDATE" -> update();
            case "DELETE" -> delete();
            case "CREATE" -> ddl.create();
            case "DROP" -> ddl.drop();
            case "USE", "BEGIN", "START", "COMMIT", "ROLLBACK", "SET", "SHOW" -> admin.statement();
            case "ANALYZE" -> analyze();
            case "REPLACE", "ALTER", "TRUNCATE", "RENAME", "GRANT", "REVOKE", "LOCK", "UNLOCK", "CALL", "LOAD",
                 "OPTIMIZE", "FLUSH", "KILL", "EXPLAIN", "DESCRIBE", "DESC", "HANDLER", "SAVEPOINT",
                 "RELEASE", "XA", "DO", "PREPARE", "EXECUTE", "DEALLOCATE", "WITH" ->
                    throw SqlException.notSupported(word + " statements");
            default -> throw t.error();
        };
    }

    private Statement.Select select() {
        t.expect("SELECT");
        boolean distinct = false;
        while (true) {
            if (t.accept("DISTINCT") || t.accept("DISTINCTROW")) {
                distinct = true;
            } else if (!t.accept("ALL") && !t.accept("SQL_NO_CACHE") && !t.accept("SQL_CACHE")) {
                break;
            }
        }
        List<Statement.SelectItem> items = new ArrayList<>();
        do {
            items.add(selectItem());
        } while (t.acceptSymbol(","));
        List<Statement.TableRef> from = new ArrayList<>();
        Expr where = null;
        if (t.accept("FROM")) {
            from.add(tableRef(null));
            while (true) {
                if (t.acceptSymbol(",") || t.accept("CROSS", "JOIN")) {
                    from.add(tableRef(null));
                } else if (t.accept("JOIN") || t.accept("INNER", "JOIN")) {
                    Statement.TableRef r = tableRef(null);
                    if (t.accept("ON")) {
                        r = new Statement.TableRef(r.name(), r.alias(), expressions.expression());
                    }
                    from.add(r);
                } else if (t.peek().is("LEFT") || t.peek().is("RIGHT") || t.peek().is("NATURAL")
                        || t.peek().is("STRAIGHT_JOIN") || t.peek().is("FULL")) {
                    throw SqlException.notSupported("outer and natural joins");
                } else {
                    break;
                }
            }
        }
        if (t.accept("WHERE")) {
            where = expressions.expression();
        }
        List<Expr> groupBy = new ArrayList<>();
        if (t.accept("GROUP")) {
            t.expect("BY");
            do {
                groupBy.add(expressions.expression());
            } while (t.acceptSymbol(","));
            if (t.peek().is("WITH")) {
                throw SqlException.notSupported("WITH ROLLUP");
            }
        }
        if (t.peek().is("HAVING")) {
            throw SqlException.notSupported("HAVING");
        }
        List<OrderItem> orderBy = orderBy();
        Limit limit = limit();
        boolean forUpdate = false;
        if (t.accept("FOR", "UPDATE")) {
            forUpdate = true;
        } else if (t.accept("LOCK", "IN")) {
            t.expect("SHARE");
            t.expect("MODE");
        }
        if (t.peek().is("UNION")) {
            throw SqlException.notSupported("UNION");
        }
        return new Statement.Select(distinct, items, from, where, groupBy, orderBy, limit, forUpdate);
    }

    /** {@code [db.]name [[AS] alias]}, refusing index hints and derived tables. */
    private Statement.TableRef tableRef(Expr on) {
        if (t.peek().isSymbol("(")) {
            throw SqlException.notSupported("derived tables");
        }
        TableName name = tableName();
        String alias = alias();
        if (t.peek().is("FORCE") || t.peek().is("USE") || t.peek().is("IGNORE")) {
            throw SqlException.notSupported("index hints");
        }
        return new Statement.TableRef(name, alias, on);
    }

    private Statement.AnalyzeTable analyze() {
        t.expect("ANALYZE");
        if (!t.accept("NO_WRITE_TO_BINLOG")) {
            t.accept("LOCAL");
        }
        if (!t.accept("TABLE")) {
            t.expect("TABLES");
        }
        List<TableName> tables = new ArrayList<>();
        do {
            tables.add(tableName());
        } while (t.acceptSymbol(","));
        return new Statement.AnalyzeTable(tables);
    }

    private Statement.SelectItem selectItem() {
        if (t.acceptSymbol("*")) {
            return new Statement.SelectItem(new Expr.AllColumns(null), null);
        }
        Expr e = expressions.expression();
        String alias = alias();
        if (alias == null && t.peek().type() == TokenType.STRING) {
            alias = t.next().text(); // SELECT 1 'one'
        }
        return new Statement.SelectItem(e, alias);
    }

    private String alias() {
        if (t.accept("AS")) {
            return t.peek().type() == TokenType.STRING ? t.next().text() : t.identifier();
        }
        return t.atIdentifier() && !isClauseWord(t.peek()) ? t.identifier() : null;
    }

    private static boolean isClauseWord(Token tok) {
        return tok.type() == TokenType.IDENT && (tok.is("LOCK") || tok.is("FORCE") || tok.is("USE")
                || tok.is("STRAIGHT_JOIN") || tok.is("NATURAL") || tok.is("OFFSET") || tok.is("JOIN")
                || tok.is("INNER") || tok.is("CROSS") || tok.is("LEFT") || tok.is("RIGHT") || tok.is("ON")
                || tok.is("FULL"));
    }

    private Statement.Insert insert() {
        t.expect("INSERT");
        if (t.peek().is("IGNORE") || t.peek().is("LOW_PRIORITY") || t.peek().is("DELAYED")
                || t.peek().is("HIGH_PRIORITY")) {
            throw SqlException.notSupported("INSERT " + t.peek().text().toUpperCase(Locale.ROOT));
        }
        t.accept("INTO");
        TableName table = tableName();
        List<String> columns = new ArrayList<>();
        if (t.acceptSymbol("(")) {
            if (!t.peek().isSymbol(")")) {
                do {
                    columns.add(columnName());
                } while (t.acceptSymbol(","));
            }
            t.expectSymbol(")");
        }
        if (t.peek().is("SELECT") || t.peek().is("SET")) {
            throw SqlException.notSupported("INSERT ... " + t.peek().text().toUpperCase(Locale.ROOT));
        }
        if (!t.accept("VALUES")) {
            t.expect("VALUE");
        }
        List<List<Expr>> rows = new ArrayList<>();
        do {
            t.expectSymbol("(");
            List<Expr> row = new ArrayList<>();
            if (!t.peek().isSymbol(")")) {
                do {
                    row.add(t.peek().is("DEFAULT") && (t.peek(1).isSymbol(",") || t.peek(1).isSymbol(")"))
                            ? defaultMarker() : expressions.expression());
                } while (t.acceptSymbol(","));
            }
            t.expectSymbol(")");
            rows.add(row);
        } while (t.acceptSymbol(","));
        if (t.peek().is("ON")) {
            throw SqlException.notSupported("ON DUPLICATE KEY UPDATE");
        }
        return new Statement.Insert(table, columns, rows);
    }

    private Expr defaultMarker() {
        t.next();
        return new Expr.Call("DEFAULT", List.of(), false, false);
    }

    private Statement.Update update() {
        t.expect("UPDATE");
        if (t.peek().is("IGNORE") || t.peek().is("LOW_PRIORITY")) {
            throw SqlException.notSupported("UPDATE " + t.peek().text().toUpperCase(Locale.ROOT));
        }
        TableName table = tableName();
        if (t.acceptSymbol(",") || t.peek().is("JOIN")) {
            throw SqlException.notSupported("multi-table UPDATE");
        }
        t.expect("SET");
        List<Statement.Assignment> assignments = new ArrayList<>();
        do {
            String column = columnName();
            if (!t.acceptSymbol("=")) {
                t.expectSymbol(":=");
            }
            Expr value = t.peek().is("DEFAULT") ? defaultMarker() : expressions.expression();
            assignments.add(new Statement.Assignment(column, value));
        } while (t.acceptSymbol(","));
        Expr where = t.accept("WHERE") ? expressions.expression() : null;
        return new Statement.Update(table, assignments, where, orderBy(), limit());
    }

    private Statement.Delete delete() {
        t.expect("DELETE");
        if (t.peek().is("IGNORE") || t.peek().is("LOW_PRIORITY") || t.peek().is("QUICK")) {
            throw SqlException.notSupported("DELETE " + t.peek().text().toUpperCase(Locale.ROOT));
        }
        t.expect("FROM");
        TableName table = tableName();
        if (t.acceptSymbol(",") || t.peek().is("USING")) {
            throw SqlException.notSupported("multi-table DELETE");
        }
        Expr where = t.accept("WHERE") ? expressions.expression() : null;
        return new Statement.Delete(table, where, orderBy(), limit());
    }

    /** A column name, possibly qualified ({@code t.c}); the qualifier is not checked here. */
    private String columnName() {
        String name = t.identifier();
        while (t.acceptSymbol(".")) {
            name = t.identifier();
        }
        return name;
    }

    private List<OrderItem> orderBy() {
        List<OrderItem> items = new ArrayList<>();
        if (t.accept("ORDER")) {
            t.expect("BY");
            do {
                Expr e = expressions.expression();
                boolean desc = t.accept("DESC");
                if (!desc) {
                    t.accept("ASC");
                }
                items.add(new OrderItem(e, desc));
            } while (t.acceptSymbol(","));
        }
        return items;
    }

    private Limit limit() {
        if (!t.accept("LIMIT")) {
            return null;
        }
        Expr first = limitValue();
        if (t.acceptSymbol(",")) {
            return new Limit(limitValue(), first);
        }
        if (t.accept("OFFSET")) {
            return new Limit(first, limitValue());
        }
        return new Limit(first, null);
    }

    private Expr limitValue() {
        Token tok = t.peek();
        if (tok.type() == TokenType.INTEGER) {
            t.next();
            return new Expr.Literal(Long.parseLong(tok.text()));
        }
        if (tok.type() == TokenType.PARAM) {
            t.next();
            return new Expr.Param(t.nextParam());
        }
        throw t.error();
    }

    TableName tableName() {
        return tableName(t);
    }

    static TableName tableName(Tokens t) {
        String first = t.identifier();
        if (t.acceptSymbol(".")) {
            return new TableName(first, t.identifier());
        }
        return new TableName(null, first);
    }
}

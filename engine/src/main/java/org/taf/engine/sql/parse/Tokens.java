package org.taf.engine.sql.parse;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.taf.engine.sql.SqlException;

/** A cursor over the tokens of one statement text, with the checks the parsers share. */
final class Tokens {
    /** Words that cannot name a column or table unless back-quoted (MariaDB's reserved words we use). */
    private static final Set<String> RESERVED = Set.of("ADD", "ALL", "ALTER", "AND", "AS", "ASC", "BETWEEN", "BY",
            "CREATE", "DATABASE", "DEFAULT", "DELETE", "DESC", "DISTINCT", "DROP", "EXISTS", "FOR", "FROM", "GROUP",
            "HAVING", "IF", "IN", "INDEX", "INSERT", "INTO", "IS", "JOIN", "KEY", "LIKE", "LIMIT", "NOT", "NULL",
            "ON", "OR", "ORDER", "PRIMARY", "SELECT", "SET", "SHOW", "TABLE", "UNION", "UPDATE", "USE",
            "VALUES", "WHERE", "WITH", "DIV", "MOD", "XOR", "INTERVAL", "CASE", "WHEN", "THEN", "ELSE", "LEFT",
            "RIGHT", "INNER", "OUTER", "CROSS", "HIGH_PRIORITY", "STRAIGHT_JOIN", "SQL_CALC_FOUND_ROWS", "IGNORE",
            "REPLACE", "KEYS");

    final String sql;
    private final List<Token> tokens;
    private int pos;
    private int params;

    private final boolean placeholders;

    Tokens(String sql, boolean placeholders) {
        this.sql = sql;
        this.placeholders = placeholders;
        this.tokens = Lexer.tokenize(sql);
    }

    Token peek() {
        return tokens.get(pos);
    }

    Token peek(int ahead) {
        return tokens.get(Math.min(pos + ahead, tokens.size() - 1));
    }

    Token next() {
        Token t = tokens.get(pos);
        if (t.type() != TokenType.EOF) {
            pos++;
        }
        return t;
    }

    boolean atEnd() {
        return peek().type() == TokenType.EOF;
    }

    /** Consumes the keyword if it is next. */
    boolean accept(String keyword) {
        if (peek().is(keyword)) {
            pos++;
            return true;
        }
        return false;
    }

    /** Consumes the keywords if they are all next. */
    boolean accept(String first, String second) {
        if (peek().is(first) && peek(1).is(second)) {
            pos += 2;
            return true;
        }
        return false;
    }

    boolean acceptSymbol(String symbol) {
        if (peek().isSymbol(symbol)) {
            pos++;
            return true;
        }
        return false;
    }

    void expect(String keyword) {
        if (!accept(keyword)) {
            throw error();
        }
    }

    void expectSymbol(String symbol) {
        if (!acceptSymbol(symbol)) {
            throw error();
        }
    }

    /** A table, column, database or alias name: an unreserved word or a back-quoted name. */
    String identifier() {
        Token t = peek();
        if (t.type() == TokenType.QUOTED_IDENT || (t.type() == TokenType.IDENT && !isReserved(t.text()))) {
            pos++;
            return t.text();
        }
        throw error();
    }

    boolean atIdentifier() {
        Token t = peek();
        return t.type() == TokenType.QUOTED_IDENT || (t.type() == TokenType.IDENT && !isReserved(t.text()));
    }

    /** A number that must be a non-negative integer, as in CHAR(120). */
    int smallInteger() {
        Token t = peek();
        if (t.type() != TokenType.INTEGER) {
            throw error();
        }
        long v = Long.parseLong(t.text());
        if (v > Integer.MAX_VALUE) {
            throw error();
        }
        pos++;
        return (int) v;
    }

    /** The index the {@code ?} just read gets; a syntax error outside a prepared statement. */
    int nextParam() {
        if (!placeholders) {
            throw SyntaxError.near(sql, tokens.get(pos - 1).start());
        }
        return params++;
    }

    int paramCount() {
        return params;
    }

    /** Error 1064 at the current token. */
    SqlException error() {
        return SyntaxError.near(sql, peek().start());
    }

    static boolean isReserved(String word) {
        return RESERVED.contains(word.toUpperCase(Locale.ROOT));
    }
}

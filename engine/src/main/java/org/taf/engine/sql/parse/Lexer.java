package org.taf.engine.sql.parse;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits SQL text into tokens as MariaDB does: {@code #}, {@code -- } and {@code /* *}{@code /}
 * comments are skipped, but the body of an executable comment ({@code /*!...*}{@code /},
 * {@code /*!50100 ...*}{@code /}, {@code /*M!...*}{@code /}) is read as SQL — sysbench writes
 * {@code /*! ENGINE = innodb *}{@code /}. Strings take backslash escapes and doubled quotes.
 */
public final class Lexer {

    /** One-character symbols as shared strings: a bulk INSERT has tens of thousands of them. */
    private static final String[] SINGLE = new String[128];

    static {
        for (char c = 0; c < 128; c++) {
            SINGLE[c] = String.valueOf(c).intern();
        }
    }

    private final String sql;
    private final List<Token> tokens = new ArrayList<>();
    private int pos;
    private boolean inExecutableComment;

    private Lexer(String sql) {
        this.sql = sql;
    }

    /**
     * The tokens of {@code sql}, ending with an {@link TokenType#EOF} token.
     *
     * @throws org.taf.engine.sql.SqlException 1064 for an unterminated string, identifier or comment
     */
    public static List<Token> tokenize(String sql) {
        Lexer lexer = new Lexer(sql);
        lexer.run();
        return lexer.tokens;
    }

    private void run() {
        int n = sql.length();
        while (true) {
            skipSpaceAndComments();
            if (pos >= n) {
                tokens.add(new Token(TokenType.EOF, "", n));
                return;
            }
            int start = pos;
            char c = sql.charAt(pos);
            if (isIdentStart(c)) {
                while (pos < n && isIdentPart(sql.charAt(pos))) {
                    pos++;
                }
                tokens.add(new Token(TokenType.IDENT, sql.substring(start, pos), start));
            } else if (isDigit(c) || (c == '.' && pos + 1 < n && isDigit(sql.charAt(pos + 1)))) {
                number(start);
            } else if (c == '\'' || c == '"') {
                tokens.add(new Token(TokenType.STRING, quoted(c), start));
            } else if (c == '`') {
                tokens.add(new Token(TokenType.QUOTED_IDENT, quoted('`'), start));
            } else if (c == '?') {
                pos++;
                tokens.add(new Token(TokenType.PARAM, "?", start));
            } else if (c == '@') {
                variable(start);
            } else {
                symbol(start, c);
            }
        }
    }

    private void skipSpaceAndComments() {
        int n = sql.length();
        while (pos < n) {
            char c = sql.charAt(pos);
            if (Character.isWhitespace(c)) {
                pos++;
            } else if (c == '#' || (c == '-' && sql.startsWith("--", pos)
                    && (pos + 2 == n || Character.isWhitespace(sql.charAt(pos + 2))))) {
                while (pos < n && sql.charAt(pos) != '\n') {
                    pos++;
                }
            } else if (sql.startsWith("/*!", pos) || sql.startsWith("/*M!", pos)) {
                if (inExecutableComment) {
                    throw SyntaxError.near(sql, pos);
                }
                pos += sql.charAt(pos + 2) == 'M' ? 4 : 3;
                while (pos < n && isDigit(sql.charAt(pos))) {
                    pos++; // the version the comment needs: this server runs every version's SQL
                }
                inExecutableComment = true;
            } else if (c == '*' && inExecutableComment && sql.startsWith("*/", pos)) {
                pos += 2;
                inExecutableComment = false;
            } else if (sql.startsWith("/*", pos)) {
                int end = sql.indexOf("*/", pos + 2);
                if (end < 0) {
                    throw SyntaxError.near(sql, pos);
                }
                pos = end + 2;
            } else {
                return;
            }
        }
        if (inExecutableComment) {
            throw SyntaxError.near(sql, n);
        }
    }

    private void number(int start) {
        int n = sql.length();
        if (sql.startsWith("0x", pos) || sql.startsWith("0X", pos)) {
            pos += 2;
            int digits = pos;
            while (pos < n && Character.digit(sql.charAt(pos), 16) >= 0) {
                pos++;
            }
            if (pos == digits || pos - digits > 15) {
                throw SyntaxError.near(sql, start);
            }
            tokens.add(
                    new Token(TokenType.INTEGER, Long.toString(Long.parseLong(sql.substring(digits, pos), 16)), start));
            return;
        }
        boolean decimal = false;
        while (pos < n && isDigit(sql.charAt(pos))) {
            pos++;
        }
        if (pos < n && sql.charAt(pos) == '.') {
            decimal = true;
            pos++;
            while (pos < n && isDigit(sql.charAt(pos))) {
                pos++;
            }
        }
        if (pos < n && (sql.charAt(pos) == 'e' || sql.charAt(pos) == 'E')) {
            int mark = pos++;
            if (pos < n && (sql.charAt(pos) == '+' || sql.charAt(pos) == '-')) {
                pos++;
            }
            if (pos < n && isDigit(sql.charAt(pos))) {
                decimal = true;
                while (pos < n && isDigit(sql.charAt(pos))) {
                    pos++;
                }
            } else {
                pos = mark;
            }
        }
        if (pos < n && isIdentStart(sql.charAt(pos))) {
            throw SyntaxError.near(sql, start); // "1abc": MariaDB reads an identifier; we do not support those
        }
        String text = sql.substring(start, pos);
        if (!decimal && (text.length() > 18 && !fitsLong(text))) {
            decimal = true;
        }
        tokens.add(new Token(decimal ? TokenType.DECIMAL : TokenType.INTEGER, text, start));
    }

    private static boolean fitsLong(String digits) {
        try {
            Long.parseLong(digits);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private String quoted(char quote) {
        int start = pos++;
        int n = sql.length();
        StringBuilder b = null;
        int chunk = pos;
        while (pos < n) {
            char c = sql.charAt(pos);
            if (c == quote) {
                if (pos + 1 < n && sql.charAt(pos + 1) == quote) {
                    b = append(b, chunk, pos + 1);
                    pos += 2;
                    chunk = pos;
                    continue;
                }
                String text = b == null ? sql.substring(chunk, pos) : append(b, chunk, pos).toString();
                pos++;
                return text;
            }
            if (c == '\\' && quote != '`' && pos + 1 < n) {
                b = append(b, chunk, pos);
                b.append(escape(sql.charAt(pos + 1)));
                pos += 2;
                chunk = pos;
                continue;
            }
            pos++;
        }
        throw SyntaxError.near(sql, start);
    }

    private StringBuilder append(StringBuilder b, int from, int to) {
        StringBuilder out = b == null ? new StringBuilder() : b;
        return out.append(sql, from, to);
    }

    private static String escape(char c) {
        return switch (c) {
            case '0' -> "\0";
            case 'b' -> "\b";
            case 'n' -> "\n";
            case 'r' -> "\r";
            case 't' -> "\t";
            case 'Z' -> "\u001a";
            case '%', '_' -> "\\" + c; // kept for LIKE, as MariaDB does
            default -> String.valueOf(c);
        };
    }

    private void variable(int start) {
        int n = sql.length();
        boolean system = sql.startsWith("@@", pos);
        pos += system ? 2 : 1;
        int nameStart = pos;
        if (pos < n && sql.charAt(pos) == '`') {
            String name = quoted('`');
            tokens.add(new Token(system ? TokenType.SYSTEM_VARIABLE : TokenType.USER_VARIABLE, name, start));
            return;
        }
        while (pos < n && (isIdentPart(sql.charAt(pos)) || (system && sql.charAt(pos) == '.'))) {
            pos++;
        }
        if (pos == nameStart) {
            throw SyntaxError.near(sql, start);
        }
        tokens.add(new Token(system ? TokenType.SYSTEM_VARIABLE : TokenType.USER_VARIABLE,
                sql.substring(nameStart, pos), start));
    }

    private void symbol(int start, char c) {
        if (sql.startsWith("<=>", pos)) {
            pos += 3;
            tokens.add(new Token(TokenType.SYMBOL, "<=>", start));
            return;
        }
        if (pos + 1 < sql.length()) {
            String two = twoCharSymbol(c, sql.charAt(pos + 1));
            if (two != null) {
                pos += 2;
                tokens.add(new Token(TokenType.SYMBOL, two, start));
                return;
            }
        }
        if ("=<>!+-*/%(),.;~&|^:".indexOf(c) < 0) {
            throw SyntaxError.near(sql, start);
        }
        pos++;
        tokens.add(new Token(TokenType.SYMBOL, SINGLE[c], start));
    }

    /** The two-character operator {@code a b} spells ({@code !=} as {@code <>}), or null. */
    private static String twoCharSymbol(char a, char b) {
        return switch (a) {
            case '<' -> b == '=' ? "<=" : b == '>' ? "<>" : null;
            case '>' -> b == '=' ? ">=" : null;
            case '!' -> b == '=' ? "<>" : null;
            case ':' -> b == '=' ? ":=" : null;
            case '|' -> b == '|' ? "||" : null;
            case '&' -> b == '&' ? "&&" : null;
            default -> null;
        };
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isIdentStart(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' || c > 0x7f;
    }

    private static boolean isIdentPart(char c) {
        return isIdentStart(c) || isDigit(c);
    }
}

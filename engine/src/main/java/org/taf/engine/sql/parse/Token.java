package org.taf.engine.sql.parse;

/**
 * One token of a statement.
 *
 * @param type  its kind
 * @param text  the identifier, string contents (escapes applied), number text or symbol
 * @param start offset of its first character in the statement text
 */
public record Token(TokenType type, String text, int start) {
    /** Whether this is the unquoted word {@code keyword} (any case). */
    public boolean is(String keyword) {
        return type == TokenType.IDENT && text.equalsIgnoreCase(keyword);
    }

    /** Whether this is the symbol {@code symbol}. */
    public boolean isSymbol(String symbol) {
        return type == TokenType.SYMBOL && text.equals(symbol);
    }
}

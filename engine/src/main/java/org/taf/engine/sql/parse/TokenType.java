package org.taf.engine.sql.parse;

/** Kinds of SQL tokens. Keywords are {@link #IDENT}s; the parser tells them apart by text. */
public enum TokenType {
    /** An unquoted word: a keyword or an identifier. */
    IDENT,
    /** A {@code `back-quoted`} identifier; never a keyword. */
    QUOTED_IDENT,
    /** A {@code 'single'} or {@code "double"} quoted string, escapes applied. */
    STRING,
    /** A whole number that fits in a long. */
    INTEGER,
    /** A number with a fraction or exponent, or an integer too large for a long. */
    DECIMAL,
    /** {@code ?}, a prepared-statement parameter. */
    PARAM,
    /** {@code @@name}: a system variable; its text is the name (with any {@code session.} prefix). */
    SYSTEM_VARIABLE,
    /** {@code @name}: a user variable. */
    USER_VARIABLE,
    /** Punctuation and operators: the text says which. */
    SYMBOL,
    /** End of the input. */
    EOF
}

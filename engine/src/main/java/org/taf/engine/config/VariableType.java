package org.taf.engine.config;

/** How a variable's text is parsed. */
public enum VariableType {
    /** A whole number. */
    INTEGER,
    /** A byte size: a number with an optional K, M, G or T suffix (powers of 1024). */
    SIZE,
    /** A decimal number, such as a percentage. */
    DECIMAL,
    /** ON/OFF, TRUE/FALSE or 1/0. */
    BOOLEAN,
    /** Free text. */
    STRING,
    /** A file or directory; empty means "derived from datadir". */
    PATH
}

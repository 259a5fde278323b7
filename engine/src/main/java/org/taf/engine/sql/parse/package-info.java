/**
 * SQL text to {@link org.taf.engine.sql.ast.Statement}s: a hand-written lexer and recursive-descent
 * parser, because the hot path re-parses every text query (sysbench {@code --db-ps-mode=disable})
 * and the subset is small. Errors follow MariaDB's 1064 message shape.
 */
package org.taf.engine.sql.parse;

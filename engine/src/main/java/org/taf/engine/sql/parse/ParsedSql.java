package org.taf.engine.sql.parse;

import java.util.List;
import org.taf.engine.sql.ast.Statement;

/**
 * The statements of one query text.
 *
 * @param statements the statements, in order (at least one)
 * @param texts      each statement's own text, for logs and errors
 * @param paramCount how many {@code ?} the whole text holds
 */
public record ParsedSql(List<Statement> statements, List<String> texts, int paramCount) {
    public ParsedSql {
        statements = List.copyOf(statements);
        texts = List.copyOf(texts);
        if (statements.isEmpty() || statements.size() != texts.size()) {
            throw new IllegalArgumentException("statements and texts must be non-empty and match");
        }
    }
}

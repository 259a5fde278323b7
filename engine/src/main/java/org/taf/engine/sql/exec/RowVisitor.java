package org.taf.engine.sql.exec;

import org.taf.engine.api.Row;

/** Receives the rows an access path reads; returns false to stop early (LIMIT reached). */
@FunctionalInterface
interface RowVisitor {
    boolean visit(Row row);
}

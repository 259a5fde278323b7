package org.taf.engine.sql.exec;

import org.taf.engine.api.Row;

/** A compiled expression: its value for one row (null when there is no table) and the bound parameters. */
@FunctionalInterface
interface Eval {
    Object eval(Row row, Object[] params);
}

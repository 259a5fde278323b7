package org.taf.engine.api;

import java.util.Objects;

/**
 * A non-unique secondary index on one column. Its entries are (column value, primary key), as
 * InnoDB's secondary indexes are, so a covered query on the column and the key never reads the row.
 *
 * @param name   index name, unique within the table
 * @param column the indexed column
 */
public record IndexSchema(String name, String column) {
    public IndexSchema {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(column, "column");
    }
}

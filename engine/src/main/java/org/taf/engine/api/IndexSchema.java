package org.taf.engine.api;

import java.util.List;
import java.util.Objects;

/**
 * A non-unique secondary index on one or more columns. Its entries are (column values, primary
 * key), as InnoDB's secondary indexes are, so a covered query on the columns and the key never
 * reads the row, and rows with equal values come in primary-key order.
 *
 * @param name    index name, unique within the table
 * @param columns the indexed columns, most significant first
 */
public record IndexSchema(String name, List<String> columns) {
    public IndexSchema {
        Objects.requireNonNull(name, "name");
        columns = List.copyOf(columns);
        if (columns.isEmpty()) {
            throw new IllegalArgumentException("index " + name + " has no columns");
        }
    }

    /** An index on one column. */
    public IndexSchema(String name, String column) {
        this(name, List.of(Objects.requireNonNull(column, "column")));
    }

    /** The first (most significant) column. */
    public String firstColumn() {
        return columns.get(0);
    }
}

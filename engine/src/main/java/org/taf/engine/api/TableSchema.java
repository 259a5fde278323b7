package org.taf.engine.api;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A table's definition. The primary key is one INT or BIGINT column: the clustered index is
 * ordered by it, as InnoDB's is.
 *
 * @param database   database (schema) name
 * @param name       table name
 * @param columns    the columns in order
 * @param primaryKey name of the primary-key column
 * @param indexes    the secondary indexes
 */
public record TableSchema(String database, String name, List<Column> columns, String primaryKey,
                          List<IndexSchema> indexes) {
    public TableSchema {
        Objects.requireNonNull(database, "database");
        Objects.requireNonNull(name, "name");
        columns = List.copyOf(columns);
        indexes = List.copyOf(indexes);
        if (columns.isEmpty()) {
            throw new IllegalArgumentException("table " + name + " has no columns");
        }
        for (int i = 0; i < columns.size(); i++) {
            for (int j = i + 1; j < columns.size(); j++) {
                if (columns.get(i).isNamed(columns.get(j).name())) {
                    throw new EngineException(ErrorCode.BAD_FIELD,
                            "Duplicate column name '" + columns.get(j).name() + "'");
                }
            }
        }
        int pk = indexOfColumn(columns, primaryKey);
        if (pk < 0) {
            throw new EngineException(ErrorCode.KEY_COLUMN_DOES_NOT_EXIST,
                    "Key column '" + primaryKey + "' doesn't exist in table");
        }
        if (!columns.get(pk).type().isInteger()) {
            throw new EngineException(ErrorCode.NOT_SUPPORTED_YET,
                    "This version of the engine doesn't yet support a primary key that is not INT or BIGINT");
        }
        for (IndexSchema index : indexes) {
            if (indexOfColumn(columns, index.column()) < 0) {
                throw new EngineException(ErrorCode.KEY_COLUMN_DOES_NOT_EXIST,
                        "Key column '" + index.column() + "' doesn't exist in table");
            }
        }
    }

    /** Position of the column called {@code column} (case-insensitive), or -1. */
    public int columnIndex(String column) {
        return indexOfColumn(columns, column);
    }

    /** Position of the primary-key column. */
    public int primaryKeyIndex() {
        return indexOfColumn(columns, primaryKey);
    }

    /** The secondary index called {@code indexName}, or null. */
    public IndexSchema index(String indexName) {
        for (IndexSchema index : indexes) {
            if (index.name().equalsIgnoreCase(indexName)) {
                return index;
            }
        }
        return null;
    }

    /** This schema with one more secondary index. */
    public TableSchema withIndex(IndexSchema index) {
        List<IndexSchema> more = new ArrayList<>(indexes);
        more.add(index);
        return new TableSchema(database, name, columns, primaryKey, more);
    }

    private static int indexOfColumn(List<Column> columns, String column) {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).isNamed(column)) {
                return i;
            }
        }
        return -1;
    }
}

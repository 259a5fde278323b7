package org.taf.engine.api;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A table's definition. The clustered index is ordered by the primary key, as InnoDB's is; the
 * key may span several columns ({@code PRIMARY KEY (o_w_id, o_d_id, o_id)}). A table declared
 * without one gets an invisible {@value #HIDDEN_KEY} BIGINT AUTO_INCREMENT column as its key
 * (InnoDB's hidden row id), added by the caller that builds the schema.
 *
 * @param database   database (schema) name
 * @param name       table name
 * @param columns    the columns in order
 * @param primaryKey names of the primary-key columns, most significant first
 * @param indexes    the secondary indexes
 */
public record TableSchema(String database, String name, List<Column> columns, List<String> primaryKey,
                          List<IndexSchema> indexes) {
    /** The name of the hidden key column of a table declared without a primary key. */
    public static final String HIDDEN_KEY = "DB_ROW_ID";

    public TableSchema {
        Objects.requireNonNull(database, "database");
        Objects.requireNonNull(name, "name");
        columns = List.copyOf(columns);
        primaryKey = List.copyOf(primaryKey);
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
        if (primaryKey.isEmpty()) {
            throw new IllegalArgumentException("table " + name + " has no primary key");
        }
        checkKeyColumns(columns, primaryKey);
        for (String k : primaryKey) {
            if (columns.get(indexOfColumn(columns, k)).nullable()) {
                throw new IllegalArgumentException("table " + name + ": primary-key column " + k + " is nullable");
            }
        }
        for (int i = 0; i < columns.size(); i++) {
            Column c = columns.get(i);
            if (c.autoIncrement() && (primaryKey.size() != 1 || !c.isNamed(primaryKey.get(0)))) {
                throw new EngineException(ErrorCode.NOT_SUPPORTED_YET, "This version of the engine doesn't yet"
                        + " support an AUTO_INCREMENT column that is not the whole primary key");
            }
        }
        for (IndexSchema index : indexes) {
            checkKeyColumns(columns, index.columns());
        }
    }

    /** A table whose primary key is one column. */
    public TableSchema(String database, String name, List<Column> columns, String primaryKey,
                       List<IndexSchema> indexes) {
        this(database, name, columns, List.of(Objects.requireNonNull(primaryKey, "primaryKey")), indexes);
    }

    private static void checkKeyColumns(List<Column> columns, List<String> key) {
        for (int i = 0; i < key.size(); i++) {
            if (indexOfColumn(columns, key.get(i)) < 0) {
                throw new EngineException(ErrorCode.KEY_COLUMN_DOES_NOT_EXIST,
                        "Key column '" + key.get(i) + "' doesn't exist in table");
            }
            for (int j = 0; j < i; j++) {
                if (key.get(j).equalsIgnoreCase(key.get(i))) {
                    throw new EngineException(ErrorCode.DUP_FIELDNAME, "Duplicate column name '" + key.get(i) + "'");
                }
            }
        }
    }

    /** Position of the column called {@code column} (case-insensitive), or -1. */
    public int columnIndex(String column) {
        return indexOfColumn(columns, column);
    }

    /** Positions of the primary-key columns, most significant first. */
    public int[] primaryKeyPositions() {
        return positions(primaryKey);
    }

    /** Positions of the columns of {@code index}, most significant first. */
    public int[] positions(IndexSchema index) {
        return positions(index.columns());
    }

    private int[] positions(List<String> names) {
        int[] p = new int[names.size()];
        for (int i = 0; i < p.length; i++) {
            p[i] = indexOfColumn(columns, names.get(i));
        }
        return p;
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

package org.taf.engine.sql.exec;

import java.util.Optional;
import org.taf.engine.api.Column;
import org.taf.engine.api.Engine;
import org.taf.engine.api.ErrorCode;
import org.taf.engine.api.IndexSchema;
import org.taf.engine.api.Row;
import org.taf.engine.api.Table;
import org.taf.engine.api.TableSchema;
import org.taf.engine.sql.SqlException;
import org.taf.engine.sql.ast.Expr;

/**
 * A statement's table, resolved: the open handle, its schema, the name and alias columns may
 * be qualified with, and where its primary key is. A cached plan stays valid while the catalog
 * still returns the same table.
 */
final class TableBinding {
    final Table table;
    final TableSchema schema;
    final String alias;
    /** Positions of the primary-key columns, most significant first. */
    final int[] primaryKey;
    /** The primary key is one integer column: rows are read and changed by a long key. */
    final boolean longKey;

    private TableBinding(Table table, String alias) {
        this.table = table;
        this.schema = table.schema();
        this.alias = alias;
        this.primaryKey = schema.primaryKeyPositions();
        this.longKey = primaryKey.length == 1 && schema.columns().get(primaryKey[0]).type().isInteger();
    }

    /** The table {@code database.name}, or error 1046 (no database) / 1146 (no such table). */
    static TableBinding resolve(Engine engine, String currentDatabase, org.taf.engine.sql.ast.Statement.TableName name,
                                String alias) {
        String db = name.database() != null ? name.database() : currentDatabase;
        if (db == null) {
            throw new SqlException(ErrorCode.NO_DB_SELECTED, "No database selected");
        }
        Optional<Table> table = engine.findTable(db, name.name());
        if (table.isEmpty()) {
            throw new SqlException(ErrorCode.NO_SUCH_TABLE, "Table '" + db + "." + name.name() + "' doesn't exist");
        }
        return new TableBinding(table.get(), alias);
    }

    /** Whether the catalog still holds this very table with this schema (no DROP, CREATE INDEX since). */
    boolean isCurrent(Engine engine) {
        Optional<Table> now = engine.findTable(schema.database(), schema.name());
        if (now.isEmpty()) {
            return false;
        }
        Table t = now.get();
        return t == table || (t.spaceId() == table.spaceId() && t.schema().equals(schema));
    }

    /** The name columns may be qualified with: the alias if there is one, else the table's name. */
    String qualifier() {
        return alias != null ? alias : schema.name();
    }

    /** Whether {@code c}'s qualifier (if any) names this table. */
    boolean qualifies(Expr.Column c) {
        return c.table() == null || c.table().equals(schema.name()) || c.table().equals(alias);
    }

    /** The position of the column {@code c} refers to, or error 1054. */
    int column(Expr.Column c) {
        if (!qualifies(c)) {
            throw unknownColumn(c.table() + "." + c.name(), "field list");
        }
        int i = schema.columnIndex(c.name());
        if (i < 0) {
            throw unknownColumn(c.table() == null ? c.name() : c.table() + "." + c.name(), "field list");
        }
        return i;
    }

    int column(String name, String clause) {
        int i = schema.columnIndex(name);
        if (i < 0) {
            throw unknownColumn(name, clause);
        }
        return i;
    }

    Column columnAt(int i) {
        return schema.columns().get(i);
    }

    /** Whether column {@code i} is the first column of a secondary index (MariaDB's MULTIPLE_KEY flag). */
    boolean startsIndex(int i) {
        for (IndexSchema index : schema.indexes()) {
            if (index.firstColumn().equalsIgnoreCase(schema.columns().get(i).name())) {
                return true;
            }
        }
        return false;
    }

    /** The primary-key values of a row, as {@link org.taf.engine.api.Transaction} takes them. */
    Object[] keyOf(Row row) {
        Object[] key = new Object[primaryKey.length];
        for (int i = 0; i < key.length; i++) {
            key[i] = row.get(primaryKey[i]);
        }
        return key;
    }

    static SqlException unknownColumn(String name, String clause) {
        return new SqlException(ErrorCode.BAD_FIELD, "Unknown column '" + name + "' in '" + clause + "'");
    }
}

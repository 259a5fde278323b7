package org.taf.engine.sql.exec;

import java.util.Optional;
import org.taf.engine.api.Column;
import org.taf.engine.api.Engine;
import org.taf.engine.api.ErrorCode;
import org.taf.engine.api.IndexSchema;
import org.taf.engine.api.Table;
import org.taf.engine.api.TableSchema;
import org.taf.engine.sql.SqlException;
import org.taf.engine.sql.ast.Expr;

/**
 * A statement's table, resolved: the open handle, its schema, and the name and alias columns may
 * be qualified with. A cached plan stays valid while the catalog still returns the same table.
 */
final class TableBinding {
    final Table table;
    final TableSchema schema;
    final String alias;
    final int primaryKey;

    private TableBinding(Table table, String alias) {
        this.table = table;
        this.schema = table.schema();
        this.alias = alias;
        this.primaryKey = schema.primaryKeyIndex();
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

    /** The position of the column {@code c} refers to, or error 1054. */
    int column(Expr.Column c) {
        if (c.table() != null && !c.table().equals(schema.name()) && !c.table().equals(alias)) {
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

    /** The secondary index on column {@code i}, or null. */
    IndexSchema indexOn(int i) {
        String name = schema.columns().get(i).name();
        for (IndexSchema index : schema.indexes()) {
            if (index.column().equalsIgnoreCase(name)) {
                return index;
            }
        }
        return null;
    }

    static SqlException unknownColumn(String name, String clause) {
        return new SqlException(ErrorCode.BAD_FIELD, "Unknown column '" + name + "' in '" + clause + "'");
    }
}

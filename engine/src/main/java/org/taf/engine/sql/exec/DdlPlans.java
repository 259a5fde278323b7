package org.taf.engine.sql.exec;

import java.util.ArrayList;
import java.util.List;
import org.taf.engine.api.Column;
import org.taf.engine.api.ColumnType;
import org.taf.engine.api.Engine;
import org.taf.engine.api.EngineException;
import org.taf.engine.api.ErrorCode;
import org.taf.engine.api.IndexSchema;
import org.taf.engine.api.TableSchema;
import org.taf.engine.sql.SqlException;
import org.taf.engine.sql.ast.Expr;
import org.taf.engine.sql.ast.Statement;

/**
 * CREATE/DROP DATABASE, CREATE TABLE, CREATE INDEX and DROP TABLE. Each first commits the
 * session's open transaction, as MariaDB's DDL does. CREATE TABLE is checked here against the
 * engine's rules (AUTO_INCREMENT only on a one-column primary key, DECIMAL of at most 18 digits)
 * so that errors name the column as MariaDB would. ANALYZE TABLE answers as MariaDB does for
 * tables it has nothing to do for.
 */
final class DdlPlans {
    private DdlPlans() {}

    static Plan createDatabase(Session s, Statement.CreateDatabase c) {
        return new CommandPlan(params -> {
            s.implicitCommit();
            if (c.ifNotExists() && s.engine().databaseExists(c.name())) {
                return 0;
            }
            s.engine().createDatabase(c.name(), c.ifNotExists());
            return 1;
        });
    }

    static Plan dropDatabase(Session s, Statement.DropDatabase d) {
        return new CommandPlan(params -> {
            s.implicitCommit();
            if (d.ifExists() && !s.engine().databaseExists(d.name())) {
                return 0;
            }
            int tables = s.engine().databaseExists(d.name()) ? s.engine().tableNames(d.name()).size() : 0;
            s.engine().dropDatabase(d.name(), d.ifExists());
            if (d.name().equals(s.database())) {
                s.clearDatabase();
            }
            return tables;
        });
    }

    static Plan createTable(Session s, Statement.CreateTable c, String database) {
        TableSchema schema = schema(c, database(c.table(), database));
        return new CommandPlan(params -> {
            s.implicitCommit();
            Engine engine = s.engine();
            if (!engine.databaseExists(schema.database())) {
                throw new SqlException(ErrorCode.BAD_DB, "Unknown database '" + schema.database() + "'");
            }
            if (c.ifNotExists() && engine.findTable(schema.database(), schema.name()).isPresent()) {
                return 0;
            }
            engine.createTable(schema, c.ifNotExists());
            return 0;
        });
    }

    static Plan createIndex(Session s, Statement.CreateIndex c, String database) {
        String db = database(c.table(), database);
        return new CommandPlan(params -> {
            s.implicitCommit();
            TableBinding t = TableBinding.resolve(s.engine(), db, c.table(), null);
            for (String column : c.columns()) {
                t.column(column, "key column");
            }
            s.engine().createIndex(db, c.table().name(), new IndexSchema(c.name(), c.columns()));
            return 0;
        });
    }

    static Plan dropTable(Session s, Statement.DropTable d, String database) {
        List<String[]> names = new ArrayList<>();
        for (Statement.TableName t : d.tables()) {
            names.add(new String[] {database(t, database), t.name()});
        }
        return new CommandPlan(params -> {
            s.implicitCommit();
            List<String> missing = new ArrayList<>();
            for (String[] n : names) {
                try {
                    s.engine().dropTable(n[0], n[1], d.ifExists());
                } catch (EngineException e) {
                    if (e.code() != ErrorCode.NO_SUCH_TABLE && e.code() != ErrorCode.BAD_DB) {
                        throw e;
                    }
                    missing.add(n[0] + "." + n[1]);
                }
            }
            if (!missing.isEmpty() && !d.ifExists()) {
                throw new SqlException(1051, "42S02", "Unknown table '" + String.join(",", missing) + "'");
            }
            return 0;
        });
    }

    /** ANALYZE TABLE: one row per table, "status OK" (there are no statistics to gather). */
    static Plan analyze(Session s, Statement.AnalyzeTable a, String database) {
        List<String[]> names = new ArrayList<>();
        for (Statement.TableName t : a.tables()) {
            names.add(new String[] {database(t, database), t.name()});
        }
        List<ResultColumn> columns = new ArrayList<>();
        for (String name : List.of("Table", "Op", "Msg_type", "Msg_text")) {
            columns.add(ResultColumn.computed(name, SqlType.VARCHAR));
        }
        return new RowsPlan(new ResultColumns(columns), () -> {
            List<Object[]> rows = new ArrayList<>();
            for (String[] n : names) {
                boolean exists = s.engine().findTable(n[0], n[1]).isPresent();
                rows.add(new Object[] {n[0] + "." + n[1], "analyze", exists ? "status" : "Error",
                        exists ? "OK" : "Table '" + n[0] + "." + n[1] + "' doesn't exist"});
            }
            return rows;
        });
    }

    private static String database(Statement.TableName t, String current) {
        String db = t.database() != null ? t.database() : current;
        if (db == null) {
            throw new SqlException(ErrorCode.NO_DB_SELECTED, "No database selected");
        }
        return db;
    }

    /**
     * The engine schema of a CREATE TABLE, or MariaDB's error for what the engine cannot store. A
     * table without a PRIMARY KEY gets the hidden key InnoDB would give it (an invisible
     * {@value TableSchema#HIDDEN_KEY} BIGINT AUTO_INCREMENT column).
     */
    static TableSchema schema(Statement.CreateTable c, String database) {
        List<String> primaryKey = new ArrayList<>(c.primaryKey());
        List<Column> columns = new ArrayList<>();
        for (String k : primaryKey) {
            if (c.columns().stream().noneMatch(d -> d.name().equalsIgnoreCase(k))) {
                throw new SqlException(ErrorCode.KEY_COLUMN_DOES_NOT_EXIST, "Key column '" + k + "' doesn't exist "
                        + "in table");
            }
        }
        for (Statement.ColumnDefinition d : c.columns()) {
            boolean pk = primaryKey.stream().anyMatch(d.name()::equalsIgnoreCase);
            if (d.autoIncrement() && !(pk && primaryKey.size() == 1)) {
                throw pk ? SqlException.notSupported("AUTO_INCREMENT in a primary key of several columns")
                        : new SqlException(SqlException.WRONG_AUTO_KEY, "42000", "Incorrect table definition;"
                        + " there can be only one auto column and it must be defined as a key");
            }
            checkLength(d);
            boolean nullable = d.nullable() && !pk; // a primary-key column is NOT NULL, as in MariaDB
            columns.add(new Column(d.name(), d.type(), d.length(), d.scale(), nullable, defaultValue(d, nullable),
                    d.autoIncrement(), d.binary(), d.invisible()));
        }
        if (primaryKey.isEmpty()) {
            if (columns.stream().anyMatch(col -> col.isNamed(TableSchema.HIDDEN_KEY))) {
                throw SqlException.notSupported("a column named " + TableSchema.HIDDEN_KEY + " in a table without a"
                        + " PRIMARY KEY");
            }
            columns.add(new Column(TableSchema.HIDDEN_KEY, ColumnType.BIGINT, 0, 0, false, null, true, false, true));
            primaryKey.add(TableSchema.HIDDEN_KEY);
        }
        if (columns.stream().allMatch(Column::invisible)) {
            throw new SqlException(4106, "HY000", "A table must have at least 1 visible column");
        }
        List<IndexSchema> indexes = new ArrayList<>();
        for (Statement.IndexDefinition i : c.indexes()) {
            for (IndexSchema other : indexes) {
                if (other.name().equalsIgnoreCase(i.name())) {
                    throw new SqlException(ErrorCode.DUP_KEYNAME, "Duplicate key name '" + i.name() + "'");
                }
            }
            indexes.add(new IndexSchema(i.name(), i.columns()));
        }
        try {
            return new TableSchema(database, c.table().name(), columns, primaryKey, indexes);
        } catch (EngineException e) {
            throw SqlException.of(e);
        }
    }

    private static void checkLength(Statement.ColumnDefinition d) {
        if (d.type().isText() && (d.length() < 1 || d.length() > Column.MAX_CHAR_LENGTH)) {
            throw d.length() < 1 ? SqlException.notSupported("CHAR(0) and VARCHAR(0)")
                    : new SqlException(1074, "42000", "Column length too big for column '" + d.name()
                    + "' (max = " + Column.MAX_CHAR_LENGTH + "); use BLOB or TEXT instead");
        }
        if (d.type() == ColumnType.DECIMAL) {
            if (d.length() > Column.MAX_DECIMAL_PRECISION) {
                throw SqlException.notSupported("DECIMAL of more than " + Column.MAX_DECIMAL_PRECISION + " digits");
            }
            if (d.scale() > d.length()) {
                throw new SqlException(1427, "42000", "For float(M,D), double(M,D) or decimal(M,D), M must be >= D"
                        + " (column '" + d.name() + "')");
            }
            if (d.length() < 1) {
                throw SqlException.notSupported("DECIMAL(0)");
            }
        }
        if (d.type().isTemporal() && d.length() > Column.MAX_FRACTION_DIGITS) {
            throw new SqlException(1426, "42000", "Too big precision " + d.length() + " specified for '" + d.name()
                    + "'. Maximum is 6");
        }
    }

    /** The DEFAULT as the column stores it; an invalid one is MariaDB's error 1067. */
    private static Object defaultValue(Statement.ColumnDefinition d, boolean nullable) {
        Expr.Literal lit = d.defaultValue();
        if (lit == null || lit.value() == null) {
            if (lit != null && !nullable) {
                throw invalidDefault(d);
            }
            return null;
        }
        Object v = lit.value();
        if (d.type().isInteger()) {
            if (v instanceof String s && !Values.isWholeNumber(s)) {
                throw invalidDefault(d);
            }
            long n = Values.toLong(v);
            if (n < d.type().min() || n > d.type().max()) {
                throw invalidDefault(d);
            }
            return n;
        }
        if (d.type() == ColumnType.DECIMAL) {
            if (v instanceof String s && !Values.isWholeNumber(s)) {
                throw invalidDefault(d);
            }
            java.math.BigDecimal x = Values.toDecimal(v).setScale(d.scale(), java.math.RoundingMode.HALF_UP);
            if (x.signum() != 0 && x.precision() - x.scale() > d.length() - d.scale()) {
                throw invalidDefault(d);
            }
            return x;
        }
        if (d.type().isTemporal()) {
            try {
                return org.taf.engine.api.Datetimes.normalize(d.type(), d.length(), v);
            } catch (IllegalArgumentException e) {
                throw invalidDefault(d);
            }
        }
        String s = Values.toText(v);
        if (s.codePointCount(0, s.length()) > d.length()) {
            throw invalidDefault(d);
        }
        return s;
    }

    private static SqlException invalidDefault(Statement.ColumnDefinition d) {
        return new SqlException(1067, "42000", "Invalid default value for '" + d.name() + "'");
    }
}

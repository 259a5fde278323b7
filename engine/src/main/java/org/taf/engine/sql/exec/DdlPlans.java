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
 * engine's rules (an INT or BIGINT primary key, AUTO_INCREMENT only on it) so that errors name
 * the column as MariaDB would.
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
            TableBinding.resolve(s.engine(), db, c.table(), null).column(c.column(), "key column");
            s.engine().createIndex(db, c.table().name(), new IndexSchema(c.name(), c.column()));
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

    private static String database(Statement.TableName t, String current) {
        String db = t.database() != null ? t.database() : current;
        if (db == null) {
            throw new SqlException(ErrorCode.NO_DB_SELECTED, "No database selected");
        }
        return db;
    }

    /** The engine schema of a CREATE TABLE, or MariaDB's error for what the engine cannot store. */
    static TableSchema schema(Statement.CreateTable c, String database) {
        if (c.primaryKey() == null) {
            throw SqlException.notSupported("tables without a PRIMARY KEY");
        }
        List<Column> columns = new ArrayList<>();
        boolean pkFound = false;
        for (Statement.ColumnDefinition d : c.columns()) {
            boolean pk = d.name().equalsIgnoreCase(c.primaryKey());
            pkFound |= pk;
            if (d.autoIncrement() && !pk) {
                throw new SqlException(SqlException.WRONG_AUTO_KEY, "42000", "Incorrect table definition;"
                        + " there can be only one auto column and it must be defined as a key");
            }
            if (!d.type().isInteger() && (d.length() < 1 || d.length() > Column.MAX_CHAR_LENGTH)) {
                throw d.length() < 1 ? SqlException.notSupported("CHAR(0) and VARCHAR(0)")
                        : new SqlException(1074, "42000", "Column length too big for column '" + d.name()
                        + "' (max = " + Column.MAX_CHAR_LENGTH + "); use BLOB or TEXT instead");
            }
            boolean nullable = d.nullable() && !pk; // a primary-key column is NOT NULL, as in MariaDB
            columns.add(new Column(d.name(), d.type(), d.length(), nullable, defaultValue(d, nullable), d.autoIncrement()));
        }
        if (!pkFound) {
            throw new SqlException(ErrorCode.KEY_COLUMN_DOES_NOT_EXIST,
                    "Key column '" + c.primaryKey() + "' doesn't exist in table");
        }
        List<IndexSchema> indexes = new ArrayList<>();
        for (Statement.IndexDefinition i : c.indexes()) {
            for (IndexSchema other : indexes) {
                if (other.name().equalsIgnoreCase(i.name())) {
                    throw new SqlException(ErrorCode.DUP_KEYNAME, "Duplicate key name '" + i.name() + "'");
                }
            }
            indexes.add(new IndexSchema(i.name(), i.column()));
        }
        try {
            return new TableSchema(database, c.table().name(), columns, c.primaryKey(), indexes);
        } catch (EngineException e) {
            throw SqlException.of(e);
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
            if (d.type() == ColumnType.INT && (n < Integer.MIN_VALUE || n > Integer.MAX_VALUE)) {
                throw invalidDefault(d);
            }
            return n;
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

package org.taf.engine.sql.ast;

import java.util.List;
import java.util.Objects;
import org.taf.engine.api.ColumnType;

/** A parsed SQL statement of the supported subset. Lists are immutable; optional parts are null. */
public sealed interface Statement {

    /** {@code [db.]name}. */
    record TableName(String database, String name) {
        public TableName {
            Objects.requireNonNull(name, "name");
        }
    }

    /**
     * A table of a FROM clause: its name, its alias (or null) and, for the second and later
     * tables, the ON condition that joins it (null after a comma or CROSS JOIN). Only inner joins.
     */
    record TableRef(TableName name, String alias, Expr on) {
        public TableRef {
            Objects.requireNonNull(name, "name");
        }
    }

    /** One item of a select list with its alias (or null). */
    record SelectItem(Expr expr, String alias) {}

    /** One ORDER BY term. */
    record OrderItem(Expr expr, boolean descending) {}

    /** {@code LIMIT count [OFFSET offset]}; the offset may be null. */
    record Limit(Expr count, Expr offset) {}

    /** {@code column = value} of UPDATE ... SET. */
    record Assignment(String column, Expr value) {}

    /** {@code [SESSION|GLOBAL] name = value} of SET. */
    record VariableAssignment(Expr.Scope scope, String name, Expr value) {}

    /**
     * A column of CREATE TABLE; {@code defaultValue} is null without DEFAULT. {@code length} is
     * the characters of CHAR/VARCHAR, the precision of DECIMAL, the fraction digits of
     * DATETIME/TIMESTAMP; {@code scale} the decimals of DECIMAL.
     */
    record ColumnDefinition(String name, ColumnType type, int length, int scale, boolean nullable,
                            Expr.Literal defaultValue, boolean autoIncrement, boolean binary, boolean invisible) {
        /** A column of the types sysbench uses. */
        public ColumnDefinition(String name, ColumnType type, int length, boolean nullable, Expr.Literal defaultValue,
                                boolean autoIncrement) {
            this(name, type, length, 0, nullable, defaultValue, autoIncrement, false, false);
        }
    }

    /** A {@code KEY name (column, ...)} of CREATE TABLE. */
    record IndexDefinition(String name, List<String> columns) {
        public IndexDefinition {
            columns = List.copyOf(columns);
        }

        public IndexDefinition(String name, String column) {
            this(name, List.of(column));
        }
    }

    /** SELECT; {@code from} is empty for {@code SELECT @@version}, {@code groupBy} without GROUP BY. */
    record Select(boolean distinct, List<SelectItem> items, List<TableRef> from, Expr where, List<Expr> groupBy,
                  List<OrderItem> orderBy, Limit limit, boolean forUpdate) implements Statement {
        public Select {
            items = List.copyOf(items);
            from = List.copyOf(from);
            groupBy = List.copyOf(groupBy);
            orderBy = List.copyOf(orderBy);
        }

        /** A SELECT from at most one table ({@code from} null: none), without GROUP BY. */
        public Select(boolean distinct, List<SelectItem> items, TableName from, String alias, Expr where,
                      List<OrderItem> orderBy, Limit limit, boolean forUpdate) {
            this(distinct, items, from == null ? List.of() : List.of(new TableRef(from, alias, null)), where, List.of(),
                    orderBy, limit, forUpdate);
        }

        /** The first table, or null. */
        public TableName table() {
            return from.isEmpty() ? null : from.get(0).name();
        }

        /** The first table's alias, or null. */
        public String alias() {
            return from.isEmpty() ? null : from.get(0).alias();
        }
    }

    /** INSERT; {@code columns} is empty when the statement names none (all columns, in order). */
    record Insert(TableName table, List<String> columns, List<List<Expr>> rows) implements Statement {
        public Insert {
            columns = List.copyOf(columns);
            rows = rows.stream().map(List::copyOf).toList();
        }
    }

    record Update(TableName table, List<Assignment> assignments, Expr where, List<OrderItem> orderBy, Limit limit)
            implements Statement {
        public Update {
            assignments = List.copyOf(assignments);
            orderBy = List.copyOf(orderBy);
        }
    }

    record Delete(TableName table, Expr where, List<OrderItem> orderBy, Limit limit) implements Statement {
        public Delete {
            orderBy = List.copyOf(orderBy);
        }
    }

    record CreateDatabase(String name, boolean ifNotExists) implements Statement {}

    record DropDatabase(String name, boolean ifExists) implements Statement {}

    /** CREATE TABLE; {@code primaryKey} is empty when none was declared (the engine adds a hidden one). */
    record CreateTable(TableName table, boolean ifNotExists, List<ColumnDefinition> columns, List<String> primaryKey,
                       List<IndexDefinition> indexes) implements Statement {
        public CreateTable {
            columns = List.copyOf(columns);
            primaryKey = List.copyOf(primaryKey);
            indexes = List.copyOf(indexes);
        }
    }

    record CreateIndex(String name, TableName table, List<String> columns) implements Statement {
        public CreateIndex {
            columns = List.copyOf(columns);
        }
    }

    /** ANALYZE TABLE: statistics are not kept, so it only checks that the tables exist. */
    record AnalyzeTable(List<TableName> tables) implements Statement {
        public AnalyzeTable {
            tables = List.copyOf(tables);
        }
    }

    record DropTable(List<TableName> tables, boolean ifExists) implements Statement {
        public DropTable {
            tables = List.copyOf(tables);
        }
    }

    record Use(String database) implements Statement {}

    /** BEGIN [WORK] or START TRANSACTION. */
    record Begin() implements Statement {}

    record Commit() implements Statement {}

    record Rollback() implements Statement {}

    /** SET of variables; SET NAMES and SET TRANSACTION become assignments too. */
    record SetVariables(List<VariableAssignment> assignments) implements Statement {
        public SetVariables {
            assignments = List.copyOf(assignments);
        }
    }

    /** What a SHOW statement lists. */
    enum ShowKind { VARIABLES, STATUS, TABLES, DATABASES, WARNINGS }

    /** SHOW; {@code database} only for SHOW TABLES FROM db, {@code like} may be null. */
    record Show(ShowKind kind, boolean global, String database, String like) implements Statement {}
}

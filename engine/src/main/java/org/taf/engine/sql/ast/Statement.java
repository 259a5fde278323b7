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

    /** A column of CREATE TABLE; {@code defaultValue} is null without DEFAULT. */
    record ColumnDefinition(String name, ColumnType type, int length, boolean nullable, Expr.Literal defaultValue,
                            boolean autoIncrement) {}

    /** A {@code KEY name (column)} of CREATE TABLE. */
    record IndexDefinition(String name, String column) {}

    /** SELECT; {@code from} is null for {@code SELECT @@version}. */
    record Select(boolean distinct, List<SelectItem> items, TableName from, String alias, Expr where,
                  List<OrderItem> orderBy, Limit limit, boolean forUpdate) implements Statement {
        public Select {
            items = List.copyOf(items);
            orderBy = List.copyOf(orderBy);
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

    /** CREATE TABLE; {@code primaryKey} is null when none was declared (refused when run). */
    record CreateTable(TableName table, boolean ifNotExists, List<ColumnDefinition> columns, String primaryKey,
                       List<IndexDefinition> indexes) implements Statement {
        public CreateTable {
            columns = List.copyOf(columns);
            indexes = List.copyOf(indexes);
        }
    }

    record CreateIndex(String name, TableName table, String column) implements Statement {}

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

package org.taf.engine.sql.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.taf.engine.api.ColumnType;
import org.taf.engine.sql.SqlException;
import org.taf.engine.sql.ast.Expr;
import org.taf.engine.sql.ast.Statement;
import org.taf.engine.sql.ast.Statement.ColumnDefinition;
import org.taf.engine.sql.ast.Statement.IndexDefinition;
import org.taf.engine.sql.ast.Statement.TableName;

/**
 * CREATE and DROP of databases, tables and indexes, in the forms sysbench writes
 * ({@code CREATE TABLE sbtest1(id INTEGER NOT NULL AUTO_INCREMENT, ..., PRIMARY KEY (id))}) and
 * HammerDB's TPROC-C schema writes: display widths ({@code INT(6)}), DECIMAL(p,s), DATETIME,
 * {@code VARCHAR(16) BINARY}, composite keys ({@code PRIMARY KEY (c_w_id, c_d_id, c_id)}), index
 * prefix lengths ({@code c_last(16)}), INVISIBLE columns, tables without a primary key.
 */
final class DdlParser {
    private final Tokens t;
    private final ExpressionParser expressions;
    /** Set by {@link #column()} when the definition itself says PRIMARY KEY. */
    private boolean columnIsPrimaryKey;

    DdlParser(Tokens tokens, ExpressionParser expressions) {
        this.t = tokens;
        this.expressions = expressions;
    }

    Statement create() {
        t.expect("CREATE");
        if (t.accept("DATABASE") || t.accept("SCHEMA")) {
            boolean ifNotExists = ifNotExists();
            String name = t.identifier();
            tableOptions(); // CHARACTER SET / COLLATE: accepted, the engine has one character set
            return new Statement.CreateDatabase(name, ifNotExists);
        }
        if (t.peek().is("OR") || t.peek().is("TEMPORARY")) {
            throw SqlException.notSupported("CREATE " + t.peek().text().toUpperCase(Locale.ROOT));
        }
        if (t.accept("TABLE")) {
            return createTable();
        }
        if (t.peek().is("UNIQUE") || t.peek().is("FULLTEXT") || t.peek().is("SPATIAL")) {
            throw SqlException.notSupported(t.peek().text().toUpperCase(Locale.ROOT) + " indexes");
        }
        if (t.accept("INDEX")) {
            String name = t.identifier();
            t.expect("ON");
            TableName table = Parser.tableName(t);
            return new Statement.CreateIndex(name, table, keyColumns());
        }
        if (t.peek().type() == TokenType.IDENT) {
            throw SqlException.notSupported("CREATE " + t.peek().text().toUpperCase(Locale.ROOT));
        }
        throw t.error();
    }

    Statement drop() {
        t.expect("DROP");
        if (t.accept("DATABASE") || t.accept("SCHEMA")) {
            boolean ifExists = ifExists();
            return new Statement.DropDatabase(t.identifier(), ifExists);
        }
        if (t.peek().is("TEMPORARY")) {
            throw SqlException.notSupported("DROP TEMPORARY TABLE");
        }
        if (t.accept("TABLE") || t.accept("TABLES")) {
            boolean ifExists = ifExists();
            List<TableName> tables = new ArrayList<>();
            do {
                tables.add(Parser.tableName(t));
            } while (t.acceptSymbol(","));
            if (!t.accept("RESTRICT")) {
                t.accept("CASCADE");
            }
            return new Statement.DropTable(tables, ifExists);
        }
        if (t.peek().type() == TokenType.IDENT) {
            throw SqlException.notSupported("DROP " + t.peek().text().toUpperCase(Locale.ROOT));
        }
        throw t.error();
    }

    private Statement.CreateTable createTable() {
        boolean ifNotExists = ifNotExists();
        TableName table = Parser.tableName(t);
        if (t.peek().is("LIKE") || t.peek().is("AS") || t.peek().is("SELECT")) {
            throw SqlException.notSupported("CREATE TABLE ... " + t.peek().text().toUpperCase(Locale.ROOT));
        }
        t.expectSymbol("(");
        List<ColumnDefinition> columns = new ArrayList<>();
        List<IndexDefinition> indexes = new ArrayList<>();
        List<String> primaryKey = null;
        do {
            if (t.accept("PRIMARY")) {
                t.expect("KEY");
                primaryKey = setPrimaryKey(primaryKey, keyColumns());
            } else if (t.accept("KEY") || t.accept("INDEX")) {
                String name = t.atIdentifier() ? t.identifier() : null;
                List<String> keyColumns = keyColumns();
                indexes.add(new IndexDefinition(name == null ? keyColumns.get(0) : name, keyColumns));
            } else if (t.peek().is("UNIQUE") || t.peek().is("FOREIGN") || t.peek().is("CONSTRAINT")
                    || t.peek().is("FULLTEXT") || t.peek().is("SPATIAL") || t.peek().is("CHECK")) {
                throw SqlException.notSupported(t.peek().text().toUpperCase(Locale.ROOT) + " in CREATE TABLE");
            } else {
                ColumnDefinition column = column();
                columns.add(column);
                if (columnIsPrimaryKey) {
                    primaryKey = setPrimaryKey(primaryKey, List.of(column.name()));
                }
            }
        } while (t.acceptSymbol(","));
        t.expectSymbol(")");
        tableOptions();
        return new Statement.CreateTable(table, ifNotExists, columns, primaryKey == null ? List.of() : primaryKey,
                indexes);
    }

    private ColumnDefinition column() {
        String name = t.identifier();
        Token typeToken = t.peek();
        if (typeToken.type() != TokenType.IDENT) {
            throw t.error();
        }
        String typeName = t.next().text().toUpperCase(Locale.ROOT);
        ColumnType type;
        int length = 0;
        int scale = 0;
        switch (typeName) {
            case "TINYINT", "BOOL", "BOOLEAN" -> type = ColumnType.TINYINT;
            case "SMALLINT" -> type = ColumnType.SMALLINT;
            case "MEDIUMINT" -> type = ColumnType.MEDIUMINT;
            case "INT", "INTEGER" -> type = ColumnType.INT;
            case "BIGINT" -> type = ColumnType.BIGINT;
            case "DECIMAL", "NUMERIC", "DEC", "FIXED" -> type = ColumnType.DECIMAL;
            case "DATE" -> type = ColumnType.DATE;
            case "DATETIME" -> type = ColumnType.DATETIME;
            case "TIMESTAMP" -> type = ColumnType.TIMESTAMP;
            case "CHAR", "CHARACTER" -> type = ColumnType.CHAR;
            case "VARCHAR" -> type = ColumnType.VARCHAR;
            case "FLOAT", "DOUBLE", "REAL", "BIT", "TIME", "YEAR", "TEXT", "TINYTEXT", "MEDIUMTEXT",
                 "LONGTEXT", "BLOB", "TINYBLOB", "MEDIUMBLOB", "LONGBLOB", "BINARY", "VARBINARY", "ENUM", "SET",
                 "JSON" -> throw SqlException.notSupported("column type " + typeName);
            default -> throw SyntaxError.near(t.sql, typeToken.start());
        }
        if (t.acceptSymbol("(")) {
            length = t.smallInteger();
            if (type == ColumnType.DECIMAL && t.acceptSymbol(",")) {
                scale = t.smallInteger();
            }
            t.expectSymbol(")");
            if (type.isInteger() || type == ColumnType.DATE) {
                length = 0; // INT(11): a display width, which changes nothing stored
            }
        } else if (type == ColumnType.CHAR) {
            length = 1;
        } else if (type == ColumnType.DECIMAL) {
            length = 10; // MariaDB's DECIMAL is DECIMAL(10, 0)
        } else if (type == ColumnType.VARCHAR) {
            throw t.error(); // VARCHAR needs a length, as in MariaDB
        }
        if (t.peek().is("UNSIGNED") || t.peek().is("ZEROFILL")) {
            throw SqlException.notSupported(t.peek().text().toUpperCase(Locale.ROOT) + " columns");
        }
        if (t.peek().is("SIGNED")) {
            t.next();
        }
        boolean nullable = true;
        boolean autoIncrement = false;
        boolean binary = false;
        boolean invisible = false;
        Expr.Literal defaultValue = null;
        columnIsPrimaryKey = false;
        while (true) {
            if (t.accept("NOT")) {
                t.expect("NULL");
                nullable = false;
            } else if (t.accept("NULL")) {
                nullable = true;
            } else if (t.accept("DEFAULT")) {
                defaultValue = defaultLiteral();
            } else if (t.accept("AUTO_INCREMENT")) {
                autoIncrement = true;
            } else if (t.accept("PRIMARY")) {
                t.expect("KEY");
                columnIsPrimaryKey = true;
            } else if (t.accept("KEY")) {
                columnIsPrimaryKey = true; // "KEY" alone in a column definition means PRIMARY KEY in MariaDB
            } else if (t.accept("COMMENT")) {
                expectString();
            } else if (t.accept("BINARY")) {
                binary = true;
            } else if (t.accept("INVISIBLE")) {
                invisible = true;
            } else if (t.accept("COLLATE")) {
                t.acceptSymbol("=");
                // A _bin collation compares by bytes, as BINARY does; the others as utf8mb4_general_ci.
                binary = t.next().text().toLowerCase(Locale.ROOT).endsWith("_bin");
            } else if (t.accept("CHARACTER", "SET") || t.accept("CHARSET")) {
                t.acceptSymbol("=");
                t.next();
            } else if (t.peek().is("UNIQUE") || t.peek().is("REFERENCES") || t.peek().is("CHECK")
                    || t.peek().is("GENERATED") || t.peek().is("ON")) {
                throw SqlException.notSupported(t.peek().text().toUpperCase(Locale.ROOT) + " in a column definition");
            } else {
                break;
            }
        }
        return new ColumnDefinition(name, type, length, scale, nullable, defaultValue, autoIncrement,
                binary && type.isText(), invisible);
    }

    private Expr.Literal defaultLiteral() {
        Expr e = expressions.expression();
        if (e instanceof Expr.Literal lit) {
            return lit;
        }
        throw SqlException.notSupported("DEFAULT that is not a constant");
    }

    private void expectString() {
        if (t.peek().type() != TokenType.STRING) {
            throw t.error();
        }
        t.next();
    }

    /** Table options after the column list: ENGINE, CHARSET, COLLATE, COMMENT, ... accepted and ignored. */
    private void tableOptions() {
        while (true) {
            t.acceptSymbol(",");
            if (t.accept("DEFAULT")) {
                continue;
            }
            if (t.accept("ENGINE") || t.accept("CHARSET") || t.accept("COLLATE") || t.accept("ROW_FORMAT")
                    || t.accept("COMMENT") || t.accept("CHARACTER", "SET") || t.accept("KEY_BLOCK_SIZE")
                    || t.accept("STATS_PERSISTENT") || t.accept("PAGE_COMPRESSED")) {
                t.acceptSymbol("=");
                Token value = t.next();
                if (value.type() == TokenType.EOF || value.type() == TokenType.SYMBOL) {
                    throw SyntaxError.near(t.sql, value.start());
                }
                continue;
            }
            if (t.peek().is("AUTO_INCREMENT") || t.peek().is("PARTITION")) {
                throw SqlException.notSupported("table option " + t.peek().text().toUpperCase(Locale.ROOT));
            }
            return;
        }
    }

    /**
     * The columns of a key. A prefix length ({@code c_last(16)}) is accepted and the whole value
     * indexed: the key then holds more than MariaDB's, which changes no result.
     */
    private List<String> keyColumns() {
        t.expectSymbol("(");
        List<String> columns = new ArrayList<>();
        do {
            columns.add(t.identifier());
            if (t.acceptSymbol("(")) {
                t.smallInteger();
                t.expectSymbol(")");
            }
            if (!t.accept("ASC")) {
                t.accept("DESC");
            }
        } while (t.acceptSymbol(","));
        t.expectSymbol(")");
        return columns;
    }

    private static List<String> setPrimaryKey(List<String> current, List<String> columns) {
        if (current != null) {
            throw new SqlException(SqlException.MULTIPLE_PRI_KEY, "42000", "Multiple primary key defined");
        }
        return columns;
    }

    private boolean ifNotExists() {
        if (t.accept("IF")) {
            t.expect("NOT");
            t.expect("EXISTS");
            return true;
        }
        return false;
    }

    private boolean ifExists() {
        if (t.accept("IF")) {
            t.expect("EXISTS");
            return true;
        }
        return false;
    }
}

package org.taf.engine.sql.exec;

import java.util.ArrayList;
import java.util.List;
import org.taf.engine.api.Column;
import org.taf.engine.sql.SqlException;
import org.taf.engine.sql.ast.Expr;
import org.taf.engine.sql.ast.SqlText;
import org.taf.engine.sql.ast.Statement;

/**
 * A select list compiled: {@code *} expanded (every visible column of every table, or of one with
 * {@code t.*}), one {@link Eval} and one {@link ResultColumn} per output column, and the source
 * expression of each (ORDER BY may name an alias or a position).
 */
final class SelectItems {
    final List<Expr> exprs = new ArrayList<>();
    final List<String> aliases = new ArrayList<>();
    final Eval[] evals;
    /** Per output column: whether it compares by bytes (for DISTINCT). */
    final boolean[] binary;
    final ResultColumns columns;

    /** @param scope the tables, or null for a SELECT without FROM */
    SelectItems(List<Statement.SelectItem> items, Scope scope, ExprCompiler compiler, Session session) {
        List<ResultColumn> cols = new ArrayList<>();
        List<Eval> ev = new ArrayList<>();
        for (Statement.SelectItem item : items) {
            if (item.expr() instanceof Expr.AllColumns all) {
                if (scope == null) {
                    throw new SqlException(SqlException.NO_TABLES_USED, "HY000", "No tables used");
                }
                boolean any = false;
                for (TableBinding t : scope.tables) {
                    if (all.table() != null && !all.table().equals(t.qualifier())) {
                        continue;
                    }
                    any = true;
                    for (Column c : t.schema.columns()) {
                        if (c.invisible()) {
                            continue;
                        }
                        Expr.Column ref = new Expr.Column(t.qualifier(), c.name());
                        exprs.add(ref);
                        aliases.add(null);
                        ev.add(compiler.compile(ref));
                        cols.add(tableColumn(t, t.column(ref), null));
                    }
                }
                if (!any) {
                    throw new SqlException(1051, "42S02", "Unknown table '" + all.table() + "'");
                }
                continue;
            }
            exprs.add(item.expr());
            aliases.add(item.alias());
            ev.add(compiler.compile(item.expr()));
            if (item.expr() instanceof Expr.Column c && scope != null) {
                int p = scope.column(c);
                TableBinding t = scope.tables.get(scope.tableOf(p));
                cols.add(tableColumn(t, p - scope.base(scope.tableOf(p)), item.alias()));
            } else {
                String name = item.alias() != null ? item.alias() : displayName(item.expr());
                ResultColumn rc = ResultColumn.computed(name, Types.of(item.expr(), scope, session));
                if (item.expr() instanceof Expr.Call call
                        && call.function().equals("SUM")
                        && rc.type() == SqlType.DECIMAL
                        && call.args().size() == 1) {
                    rc = rc.withDecimals(sumDecimals(call.args().get(0), scope, session));
                }
                cols.add(rc);
            }
        }
        this.evals = ev.toArray(Eval[]::new);
        this.binary = new boolean[exprs.size()];
        for (int i = 0; i < binary.length; i++) {
            binary[i] = compiler.binaryCollation(exprs.get(i));
        }
        this.columns = new ResultColumns(cols);
    }

    /** SUM of integers has no decimals; of a DECIMAL column, the column's. */
    private static int sumDecimals(Expr arg, Scope scope, Session session) {
        if (arg instanceof Expr.Column c && scope != null) {
            return scope.columnAt(scope.column(c)).scale();
        }
        return Types.of(arg, scope, session) == SqlType.DECIMAL ? 4 : 0;
    }

    int size() {
        return evals.length;
    }

    static ResultColumn tableColumn(TableBinding table, int i, String alias) {
        Column c = table.columnAt(i);
        SqlType type = Types.ofColumn(c);
        int flags = c.nullable() ? 0 : ResultColumn.NOT_NULL;
        for (int k : table.primaryKey) {
            if (k == i) {
                flags |= ResultColumn.PRIMARY_KEY;
            }
        }
        if (table.startsIndex(i)) {
            flags |= ResultColumn.MULTIPLE_KEY;
        }
        if (c.autoIncrement()) {
            flags |= ResultColumn.AUTO_INCREMENT;
        }
        if (type.isNumeric()) {
            flags |= ResultColumn.NUM;
        }
        if (c.binary() || type.isTemporal()) {
            flags |= ResultColumn.BINARY;
        }
        int length = switch (type) {
            case TINYINT -> 4;
            case SMALLINT -> 6;
            case MEDIUMINT -> 9;
            case INT -> 11;
            case BIGINT -> 20;
            case DECIMAL -> c.length() + (c.scale() > 0 ? 2 : 1);
            case DATE -> 10;
            case DATETIME, TIMESTAMP -> 19 + (c.length() > 0 ? c.length() + 1 : 0);
            default -> c.length() * 4;
        };
        int decimals = type == SqlType.DECIMAL ? c.scale() : type.isTemporal() ? c.length() : 0;
        return new ResultColumn(table.schema.database(), table.qualifier(), table.schema.name(),
                alias != null ? alias : c.name(), c.name(), type, length, decimals, flags);
    }

    /** The name MariaDB gives an unnamed expression column: its text. */
    static String displayName(Expr e) {
        if (e instanceof Expr.Literal lit && lit.value() instanceof String s) {
            return s;
        }
        String s = SqlText.of(e).replace("`", "");
        if (s.startsWith("(") && s.endsWith(")") && e instanceof Expr.Binary) {
            s = s.substring(1, s.length() - 1);
        }
        return s;
    }
}

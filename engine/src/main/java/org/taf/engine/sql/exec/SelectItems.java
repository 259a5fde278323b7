package org.taf.engine.sql.exec;

import java.util.ArrayList;
import java.util.List;
import org.taf.engine.api.Column;
import org.taf.engine.api.IndexSchema;
import org.taf.engine.sql.ast.Expr;
import org.taf.engine.sql.ast.SqlText;
import org.taf.engine.sql.ast.Statement;

/**
 * A select list compiled: {@code *} expanded, one {@link Eval} and one {@link ResultColumn} per
 * output column, and the source expression of each (ORDER BY may name an alias or a position).
 */
final class SelectItems {
    final List<Expr> exprs = new ArrayList<>();
    final List<String> aliases = new ArrayList<>();
    final Eval[] evals;
    final ResultColumns columns;

    SelectItems(List<Statement.SelectItem> items, TableBinding table, ExprCompiler compiler, Session session) {
        List<ResultColumn> cols = new ArrayList<>();
        List<Eval> ev = new ArrayList<>();
        for (Statement.SelectItem item : items) {
            if (item.expr() instanceof Expr.AllColumns all) {
                if (table == null) {
                    throw new org.taf.engine.sql.SqlException(org.taf.engine.sql.SqlException.NO_TABLES_USED,
                            "HY000", "No tables used");
                }
                if (all.table() != null) {
                    table.column(new Expr.Column(all.table(), table.schema.columns().get(0).name())); // checks the qualifier
                }
                for (Column c : table.schema.columns()) {
                    Expr.Column ref = new Expr.Column(null, c.name());
                    exprs.add(ref);
                    aliases.add(null);
                    ev.add(compiler.compile(ref));
                    cols.add(tableColumn(table, table.column(ref), null));
                }
                continue;
            }
            exprs.add(item.expr());
            aliases.add(item.alias());
            ev.add(compiler.compile(item.expr()));
            if (item.expr() instanceof Expr.Column c && table != null) {
                cols.add(tableColumn(table, table.column(c), item.alias()));
            } else {
                String name = item.alias() != null ? item.alias() : displayName(item.expr());
                ResultColumn rc = ResultColumn.computed(name, Types.of(item.expr(), table, session));
                if (item.expr() instanceof Expr.Call call && call.function().equals("SUM") && rc.type() == SqlType.DECIMAL
                        && call.args().size() == 1 && Types.of(call.args().get(0), table, session) != SqlType.DECIMAL) {
                    rc = rc.withDecimals(0);
                }
                cols.add(rc);
            }
        }
        this.evals = ev.toArray(Eval[]::new);
        this.columns = new ResultColumns(cols);
    }

    int size() {
        return evals.length;
    }

    static ResultColumn tableColumn(TableBinding table, int i, String alias) {
        Column c = table.columnAt(i);
        SqlType type = Types.ofColumn(c);
        int flags = c.nullable() ? 0 : ResultColumn.NOT_NULL;
        if (i == table.primaryKey) {
            flags |= ResultColumn.PRIMARY_KEY;
        }
        for (IndexSchema index : table.schema.indexes()) {
            if (index.column().equalsIgnoreCase(c.name())) {
                flags |= ResultColumn.MULTIPLE_KEY;
            }
        }
        if (c.autoIncrement()) {
            flags |= ResultColumn.AUTO_INCREMENT;
        }
        if (type.isNumeric()) {
            flags |= ResultColumn.NUM;
        }
        int length = switch (type) {
            case INT -> 11;
            case BIGINT -> 20;
            default -> c.length() * 4;
        };
        String tableName = table.alias != null ? table.alias : table.schema.name();
        return new ResultColumn(table.schema.database(), tableName, table.schema.name(),
                alias != null ? alias : c.name(), c.name(), type, length, 0, flags);
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

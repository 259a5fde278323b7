package org.taf.engine.sql.exec;

import java.util.List;
import org.taf.engine.api.Column;
import org.taf.engine.sql.SqlException;
import org.taf.engine.sql.ast.Expr;

/**
 * The tables a statement's expressions see, in FROM order, and where each one's columns sit in
 * the row the expressions are evaluated on: one table's row as it is, or a join's rows side by
 * side. Resolves a column name once, at plan time, to that position.
 */
final class Scope {
    final List<TableBinding> tables;
    private final int[] base;
    /** The number of values of a row of this scope (an aggregated row puts its results after them). */
    final int width;

    private Scope(List<TableBinding> tables) {
        this.tables = List.copyOf(tables);
        this.base = new int[tables.size()];
        int w = 0;
        for (int i = 0; i < base.length; i++) {
            base[i] = w;
            w += tables.get(i).schema.columns().size();
        }
        this.width = w;
    }

    static Scope of(TableBinding table) {
        return new Scope(List.of(table));
    }

    static Scope of(List<TableBinding> tables) {
        return new Scope(tables);
    }

    /** Where table {@code t}'s columns start. */
    int base(int t) {
        return base[t];
    }

    /** The position {@code c} refers to; 1054 if no table has it, 1052 if more than one does. */
    int column(Expr.Column c) {
        int found = -1;
        for (int t = 0; t < base.length; t++) {
            TableBinding b = tables.get(t);
            if (!b.qualifies(c)) {
                continue;
            }
            int i = b.schema.columnIndex(c.name());
            if (i >= 0) {
                if (found >= 0) {
                    throw new SqlException(1052, "23000", "Column '" + c.name() + "' in field list is ambiguous");
                }
                found = base[t] + i;
            }
        }
        if (found < 0) {
            if (c.table() != null && tables.stream().noneMatch(b -> b.qualifies(c))) {
                throw TableBinding.unknownColumn(c.table() + "." + c.name(), "field list");
            }
            throw TableBinding.unknownColumn(c.table() == null ? c.name() : c.table() + "." + c.name(), "field list");
        }
        return found;
    }

    /** The table a position belongs to. */
    int tableOf(int position) {
        int t = base.length - 1;
        while (base[t] > position) {
            t--;
        }
        return t;
    }

    Column columnAt(int position) {
        int t = tableOf(position);
        return tables.get(t).columnAt(position - base[t]);
    }

    /** The highest table index {@code e} reads a column of, or -1 if it reads none. */
    int lastTable(Expr e) {
        int[] max = {-1};
        Exprs.forEachColumn(e, c -> max[0] = Math.max(max[0], tableOf(column(c))));
        return max[0];
    }
}

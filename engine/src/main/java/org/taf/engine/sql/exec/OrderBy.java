package org.taf.engine.sql.exec;

import java.util.Comparator;
import java.util.List;
import org.taf.engine.api.ErrorCode;
import org.taf.engine.api.Row;
import org.taf.engine.sql.SqlException;
import org.taf.engine.sql.ast.Expr;
import org.taf.engine.sql.ast.Statement;

/**
 * ORDER BY of a SELECT: each term is a select-list position ({@code ORDER BY 1}), a select-list
 * alias, or an expression over the table. Terms that are the columns the access path reads in
 * order ({@link Access#orderColumns}, skipping columns the WHERE fixes), all one direction,
 * need no sort. Text columns sort as their collation says. NULLs sort first, as in MariaDB.
 */
final class OrderBy {
    static final OrderBy NONE = new OrderBy();

    private final Eval[] keys;
    private final boolean[] descending;
    private final boolean[] binary;
    private final boolean needsSort;
    private final boolean readDescending;

    private OrderBy() {
        this.keys = new Eval[0];
        this.descending = new boolean[0];
        this.binary = new boolean[0];
        this.needsSort = false;
        this.readDescending = false;
    }

    /** @param access the single table's access path, or null (a join: always sorted) */
    OrderBy(List<Statement.OrderItem> terms, SelectItems items, Scope scope, ExprCompiler compiler, Access access) {
        keys = new Eval[terms.size()];
        descending = new boolean[terms.size()];
        binary = new boolean[terms.size()];
        Expr[] exprs = new Expr[terms.size()];
        for (int i = 0; i < keys.length; i++) {
            Statement.OrderItem term = terms.get(i);
            exprs[i] = resolve(term.expr(), items);
            keys[i] = compiler.compile(exprs[i]);
            descending[i] = term.descending();
            binary[i] = compiler.binaryCollation(exprs[i]);
        }
        boolean natural = keys.length > 0 && access != null && inAccessOrder(exprs, scope, access);
        this.needsSort = keys.length > 0 && !natural;
        this.readDescending = natural && descending[0];
    }

    /** Whether the access path reads rows in the order of these terms (all in one direction). */
    private boolean inAccessOrder(Expr[] exprs, Scope scope, Access access) {
        int[] order = access.orderColumns();
        int next = 0;
        for (int i = 0; i < exprs.length; i++) {
            if (!(exprs[i] instanceof Expr.Column c) || descending[i] != descending[0]) {
                return false;
            }
            int p = scope.column(c);
            org.taf.engine.api.Column def = scope.columnAt(p);
            if ((def.type().isText() && !def.binary()) || !(def.type().isInteger() || def.type().isText())) {
                return false; // the key orders text by bytes, and only integer and text are key parts
            }
            if (access.isFixed(p)) {
                continue;
            }
            if (next >= order.length || order[next] != p) {
                return false;
            }
            next++;
        }
        return true;
    }

    /** The expression a term stands for: a position or alias of the select list, or itself. */
    private static Expr resolve(Expr e, SelectItems items) {
        if (e instanceof Expr.Literal lit && lit.value() instanceof Long pos) {
            if (pos < 1 || pos > items.size()) {
                throw new SqlException(ErrorCode.BAD_FIELD, "Unknown column '" + pos + "' in 'order clause'");
            }
            return items.exprs.get((int) (pos - 1));
        }
        if (e instanceof Expr.Column c && c.table() == null) {
            for (int i = 0; i < items.size(); i++) {
                if (c.name().equalsIgnoreCase(items.aliases.get(i))) {
                    return items.exprs.get(i);
                }
            }
        }
        return e;
    }

    boolean needsSort() {
        return needsSort;
    }

    /** Whether to read the table in descending key order (ORDER BY pk DESC without a sort). */
    boolean descending() {
        return readDescending;
    }

    int size() {
        return needsSort ? keys.length : 0;
    }

    /** Evaluates the sort keys of {@code row} into {@code into[at..]}. */
    void keys(Row row, Object[] params, Object[] into, int at) {
        if (!needsSort) {
            return;
        }
        for (int i = 0; i < keys.length; i++) {
            into[at + i] = keys[i].eval(row, params);
        }
    }

    /** Compares collected rows by the keys stored from position {@code at}. */
    Comparator<Object[]> comparator(int at) {
        return (a, b) -> {
            for (int i = 0; i < keys.length; i++) {
                int c = compareNullsFirst(a[at + i], b[at + i], binary[i]);
                if (c != 0) {
                    return descending[i] ? -c : c;
                }
            }
            return 0;
        };
    }

    /** Compares the first values, one per flag, each by bytes if its flag says so (for DISTINCT). */
    static Comparator<Object[]> valuesComparator(boolean[] binary) {
        return (a, b) -> {
            for (int i = 0; i < binary.length; i++) {
                int c = compareNullsFirst(a[i], b[i], binary[i]);
                if (c != 0) {
                    return c;
                }
            }
            return 0;
        };
    }

    private static int compareNullsFirst(Object a, Object b, boolean binary) {
        if (a == null || b == null) {
            return a == null ? (b == null ? 0 : -1) : 1;
        }
        return Values.compare(a, b, binary);
    }
}

package org.taf.engine.sql.exec;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import org.taf.engine.api.Cursor;
import org.taf.engine.api.IndexSchema;
import org.taf.engine.api.KeyRange;
import org.taf.engine.api.Order;
import org.taf.engine.api.Row;
import org.taf.engine.api.Table;
import org.taf.engine.api.Transaction;
import org.taf.engine.sql.ast.Expr;

/**
 * How a statement reads its table: point lookups or range scans of the primary key, lookups or
 * ranges of a secondary index, or a full scan. Chosen once per plan from the WHERE clause; the
 * key values are evaluated per execution. Whatever WHERE holds beyond the chosen key condition
 * is the {@link #residual} filter.
 */
final class Access {
    enum Kind { PRIMARY_KEY, INDEX, FULL_SCAN }

    final Kind kind;
    final IndexSchema index;
    final List<KeySpec> specs;
    final boolean integerKey;
    /** The WHERE conjuncts the key condition does not settle, or null. */
    final Expr residual;

    private Access(Kind kind, IndexSchema index, List<KeySpec> specs, boolean integerKey, Expr residual) {
        this.kind = kind;
        this.index = index;
        this.specs = specs;
        this.integerKey = integerKey;
        this.residual = residual;
    }

    /**
     * The access for {@code where} over {@code table}: the primary key if a conjunct constrains it,
     * else the first conjunct a secondary index answers, else a full scan.
     */
    static Access plan(TableBinding table, Expr where, ExprCompiler compiler) {
        List<Expr> conjuncts = new ArrayList<>();
        KeyCondition.conjuncts(where, conjuncts);
        int best = -1;
        KeyCondition chosen = null;
        IndexSchema chosenIndex = null;
        for (int i = 0; i < conjuncts.size(); i++) {
            KeyCondition k = KeyCondition.of(conjuncts.get(i), table, compiler);
            if (k == null) {
                continue;
            }
            if (k.column() == table.primaryKey) {
                best = i;
                chosen = k;
                chosenIndex = null;
                break;
            }
            IndexSchema idx = table.indexOn(k.column());
            if (idx != null && chosen == null && usableOnIndex(table, k)) {
                best = i;
                chosen = k;
                chosenIndex = idx;
            }
        }
        if (chosen == null) {
            return new Access(Kind.FULL_SCAN, null, List.of(), true, where);
        }
        boolean integer = table.columnAt(chosen.column()).type().isInteger();
        List<Expr> rest = new ArrayList<>(conjuncts);
        if (integer) {
            rest.remove(best); // integer keys compare exactly as the filter would: no need to check again
        }
        Expr residual = null;
        for (Expr e : rest) {
            residual = residual == null ? e : new Expr.Binary(Expr.Operator.AND, residual, e);
        }
        Kind kind = chosenIndex == null ? Kind.PRIMARY_KEY : Kind.INDEX;
        return new Access(kind, chosenIndex, List.copyOf(chosen.specs()), integer, residual);
    }

    /** A text index is used for points or one range; overlapping text ranges are not merged. */
    private static boolean usableOnIndex(TableBinding table, KeyCondition k) {
        return table.columnAt(k.column()).type().isInteger() || k.specs().size() == 1
                || k.specs().stream().allMatch(KeySpec::isPoint);
    }

    /** Whether rows come in primary-key order (so ORDER BY the key needs no sort). */
    boolean inPrimaryKeyOrder() {
        return kind != Kind.INDEX;
    }

    /**
     * Reads the rows, ascending by key ({@code descending}: the reverse), until {@code visitor}
     * returns false. With {@code lock}, primary-key point lookups lock the rows they read.
     */
    void forEach(Transaction txn, Table table, Object[] params, boolean descending, boolean lock, RowVisitor visitor) {
        Order order = descending ? Order.DESCENDING : Order.ASCENDING;
        if (kind == Kind.FULL_SCAN) {
            scan(txn, table, null, KeyRange.all(), order, visitor);
            return;
        }
        if (!integerKey) {
            textKeys(txn, table, params, order, visitor);
            return;
        }
        KeyBounds b = KeyBounds.of(specs, params);
        for (int j = 0; j < b.count; j++) {
            int i = descending ? b.count - 1 - j : j;
            boolean more;
            if (kind == Kind.PRIMARY_KEY && b.low[i] == b.high[i]) {
                Optional<Row> row = lock ? txn.getForUpdate(table, b.low[i]) : txn.get(table, b.low[i]);
                more = row.isEmpty() || visitor.visit(row.get());
            } else {
                KeyRange range = KeyRange.closed(b.low[i], b.high[i]);
                more = scan(txn, table, kind == Kind.INDEX ? index.name() : null, range, order, visitor);
            }
            if (!more) {
                return;
            }
        }
    }

    private void textKeys(Transaction txn, Table table, Object[] params, Order order, RowVisitor visitor) {
        if (specs.size() == 1 && !specs.get(0).isPoint()) {
            KeySpec s = specs.get(0);
            Object lo = s.low() == null ? null : s.low().eval(null, params);
            Object hi = s.high() == null ? null : s.high().eval(null, params);
            if ((s.low() != null && lo == null) || (s.high() != null && hi == null)) {
                return;
            }
            KeyRange range = new KeyRange(lo == null ? null : Values.toText(lo), s.lowInclusive(),
                    hi == null ? null : Values.toText(hi), s.highInclusive());
            scan(txn, table, index.name(), range, order, visitor);
            return;
        }
        TreeSet<String> keys = new TreeSet<>();
        for (KeySpec s : specs) {
            Object v = s.low().eval(null, params);
            if (v != null) {
                keys.add(Values.toText(v));
            }
        }
        for (String key : order == Order.ASCENDING ? keys : keys.descendingSet()) {
            if (!scan(txn, table, index.name(), KeyRange.point(key), order, visitor)) {
                return;
            }
        }
    }

    /** Scans one range of the primary key ({@code index} null) or of an index; false if stopped. */
    private static boolean scan(Transaction txn, Table table, String index, KeyRange range, Order order,
                                RowVisitor visitor) {
        try (Cursor c = index == null ? txn.scan(table, range, order) : txn.scanIndex(table, index, range, order)) {
            for (Row row = c.next(); row != null; row = c.next()) {
                if (!visitor.visit(row)) {
                    return false;
                }
            }
        }
        return true;
    }
}

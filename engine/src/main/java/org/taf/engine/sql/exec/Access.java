package org.taf.engine.sql.exec;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import org.taf.engine.api.ColumnType;
import org.taf.engine.api.Cursor;
import org.taf.engine.api.IndexSchema;
import org.taf.engine.api.KeyRange;
import org.taf.engine.api.Order;
import org.taf.engine.api.Row;
import org.taf.engine.api.Table;
import org.taf.engine.api.Transaction;
import org.taf.engine.sql.ast.Expr;

/**
 * How a statement reads its table: the primary key or a secondary index, narrowed by the WHERE
 * conjuncts that fix its leading columns ({@code o_w_id = ? AND o_d_id = ? AND o_c_id = ?}) and
 * then at most one more condition on the next column (a range, points, an OR of ranges), or a
 * full scan. Chosen once per plan: the key that fixes the most leading columns wins, the primary
 * key on a tie. The key values are evaluated per execution. The conjuncts the key does not settle
 * exactly are the {@link #residual}. Only integer and text columns serve as key parts.
 */
final class Access {
    enum Kind { PRIMARY_KEY, INDEX, FULL_SCAN }

    final Kind kind;
    final IndexSchema index;
    /** The chosen key's columns (table positions), most significant first. */
    private final int[] parts;
    /** The values of the leading {@code equalities.length} parts. */
    private final Eval[] equalities;
    /** The condition on the part after them, or null. */
    final List<KeySpec> last;
    private final boolean[] integerPart;
    private final TableBinding table;
    /** The conjuncts the key does not settle exactly (to check on each row); empty if none. */
    final List<Expr> residual;

    private Access(Kind kind, IndexSchema index, int[] parts, Eval[] equalities, List<KeySpec> last,
                   TableBinding table, List<Expr> residual) {
        this.kind = kind;
        this.index = index;
        this.parts = parts;
        this.equalities = equalities;
        this.last = last;
        this.table = table;
        this.residual = List.copyOf(residual);
        this.integerPart = new boolean[parts.length];
        for (int i = 0; i < parts.length; i++) {
            integerPart[i] = table.columnAt(parts[i]).type().isInteger();
        }
    }

    /** The access for {@code where} over one table alone. */
    static Access plan(TableBinding table, Expr where, ExprCompiler compiler) {
        List<Expr> conjuncts = new ArrayList<>();
        KeyCondition.conjuncts(where, conjuncts);
        KeyCondition.Target target = new KeyCondition.Target() {
            @Override
            public int column(Expr.Column c) {
                return table.column(c);
            }

            @Override
            public boolean isValue(Expr e) {
                return ExprCompiler.isConstant(e);
            }
        };
        return plan(table, conjuncts, target, compiler);
    }

    /** The access over {@code table} for {@code conjuncts}, whose key conditions {@code target} finds. */
    static Access plan(TableBinding table, List<Expr> conjuncts, KeyCondition.Target target, ExprCompiler compiler) {
        Map<Integer, List<Integer>> byColumn = new HashMap<>();
        List<KeyCondition> conditions = new ArrayList<>();
        for (int i = 0; i < conjuncts.size(); i++) {
            KeyCondition k = KeyCondition.of(conjuncts.get(i), target, compiler);
            conditions.add(k);
            if (k != null) {
                byColumn.computeIfAbsent(k.column(), c -> new ArrayList<>()).add(i);
            }
        }
        Candidate best = new Candidate(table, null, table.primaryKey, byColumn, conditions);
        for (IndexSchema ix : table.schema.indexes()) {
            Candidate c = new Candidate(table, ix, table.schema.positions(ix), byColumn, conditions);
            if (c.score() > best.score()) {
                best = c;
            }
        }
        if (best.score() == 0) {
            return new Access(Kind.FULL_SCAN, null, table.primaryKey, new Eval[0], null, table, conjuncts);
        }
        List<Expr> rest = new ArrayList<>();
        for (int i = 0; i < conjuncts.size(); i++) {
            if (!best.exact.contains(i)) {
                rest.add(conjuncts.get(i));
            }
        }
        return new Access(best.index == null ? Kind.PRIMARY_KEY : Kind.INDEX, best.index, best.parts,
                best.equalities.toArray(Eval[]::new), best.last, table, rest);
    }

    /** One key's fit to the conjuncts: how many leading parts they fix, and the condition after. */
    private static final class Candidate {
        final IndexSchema index;
        final int[] parts;
        final List<Eval> equalities = new ArrayList<>();
        List<KeySpec> last;
        /** Conjuncts the key settles exactly (integer parts), which need no check on the rows. */
        final List<Integer> exact = new ArrayList<>();

        Candidate(TableBinding table, IndexSchema index, int[] parts, Map<Integer, List<Integer>> byColumn,
                  List<KeyCondition> conditions) {
            this.index = index;
            this.parts = parts;
            int k = 0;
            for (; k < parts.length && keyable(table, parts[k]); k++) {
                Integer point = null;
                for (int i : byColumn.getOrDefault(parts[k], List.of())) {
                    if (conditions.get(i).isSinglePoint()) {
                        point = i;
                        break;
                    }
                }
                if (point == null) {
                    break;
                }
                equalities.add(conditions.get(point).specs().get(0).low());
                settled(table, parts[k], point);
            }
            if (k < parts.length && keyable(table, parts[k])) {
                lastCondition(table, parts[k], byColumn.getOrDefault(parts[k], List.of()), conditions);
            }
        }

        /** The condition on the part after the fixed ones: one conjunct's, or two half ranges met. */
        private void lastCondition(TableBinding table, int column, List<Integer> on, List<KeyCondition> conditions) {
            if (on.isEmpty()) {
                return;
            }
            boolean integer = table.columnAt(column).type().isInteger();
            KeyCondition first = conditions.get(on.get(0));
            if (on.size() == 1 || !first.isHalfRange()) {
                // A text key is read for points or one range; overlapping text ranges are not merged.
                if (integer || first.specs().size() == 1 || first.specs().stream().allMatch(KeySpec::isPoint)) {
                    last = first.specs();
                    settled(table, column, on.get(0));
                }
                return;
            }
            Integer low = null;
            Integer high = null;
            for (int i : on) {
                KeyCondition c = conditions.get(i);
                if (c.isHalfRange() && c.specs().get(0).low() != null && low == null) {
                    low = i;
                } else if (c.isHalfRange() && c.specs().get(0).high() != null && high == null) {
                    high = i;
                }
            }
            if (low == null || high == null) {
                int only = low != null ? low : high;
                last = conditions.get(only).specs();
                settled(table, column, only);
                return;
            }
            KeySpec lo = conditions.get(low).specs().get(0);
            KeySpec hi = conditions.get(high).specs().get(0);
            last = List.of(new KeySpec(lo.low(), lo.lowInclusive(), hi.high(), hi.highInclusive()));
            settled(table, column, low);
            settled(table, column, high);
        }

        private void settled(TableBinding table, int column, int conjunct) {
            if (table.columnAt(column).type().isInteger()) {
                exact.add(conjunct); // integer keys compare exactly as the filter would: no need to check again
            }
        }

        private static boolean keyable(TableBinding table, int column) {
            ColumnType t = table.columnAt(column).type();
            return t.isInteger() || t.isText();
        }

        /** Two points per fixed part, one for a condition after; a whole primary key beats all. */
        int score() {
            int s = equalities.size() * 2 + (last != null ? 1 : 0);
            return index == null && equalities.size() == parts.length ? s + 1000 : s;
        }
    }

    /** Whether each row is read by a primary-key lookup rather than a scan (so it can be locked as read). */
    boolean isPointLookup() {
        if (kind != Kind.PRIMARY_KEY) {
            return false;
        }
        int k = equalities.length;
        return k == parts.length || (k == parts.length - 1 && last != null && integerPart[k]
                && last.stream().allMatch(KeySpec::isPoint));
    }

    /** The table columns rows come ordered by, after the fixed leading ones (secondary: then the primary key). */
    int[] orderColumns() {
        int[] rest = Arrays.copyOfRange(parts, equalities.length, parts.length);
        if (kind != Kind.INDEX) {
            return rest;
        }
        int[] out = Arrays.copyOf(rest, rest.length + table.primaryKey.length);
        System.arraycopy(table.primaryKey, 0, out, rest.length, table.primaryKey.length);
        return out;
    }

    /** Whether column {@code c} is fixed by an equality of the key (so every row read has one value of it). */
    boolean isFixed(int c) {
        for (int i = 0; i < equalities.length; i++) {
            if (parts[i] == c) {
                return true;
            }
        }
        return false;
    }

    /**
     * Reads the rows, ascending by key ({@code descending}: the reverse), until {@code visitor}
     * returns false. With {@code lock}, primary-key lookups lock the rows they read.
     *
     * @param outer the row key values are evaluated on (a join's tables read before), or null
     */
    void forEach(Transaction txn, Table t, Object[] params, Row outer, boolean descending, boolean lock,
                 RowVisitor visitor) {
        Order order = descending ? Order.DESCENDING : Order.ASCENDING;
        if (kind == Kind.FULL_SCAN) {
            scan(txn, t, null, KeyRange.all(), order, visitor);
            return;
        }
        int k = equalities.length;
        Object[] prefix = new Object[k];
        for (int i = 0; i < k; i++) {
            Object v = equalities[i].eval(outer, params);
            prefix[i] = v == null ? null : integerPart[i] ? KeyBounds.point(v) : Values.toText(v);
            if (prefix[i] == null) {
                return; // NULL, or a value no integer key can equal: no row
            }
        }
        if (last == null) {
            if (k == parts.length && kind == Kind.PRIMARY_KEY) {
                get(txn, t, prefix, lock, visitor);
            } else {
                scan(txn, t, indexName(), KeyRange.point(List.of(prefix)), order, visitor);
            }
        } else if (integerPart[k]) {
            integerRanges(txn, t, params, outer, prefix, order, lock, visitor);
        } else {
            textRanges(txn, t, params, outer, prefix, order, visitor);
        }
    }

    private String indexName() {
        return kind == Kind.INDEX ? index.name() : null;
    }

    private void get(Transaction txn, Table t, Object[] key, boolean lock, RowVisitor visitor) {
        Optional<Row> row;
        if (table.longKey) {
            long pk = (Long) key[0];
            row = lock ? txn.getForUpdate(t, pk) : txn.get(t, pk);
        } else {
            row = lock ? txn.getForUpdate(t, key) : txn.get(t, key);
        }
        if (row.isPresent()) {
            visitor.visit(row.get());
        }
    }

    private void integerRanges(Transaction txn, Table t, Object[] params, Row outer, Object[] prefix, Order order,
                               boolean lock, RowVisitor visitor) {
        int k = prefix.length;
        boolean lastPart = kind == Kind.PRIMARY_KEY && k == parts.length - 1;
        KeyBounds b = KeyBounds.of(last, params, outer);
        boolean[] more = {true};
        RowVisitor v = row -> more[0] = visitor.visit(row);
        for (int j = 0; j < b.count && more[0]; j++) {
            int i = order == Order.DESCENDING ? b.count - 1 - j : j;
            if (lastPart && b.low[i] == b.high[i]) {
                get(txn, t, with(prefix, b.low[i]), lock, v);
            } else if (k == 0) {
                more[0] = scan(txn, t, indexName(), KeyRange.closed(b.low[i], b.high[i]), order, visitor);
            } else {
                KeyRange range = KeyRange.closed(Arrays.asList(with(prefix, b.low[i])),
                        Arrays.asList(with(prefix, b.high[i])));
                more[0] = scan(txn, t, indexName(), range, order, visitor);
            }
        }
    }

    private static Object[] with(Object[] prefix, Object value) {
        Object[] key = Arrays.copyOf(prefix, prefix.length + 1);
        key[prefix.length] = value;
        return key;
    }

    private void textRanges(Transaction txn, Table t, Object[] params, Row outer, Object[] prefix, Order order,
                            RowVisitor visitor) {
        if (last.size() == 1 && !last.get(0).isPoint()) {
            KeySpec s = last.get(0);
            Object lo = s.low() == null ? null : s.low().eval(outer, params);
            Object hi = s.high() == null ? null : s.high().eval(outer, params);
            if ((s.low() != null && lo == null) || (s.high() != null && hi == null)) {
                return;
            }
            Object low = lo == null ? (prefix.length == 0 ? null : List.of(prefix)) : bound(prefix, Values.toText(lo));
            Object high = hi == null ? (prefix.length == 0 ? null : List.of(prefix)) : bound(prefix, Values.toText(hi));
            boolean lowIn = lo == null || s.lowInclusive();
            boolean highIn = hi == null || s.highInclusive();
            scan(txn, t, indexName(), new KeyRange(low, lowIn, high, highIn), order, visitor);
            return;
        }
        TreeSet<String> keys = new TreeSet<>();
        for (KeySpec s : last) {
            Object v = s.low().eval(outer, params);
            if (v != null) {
                keys.add(Values.toText(v));
            }
        }
        for (String key : order == Order.ASCENDING ? keys : keys.descendingSet()) {
            if (!scan(txn, t, indexName(), KeyRange.point(bound(prefix, key)), order, visitor)) {
                return;
            }
        }
    }

    private static Object bound(Object[] prefix, Object value) {
        return prefix.length == 0 ? value : Arrays.asList(with(prefix, value));
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

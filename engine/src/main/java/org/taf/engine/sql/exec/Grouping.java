package org.taf.engine.sql.exec;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.taf.engine.api.Row;
import org.taf.engine.sql.SqlException;
import org.taf.engine.sql.ast.Expr;
import org.taf.engine.sql.ast.Statement;

/**
 * GROUP BY: the rows read are grouped by the values of the grouping expressions, each group gets
 * its own aggregates, and one row per group comes out in the order of the grouping values, as
 * MariaDB sorts a GROUP BY. A plain column next to the aggregates shows the group's first row.
 * ORDER BY may only repeat the grouping (either direction); HAVING is not supported.
 */
final class Grouping {
    private final Eval[] keys;
    private final boolean[] binary;
    private final boolean descending;
    private final List<Aggregate.Spec> aggregates;
    private final int width;

    Grouping(Statement.Select select, ExprCompiler plain, List<Aggregate.Spec> aggregates, int width) {
        List<Expr> groupBy = select.groupBy();
        this.keys = new Eval[groupBy.size()];
        this.binary = new boolean[groupBy.size()];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = plain.compile(groupBy.get(i));
            binary[i] = plain.binaryCollation(groupBy.get(i));
        }
        List<Statement.OrderItem> order = select.orderBy();
        boolean sameAsGroups = order.isEmpty() || order.size() == groupBy.size();
        for (int i = 0; i < order.size() && sameAsGroups; i++) {
            sameAsGroups = order.get(i).expr().equals(groupBy.get(i))
                    && order.get(i).descending() == order.get(0).descending();
        }
        if (!sameAsGroups) {
            throw SqlException.notSupported("ORDER BY other than the GROUP BY columns");
        }
        this.descending = !order.isEmpty() && order.get(0).descending();
        this.aggregates = aggregates;
        this.width = width;
    }

    /** A group: its first row and its aggregates. */
    private record Group(Row first, Aggregate[] acc) { }

    /**
     * Groups what {@code read} visits, then passes one aggregated row per group (the first row's
     * values, then the aggregates' results) to {@code out}, in grouping order.
     */
    void run(Consumer<RowVisitor> read, Object[] params, Consumer<Row> out) {
        TreeMap<Object[], Group> groups = new TreeMap<>(OrderBy.valuesComparator(binary));
        read.accept(row -> {
            Object[] key = new Object[keys.length];
            for (int i = 0; i < key.length; i++) {
                key[i] = keys[i].eval(row, params);
            }
            Group g = groups.get(key);
            if (g == null) {
                Aggregate[] acc = new Aggregate[aggregates.size()];
                for (int i = 0; i < acc.length; i++) {
                    acc[i] = new Aggregate(aggregates.get(i));
                }
                g = new Group(row, acc);
                groups.put(key, g);
            }
            for (Aggregate a : g.acc()) {
                a.add(row, params);
            }
            return true;
        });
        for (Map.Entry<Object[], Group> e : (descending ? groups.descendingMap() : groups).entrySet()) {
            Group g = e.getValue();
            Object[] values = new Object[width + g.acc().length];
            for (int i = 0; i < width; i++) {
                values[i] = g.first().get(i);
            }
            for (int i = 0; i < g.acc().length; i++) {
                values[width + i] = g.acc()[i].result();
            }
            out.accept(Row.of(values));
        }
    }
}

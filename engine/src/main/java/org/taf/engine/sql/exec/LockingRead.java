package org.taf.engine.sql.exec;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.taf.engine.api.Row;
import org.taf.engine.api.Transaction;

/**
 * Reads the rows an UPDATE, DELETE or SELECT ... FOR UPDATE acts on, each locked and in its
 * latest committed version, so that concurrent {@code k=k+1} lose no update. Primary-key lookups
 * lock the rows as they read them; other access paths first collect the keys of the matching
 * rows (never changing a table while a cursor on it is open), then lock each and check the WHERE
 * again, since the row may have changed before the lock was granted.
 */
final class LockingRead {
    private LockingRead() {}

    /**
     * Visits the locked rows.
     *
     * @param residual the WHERE conjuncts the access path does not settle (null: none)
     * @param where    the whole WHERE (null: none), checked again on each row once locked
     */
    static void forEach(Transaction txn, TableBinding table, Access access, Eval residual, Eval where,
                        Object[] params, boolean descending, RowVisitor visitor) {
        if (access.isPointLookup()) {
            access.forEach(txn, table.table, params, null, descending, true,
                    row -> !passes(residual, row, params) || visitor.visit(row));
            return;
        }
        List<Object> keys = new ArrayList<>();
        access.forEach(txn, table.table, params, null, descending, false, row -> {
            if (passes(residual, row, params)) {
                keys.add(table.longKey ? row.get(table.primaryKey[0]) : table.keyOf(row));
            }
            return true;
        });
        // The primary key cannot change, but another column of the condition can between the scan and the lock.
        Eval check = access.kind == Access.Kind.INDEX ? where : residual;
        for (Object key : keys) {
            Optional<Row> row = key instanceof Long pk ? txn.getForUpdate(table.table, pk)
                    : txn.getForUpdate(table.table, (Object[]) key);
            if (row.isPresent() && passes(check, row.get(), params) && !visitor.visit(row.get())) {
                return;
            }
        }
    }

    private static boolean passes(Eval residual, Row row, Object[] params) {
        return residual == null || Boolean.TRUE.equals(Values.truth(residual.eval(row, params)));
    }
}

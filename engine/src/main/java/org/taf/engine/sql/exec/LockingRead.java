package org.taf.engine.sql.exec;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.taf.engine.api.Row;
import org.taf.engine.api.Transaction;

/**
 * Reads the rows an UPDATE, DELETE or SELECT ... FOR UPDATE acts on, each locked and in its
 * latest committed version, so that concurrent {@code k=k+1} lose no update. Primary-key points
 * are locked as they are read; other access paths first collect the keys of the matching rows
 * (never changing a table while a cursor on it is open), then lock each and check the WHERE
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
        if (access.kind == Access.Kind.PRIMARY_KEY && access.specs.stream().allMatch(KeySpec::isPoint)) {
            access.forEach(txn, table.table, params, descending, true,
                    row -> !passes(residual, row, params) || visitor.visit(row));
            return;
        }
        List<Long> keys = new ArrayList<>();
        int pk = table.primaryKey;
        access.forEach(txn, table.table, params, descending, false, row -> {
            if (passes(residual, row, params)) {
                keys.add(row.getLong(pk));
            }
            return true;
        });
        for (Long key : keys) {
            Optional<Row> row = txn.getForUpdate(table.table, key);
            // The primary key cannot change, but an indexed column can between the scan and the lock.
            Eval check = access.kind == Access.Kind.INDEX ? where : residual;
            if (row.isPresent() && passes(check, row.get(), params) && !visitor.visit(row.get())) {
                return;
            }
        }
    }

    private static boolean passes(Eval residual, Row row, Object[] params) {
        return residual == null || Boolean.TRUE.equals(Values.truth(residual.eval(row, params)));
    }
}

package org.taf.engine.sql.exec;

import java.util.List;
import java.util.function.Supplier;
import org.taf.engine.api.Transaction;

/** A small result set computed in memory when run: SHOW statements. */
final class RowsPlan extends Plan {
    private final ResultColumns columns;
    private final Supplier<List<Object[]>> rows;

    RowsPlan(ResultColumns columns, Supplier<List<Object[]>> rows) {
        this.columns = columns;
        this.rows = rows;
    }

    @Override
    ResultColumns columns() {
        return columns;
    }

    @Override
    void run(Transaction txn, Object[] params, ResultSink sink) {
        List<Object[]> list = rows.get();
        sink.columns(columns);
        for (Object[] row : list) {
            sink.row(row);
        }
        sink.end();
    }
}

package org.taf.engine.sql.exec;

import org.taf.engine.api.Transaction;
import org.taf.engine.sql.ast.Statement;

/**
 * SELECT without a table: {@code SELECT @@version_comment LIMIT 1}, {@code SELECT 1},
 * {@code SELECT DATABASE()} — what drivers and the command-line client send at connect time.
 */
final class ConstantSelectPlan extends Plan {
    private final SelectItems items;
    private final Eval where;
    private final Limits limits;

    ConstantSelectPlan(Session session, Statement.Select select) {
        ExprCompiler compiler = new ExprCompiler(session, (Scope) null, false);
        this.items = new SelectItems(select.items(), null, compiler, session);
        this.where = select.where() == null ? null : compiler.compile(select.where());
        this.limits = new Limits(select.limit(), compiler);
    }

    @Override
    ResultColumns columns() {
        return items.columns;
    }

    @Override
    void run(Transaction txn, Object[] params, ResultSink sink) {
        sink.columns(items.columns);
        boolean pass = where == null || Boolean.TRUE.equals(Values.truth(where.eval(null, params)));
        if (pass && limits.offset(params) == 0 && limits.count(params) > 0) {
            Object[] out = new Object[items.size()];
            for (int i = 0; i < out.length; i++) {
                out[i] = items.evals[i].eval(null, params);
            }
            sink.row(out);
        }
        sink.end();
    }
}

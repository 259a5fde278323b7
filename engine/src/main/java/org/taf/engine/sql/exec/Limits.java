package org.taf.engine.sql.exec;

import org.taf.engine.api.ErrorCode;
import org.taf.engine.sql.SqlException;
import org.taf.engine.sql.ast.Statement;

/** LIMIT and OFFSET, which may be parameters; evaluated per execution. */
final class Limits {
    private final Eval count;
    private final Eval offset;

    Limits(Statement.Limit limit, ExprCompiler compiler) {
        this.count = limit == null ? null : compiler.compile(limit.count());
        this.offset = limit == null || limit.offset() == null ? null : compiler.compile(limit.offset());
    }

    /** Rows to return at most; unlimited is {@link Long#MAX_VALUE}. */
    long count(Object[] params) {
        return count == null ? Long.MAX_VALUE : value(count, params);
    }

    long offset(Object[] params) {
        return offset == null ? 0 : value(offset, params);
    }

    private static long value(Eval e, Object[] params) {
        Object v = e.eval(null, params);
        Long n = v == null ? null : KeyBounds.point(Values.toNumber(v));
        if (n == null || n < 0) {
            throw new SqlException(ErrorCode.WRONG_ARGUMENTS, "Incorrect arguments to LIMIT");
        }
        return n;
    }
}

package org.taf.runner.workload;

import java.sql.SQLException;
import java.util.EnumMap;
import java.util.Map;

/**
 * The execute_* functions of sysbench's {@code oltp_common.lua} for one thread: statements prepared per
 * table up front, then each group draws one table uniformly and its ids from the run's distribution, in the
 * same order as the Lua code draws them.
 */
final class OltpScript {
    private final EventContext ctx;
    private final Map<OltpStatement, SqlSession.Stmt[]> stmts = new EnumMap<>(OltpStatement.class);
    private final SqlSession.Stmt begin;
    private final SqlSession.Stmt commit;

    /**
     * @param transaction whether to prepare BEGIN and COMMIT
     * @param kinds the statements this workload executes
     */
    OltpScript(EventContext ctx, boolean transaction, OltpStatement... kinds) throws SQLException {
        this.ctx = ctx;
        SqlSession s = ctx.session();
        begin = transaction ? s.prepare(OltpStatement.BEGIN) : null;
        commit = transaction ? s.prepare(OltpStatement.COMMIT) : null;
        int tables = ctx.options().tables();
        for (OltpStatement kind : kinds) {
            SqlSession.Stmt[] perTable = new SqlSession.Stmt[tables];
            for (int t = 1; t <= tables; t++) {
                perTable[t - 1] = s.prepare(kind.sql(t));
            }
            stmts.put(kind, perTable);
        }
    }

    private SqlSession.Stmt stmt(OltpStatement kind, int table) {
        SqlSession.Stmt[] perTable = stmts.get(kind);
        if (perTable == null) {
            throw new IllegalStateException(kind + " was not prepared for this workload");
        }
        return perTable[table - 1];
    }

    void begin() throws SQLException {
        begin.execute();
    }

    void commit() throws SQLException {
        commit.execute();
    }

    /** execute_point_selects. */
    void pointSelects(int count) throws SQLException {
        SqlSession.Stmt s = stmt(OltpStatement.POINT, ctx.table());
        for (int i = 0; i < count; i++) {
            s.setInt(1, ctx.id());
            s.execute();
        }
    }

    /** execute_range: simple, sum, order or distinct ranges of range_size rows. */
    void ranges(OltpStatement kind, int count) throws SQLException {
        SqlSession.Stmt s = stmt(kind, ctx.table());
        int width = ctx.options().rangeSize();
        for (int i = 0; i < count; i++) {
            int id = ctx.id();
            s.setInt(1, id);
            s.setInt(2, id + width - 1);
            s.execute();
        }
    }

    /** The four range groups of oltp_read_only, each with its own count. */
    void allRanges() throws SQLException {
        WorkloadOptions o = ctx.options();
        ranges(OltpStatement.SIMPLE_RANGE, o.simpleRanges());
        ranges(OltpStatement.SUM_RANGE, o.sumRanges());
        ranges(OltpStatement.ORDER_RANGE, o.orderRanges());
        ranges(OltpStatement.DISTINCT_RANGE, o.distinctRanges());
    }

    /** execute_index_updates. */
    void indexUpdates(int count) throws SQLException {
        SqlSession.Stmt s = stmt(OltpStatement.INDEX_UPDATE, ctx.table());
        for (int i = 0; i < count; i++) {
            s.setInt(1, ctx.id());
            s.execute();
        }
    }

    /** execute_non_index_updates: the new c is drawn before the id, as the Lua binds them. */
    void nonIndexUpdates(int count) throws SQLException {
        SqlSession.Stmt s = stmt(OltpStatement.NON_INDEX_UPDATE, ctx.table());
        for (int i = 0; i < count; i++) {
            s.setString(1, RowFormat.c(ctx.random()));
            s.setInt(2, ctx.id());
            s.execute();
        }
    }

    /** execute_delete_inserts: delete a row and insert it back with a new k, c and pad. */
    void deleteInserts(int count) throws SQLException {
        int table = ctx.table();
        SqlSession.Stmt delete = stmt(OltpStatement.DELETE, table);
        SqlSession.Stmt insert = stmt(OltpStatement.INSERT, table);
        for (int i = 0; i < count; i++) {
            int id = ctx.id();
            int k = ctx.id();
            delete.setInt(1, id);
            insert.setInt(1, id);
            insert.setInt(2, k);
            insert.setString(3, RowFormat.c(ctx.random()));
            insert.setString(4, RowFormat.pad(ctx.random()));
            delete.execute();
            insert.execute();
        }
    }

    /** oltp_delete's event: one DELETE of a random id. */
    void delete() throws SQLException {
        SqlSession.Stmt s = stmt(OltpStatement.DELETE, ctx.table());
        s.setInt(1, ctx.id());
        s.execute();
    }

    /** The write part shared by oltp_read_write and oltp_write_only. */
    void writes() throws SQLException {
        WorkloadOptions o = ctx.options();
        indexUpdates(o.indexUpdates());
        nonIndexUpdates(o.nonIndexUpdates());
        deleteInserts(o.deleteInserts());
    }
}

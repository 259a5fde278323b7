package org.taf.runner.workload;

import java.sql.SQLException;

/**
 * Events built from one statement with many keys: sysbench 1.0.20's {@code select_random_points.lua},
 * {@code select_random_ranges.lua} and {@code oltp_insert.lua}, and Mark Callaghan's
 * {@code oltp_points_covered.lua}, {@code oltp_range_covered.lua} and {@code oltp_inlist_select.lua}
 * (mdcallag/mytools), which TAF's POINTS-*, RANGE-COVERED-PK and HOT-POINTS tests follow.
 */
final class ListScripts {
    private ListScripts() {}

    /** "?, ?, ?" with n placeholders, as the Lua scripts write them. */
    static String placeholders(int n) {
        return "?, ".repeat(n - 1) + "?";
    }

    /**
     * oltp_points_covered.lua: {@code SELECT <columns> FROM sbtestN WHERE <key> IN (...)} with random_points
     * keys from the run's distribution, on a uniformly drawn table.
     */
    static Event.Factory inList(String columns, String key) {
        return ctx -> {
            SqlSession.Stmt[] stmts = perTable(ctx, t -> "SELECT " + columns + " FROM sbtest" + t + " WHERE " + key
                    + " IN (" + placeholders(ctx.options().randomPoints()) + ")");
            int points = ctx.options().randomPoints();
            return () -> {
                SqlSession.Stmt s = stmts[ctx.table() - 1];
                for (int i = 1; i <= points; i++) {
                    s.setInt(i, ctx.id());
                }
                s.execute();
            };
        };
    }

    /** oltp_inlist_select.lua --hot-points: the same random_points ids just above table_size / 2. */
    static Event.Factory hotPoints() {
        return ctx -> {
            SqlSession.Stmt[] stmts = perTable(ctx, t -> "SELECT c FROM sbtest" + t + " WHERE id IN ("
                    + placeholders(ctx.options().randomPoints()) + ")");
            int points = ctx.options().randomPoints();
            int hotKey = ctx.options().tableSize() / 2;
            return () -> {
                SqlSession.Stmt s = stmts[ctx.table() - 1];
                for (int i = 1; i <= points; i++) {
                    s.setInt(i, hotKey + i);
                }
                s.execute();
            };
        };
    }

    /**
     * oltp_range_covered.lua: {@code SELECT columns ... WHERE on BETWEEN low AND low + width}, where --on-id
     * picks {@code on} (id or k) and --covered whether c is among the columns. Callaghan passes
     * the same value as --range-size and --random-points; we take range_size (default 100).
     */
    static Event.Factory rangeCovered(String columns, String on) {
        return ctx -> {
            SqlSession.Stmt[] stmts = perTable(ctx, t -> "SELECT " + columns + " FROM sbtest" + t + " WHERE " + on
                    + " BETWEEN ? AND ?");
            int width = ctx.options().rangeSize();
            return () -> {
                SqlSession.Stmt s = stmts[ctx.table() - 1];
                int low = ctx.id();
                s.setInt(1, low);
                s.setInt(2, low + width);
                s.execute();
            };
        };
    }

    /**
     * select_random_points.lua: k IN (random_points values) on sbtest1 only, each thread drawing from its own
     * slice [tid * size / threads, (tid + 1) * size / threads] so that threads do not overlap.
     */
    static Event.Factory randomPoints() {
        return ctx -> {
            int points = ctx.options().randomPoints();
            SqlSession.Stmt s = ctx.session().prepare("SELECT id, k, c, pad FROM sbtest1 WHERE k IN ("
                    + placeholders(points) + ")");
            long[] slice = slice(ctx);
            return () -> {
                for (int i = 1; i <= points; i++) {
                    s.setInt(i, (int) ctx.random().next(slice[0], slice[1]));
                }
                s.execute();
            };
        };
    }

    /** select_random_ranges.lua: count(k) over number_of_ranges ranges [v, v + delta] of this thread's slice. */
    static Event.Factory randomRanges() {
        return ctx -> {
            int ranges = ctx.options().numberOfRanges();
            SqlSession.Stmt s = ctx.session().prepare("SELECT count(k) FROM sbtest1 WHERE "
                    + "k BETWEEN ? AND ? OR ".repeat(ranges - 1) + "k BETWEEN ? AND ?");
            long[] slice = slice(ctx);
            int delta = ctx.options().delta();
            return () -> {
                for (int i = 1; i <= 2 * ranges; i += 2) {
                    int v = (int) ctx.random().next(slice[0], slice[1]);
                    s.setInt(i, v);
                    s.setInt(i + 1, v + delta);
                }
                s.execute();
            };
        };
    }

    /**
     * oltp_insert.lua with auto_inc: a text INSERT with id 0, so the server assigns the id; k from the run's
     * distribution, new c and pad.
     */
    static Event.Factory insert() {
        return ctx -> () -> {
            int table = ctx.table();
            int k = ctx.id();
            String c = RowFormat.c(ctx.random());
            String pad = RowFormat.pad(ctx.random());
            ctx.session().query("INSERT INTO sbtest" + table + " (id, k, c, pad) VALUES (0, " + k + ", '" + c
                    + "', '" + pad + "')");
        };
    }

    /**
     * mytools' oltp_scan.lua: {@code SELECT * from sbtestN WHERE LENGTH(c) < 0} as text, a full scan whose filter
     * drops every row so that the network is not what is measured. N is the thread's table: mytools takes
     * sbtest(tid + 1), which needs a table per thread; thread % tables + 1 is the same then, and runs with fewer.
     */
    static Event.Factory scan() {
        return ctx -> {
            String sql = "SELECT * from sbtest" + (ctx.thread() % ctx.options().tables() + 1) + " WHERE LENGTH(c) < 0";
            return () -> ctx.session().query(sql);
        };
    }

    /** Lua's rlen = table_size / threads is a float; the C call truncates the bounds to integers. */
    private static long[] slice(EventContext ctx) {
        double rlen = (double) ctx.options().tableSize() / ctx.threads();
        double rmin = rlen * ctx.thread();
        return new long[] {(long) rmin, (long) (rmin + rlen)};
    }

    private interface TableSql {
        String sql(int table);
    }

    private static SqlSession.Stmt[] perTable(EventContext ctx, TableSql sql) throws SQLException {
        SqlSession.Stmt[] stmts = new SqlSession.Stmt[ctx.options().tables()];
        for (int t = 1; t <= stmts.length; t++) {
            stmts[t - 1] = ctx.session().prepare(sql.sql(t));
        }
        return stmts;
    }
}

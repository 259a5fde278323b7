package org.taf.runner.workload;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * sysbench's {@code prepare} and {@code cleanup} for the OLTP tables, as {@code oltp_common.lua} does them:
 * CREATE TABLE, multi-row INSERTs of about 512 KiB in autocommit, then CREATE INDEX on k. Rows follow
 * sysbench's formats: k drawn from [1, table_size] with sysbench 1.0.20's default distribution ('special',
 * as {@code sysbench oltp_* prepare} without --rand-type), then c and pad as digit groups, ids assigned by
 * AUTO_INCREMENT from 1. Each table has its own random stream from the spec's seed, so the rows do not
 * depend on the thread count.
 */
public final class DataLoader {
    private final ConnectionSettings connection;

    public DataLoader(ConnectionSettings connection) {
        if (connection == null) {
            throw new IllegalArgumentException("connection must be given");
        }
        this.connection = connection;
    }

    /**
     * Creates the connection's database if it does not exist (sysbench expects it to exist already;
     * TAF prepares data on a fresh engine).
     *
     * @throws WorkloadException naming the server and its error
     */
    public void ensureDatabase() {
        try (Connection c = Jdbc.connectWithoutDatabase(connection); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE IF NOT EXISTS " + connection.database());
        } catch (SQLException e) {
            throw new WorkloadException("cannot create database " + connection.database() + " on "
                    + connection.address() + ": " + Jdbc.describe(e), e);
        }
    }

    /**
     * Creates and fills sbtest1..sbtestN. Tables are spread over {@code threads} connections as sysbench's
     * parallel prepare does. On failure the tables this call created are dropped again (tables that existed
     * before are left alone), so nothing half-made remains.
     *
     * @param threads connections loading in parallel, at least 1 (more than the table count is useless)
     * @throws WorkloadException naming the table, the server and its error (e.g. the table already exists)
     */
    public void prepare(DataSpec spec, int threads) {
        if (threads < 1) {
            throw new WorkloadException("threads (" + threads + ") must be at least 1");
        }
        int n = Math.min(threads, spec.tables());
        Set<Integer> created = new ConcurrentSkipListSet<>();
        ExecutorService pool = Executors.newFixedThreadPool(n, r -> {
            Thread t = new Thread(r, "taf-prepare");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<Void>> jobs = new ArrayList<>();
            for (int first = 1; first <= n; first++) {
                int from = first;
                jobs.add(pool.submit(() -> {
                    try (Connection c = open()) {
                        for (int table = from; table <= spec.tables(); table += n) {
                            createTable(c, spec, table, created);
                        }
                    }
                    return null;
                }));
            }
            for (Future<Void> job : jobs) {
                job.get();
            }
        } catch (ExecutionException e) {
            dropAfterFailure(created);
            Throwable cause = e.getCause();
            if (cause instanceof WorkloadException w) {
                throw w;
            }
            throw new WorkloadException("preparing " + spec.cacheKey() + " on " + connection.address()
                    + " failed: " + cause, cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            dropAfterFailure(created);
            throw new WorkloadException("preparing " + spec.cacheKey() + " on " + connection.address()
                    + " was interrupted; the tables it created were dropped", e);
        } finally {
            pool.shutdownNow();
        }
    }

    /** Drops sbtest1..sbtest{tables} where they exist. */
    public void cleanup(int tables) {
        if (tables < 1) {
            throw new WorkloadException("tables (" + tables + ") must be at least 1");
        }
        try (Connection c = open(); Statement st = c.createStatement()) {
            for (int t = 1; t <= tables; t++) {
                run(st, SysbenchTables.dropTable(t), t);
            }
        } catch (SQLException e) {
            throw new WorkloadException("cannot clean up on " + connection.address() + ": " + Jdbc.describe(e), e);
        }
    }

    private Connection open() {
        try {
            return Jdbc.connect(connection);
        } catch (SQLException e) {
            throw new WorkloadException("cannot connect to " + connection.address() + " (user "
                    + connection.user() + ", database " + connection.database() + "): " + Jdbc.describe(e), e);
        }
    }

    private void createTable(Connection c, DataSpec spec, int table, Set<Integer> created) throws SQLException {
        RandomSource random = RandomSource.of(spec.seed(), table, RandType.SPECIAL);
        try (Statement st = c.createStatement()) {
            run(st, SysbenchTables.createTable(table), table);
            created.add(table);
            InsertBatcher batch = new InsertBatcher(SysbenchTables.insertHead(table), sql -> run(st, sql, table));
            StringBuilder row = new StringBuilder(200);
            for (int i = 1; i <= spec.tableSize(); i++) {
                String cValue = RowFormat.c(random);
                String padValue = RowFormat.pad(random);
                long k = random.next(1, spec.tableSize());
                row.setLength(0);
                row.append('(').append(k).append(", '").append(cValue).append("', '").append(padValue).append("')");
                batch.add(row.toString());
            }
            batch.flush();
            run(st, SysbenchTables.createIndex(table), table);
        }
    }

    private void run(Statement st, String sql, int table) throws SQLException {
        try {
            st.execute(sql);
        } catch (SQLException e) {
            String shown = sql.length() > 80 ? sql.substring(0, 80) + "..." : sql;
            throw new WorkloadException("sbtest" + table + " on " + connection.address() + ": `"
                    + shown.replace('\n', ' ') + "` failed: " + Jdbc.describe(e), e);
        }
    }

    private void dropAfterFailure(Set<Integer> created) {
        if (created.isEmpty()) {
            return;
        }
        try (Connection c = open(); Statement st = c.createStatement()) {
            for (int t : created) {
                st.execute(SysbenchTables.dropTable(t));
            }
        } catch (SQLException | WorkloadException e) {
            // the original failure matters more; the server may be gone
        }
    }
}

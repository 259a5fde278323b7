package org.taf.runner.workload;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.taf.runner.workload.tprocc.TproccLoader;
import org.taf.runner.workload.tprocc.TproccSchema;

/**
 * TPROC-C's part of {@link DataLoader#prepare}, as HammerDB's loader does it: the nine tables, ITEM, then the
 * warehouses spread over the loading threads (each warehouse from its own random stream, so the rows do not
 * depend on how many load), then {@code ANALYZE TABLE}. On failure the nine tables are dropped again.
 */
final class TproccPrepare {
    private final DataLoader loader;
    private final DataSpec spec;
    private final TproccLoader rows;

    TproccPrepare(DataLoader loader, DataSpec spec) {
        this.loader = loader;
        this.spec = spec;
        this.rows = new TproccLoader(spec.seed(), spec.tproccScale());
    }

    /** Loads {@code spec}'s warehouses on up to {@code threads} connections. */
    void load(int threads) {
        try (Connection c = loader.open(); Statement st = c.createStatement()) {
            run(() -> TproccLoader.createTables(st), "creating the tables");
            run(() -> rows.loadItems(st), "loading item");
        } catch (SQLException | WorkloadException e) {
            dropAll();
            throw e instanceof WorkloadException w ? w : failed("closing the loader's connection", (SQLException) e);
        }
        int n = Math.min(threads, spec.warehouses());
        loader.parallel(n, spec, first -> {
            try (Connection c = loader.open(); Statement st = c.createStatement()) {
                for (int w = first; w <= spec.warehouses(); w += n) {
                    int warehouse = w;
                    run(() -> rows.loadWarehouse(st, warehouse), "loading warehouse " + w);
                }
            }
        }, this::dropAll);
        try (Connection c = loader.open(); Statement st = c.createStatement()) {
            run(() -> TproccLoader.analyze(st), "analyzing the tables");
        } catch (SQLException | WorkloadException e) {
            dropAll();
            throw e instanceof WorkloadException w ? w : failed("analyzing the tables", (SQLException) e);
        }
    }

    @FunctionalInterface
    private interface Step {
        void run() throws SQLException;
    }

    private void run(Step step, String what) {
        try {
            step.run();
        } catch (SQLException e) {
            throw failed(what, e);
        }
    }

    private WorkloadException failed(String what, SQLException e) {
        return new WorkloadException("TPROC-C " + spec.cacheKey() + " on " + loader.connection().address() + ": "
                + what + " failed: " + Jdbc.describe(e), e);
    }

    /** Drops the nine tables; the original failure matters more than one here (the server may be gone). */
    private void dropAll() {
        try (Connection c = loader.open(); Statement st = c.createStatement()) {
            for (String table : TproccSchema.TABLES) {
                st.execute(TproccSchema.drop(table));
            }
        } catch (SQLException | WorkloadException e) {
            // nothing more to do: the failure that brought us here is reported
        }
    }
}

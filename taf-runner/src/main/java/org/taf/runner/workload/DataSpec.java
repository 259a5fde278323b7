package org.taf.runner.workload;

import org.taf.runner.workload.tprocc.TproccScale;

/**
 * The data set a run needs: sysbench's tables sbtest1..sbtestN of {@code tableSize} rows each, and TPROC-C's
 * nine tables of {@code warehouses} warehouses, generated from {@code seed}. The same spec always yields the same
 * rows (see {@link DataLoader}), so prepared data can be cached by {@link #cacheKey()} and copied for each
 * iteration.
 *
 * @param tables     number of sbtest tables, 0 when no sysbench workload runs (then TPROC-C's must be loaded)
 * @param tableSize  rows per table, at least 0 (0 makes empty tables, as {@code oltp_insert} may want)
 * @param seed       seed of the row generators
 * @param warehouses TPROC-C's warehouses, 0 when TPROC-C does not run
 * @param tproccScale TPROC-C's cardinalities per warehouse
 */
public record DataSpec(int tables, int tableSize, long seed, int warehouses, TproccScale tproccScale) {
    /**
     * Version of the row generator; bump it whenever {@link DataLoader} would produce different rows for the
     * same spec, so that caches keyed by {@link #cacheKey()} are not reused by mistake.
     */
    static final int FORMAT_VERSION = 1;
    /** The same for TPROC-C's rows ({@code tprocc.TproccRows}). */
    static final int TPROCC_FORMAT_VERSION = 1;

    public DataSpec {
        if (tables < (warehouses > 0 ? 0 : 1)) {
            throw new WorkloadException("tables (" + tables + ") must be at least 1");
        }
        if (tableSize < 0) {
            throw new WorkloadException("table_size (" + tableSize + ") must be at least 0");
        }
        if (warehouses < 0) {
            throw new WorkloadException("warehouses (" + warehouses + ") must be at least 0");
        }
        if (tproccScale == null) {
            throw new WorkloadException("tprocc scale (null) must be given");
        }
    }

    /** sysbench's tables only. */
    public DataSpec(int tables, int tableSize, long seed) {
        this(tables, tableSize, seed, 0, TproccScale.STANDARD);
    }

    /**
     * A file-name-safe key identifying the prepared data, e.g. {@code sbtest-v1-4x100000-seed42}, with TPROC-C's
     * {@code -tprocc-v1-w2} after it, or {@code tprocc-v1-w2-seed42} alone.
     */
    public String cacheKey() {
        String tprocc = "tprocc-v" + TPROCC_FORMAT_VERSION + "-w" + warehouses + tproccScale.tag();
        if (tables == 0) {
            return tprocc + "-seed" + seed;
        }
        String sbtest = "sbtest-v" + FORMAT_VERSION + "-" + tables + "x" + tableSize + "-seed" + seed;
        return warehouses == 0 ? sbtest : sbtest + "-" + tprocc;
    }
}

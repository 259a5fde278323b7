package org.taf.runner.workload;

/**
 * The sysbench data set a run needs: tables sbtest1..sbtestN of {@code tableSize} rows each, generated from
 * {@code seed}. The same spec always yields the same rows (see {@link DataLoader}), so prepared data can be
 * cached by {@link #cacheKey()} and copied for each iteration.
 *
 * @param tables number of tables, at least 1
 * @param tableSize rows per table, at least 0 (0 makes empty tables, as {@code oltp_insert} may want)
 * @param seed seed of the row generator
 */
public record DataSpec(int tables, int tableSize, long seed) {
    /**
     * Version of the row generator; bump it whenever {@link DataLoader} would produce different rows for the
     * same spec, so that caches keyed by {@link #cacheKey()} are not reused by mistake.
     */
    static final int FORMAT_VERSION = 1;

    public DataSpec {
        if (tables < 1) {
            throw new WorkloadException("tables (" + tables + ") must be at least 1");
        }
        if (tableSize < 0) {
            throw new WorkloadException("table_size (" + tableSize + ") must be at least 0");
        }
    }

    /** A file-name-safe key identifying the prepared data, e.g. {@code sbtest-v1-4x100000-seed42}. */
    public String cacheKey() {
        return "sbtest-v" + FORMAT_VERSION + "-" + tables + "x" + tableSize + "-seed" + seed;
    }
}

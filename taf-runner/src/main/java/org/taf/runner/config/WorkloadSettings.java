package org.taf.runner.config;

import org.taf.runner.workload.Workload;
import org.taf.runner.workload.RandType;

import static org.taf.runner.config.Checks.atLeast;
import static org.taf.runner.config.Checks.notNull;
import static org.taf.runner.config.Checks.positive;

import java.time.Duration;
import java.util.List;

/**
 * What the load generator runs ({@code workload.*}); counts follow sysbench's options and defaults.
 *
 * @param tests           workloads, in run order, at least one
 * @param threads         client thread counts, in run order, each >= 1 (default 1, 2)
 * @param tables          sbtestN tables (default 4)
 * @param tableSize       rows per table (default 10000)
 * @param randType        id distribution (default uniform)
 * @param rangeSize       rows per range query (default 100)
 * @param points          values per IN list (default 100)
 * @param pointSelects    point selects per OLTP transaction (default 10)
 * @param simpleRanges    simple ranges per OLTP transaction (default 1)
 * @param sumRanges       SUM ranges per OLTP transaction (default 1)
 * @param orderRanges     ORDER BY ranges per OLTP transaction (default 1)
 * @param distinctRanges  DISTINCT ranges per OLTP transaction (default 1)
 * @param indexUpdates    indexed updates per OLTP transaction (default 1)
 * @param nonIndexUpdates non-indexed updates per OLTP transaction (default 1)
 * @param deleteInserts   delete + insert pairs per OLTP transaction (default 1)
 * @param seed            random seed of the load generator (default 1)
 * @param reportInterval  sampling interval (default 1s)
 * @param user            database user (default root)
 * @param password        its password (default empty)
 * @param database        schema holding the tables (default sbtest)
 */
public record WorkloadSettings(List<Workload> tests, List<Integer> threads, int tables, int tableSize,
        RandType randType, int rangeSize, int points, int pointSelects, int simpleRanges, int sumRanges,
        int orderRanges, int distinctRanges, int indexUpdates, int nonIndexUpdates, int deleteInserts, long seed,
        Duration reportInterval, String user, String password, String database) {

    public WorkloadSettings {
        tests = List.copyOf(tests);
        threads = List.copyOf(threads);
        if (tests.isEmpty() || threads.isEmpty()) {
            throw new IllegalArgumentException("workload needs tests and threads");
        }
        threads.forEach(t -> atLeast("workload.threads", t, 1));
        atLeast("workload.tables", tables, 1);
        atLeast("workload.table_size", tableSize, 1);
        notNull("workload.rand_type", randType);
        atLeast("workload.range_size", rangeSize, 1);
        atLeast("workload.points", points, 1);
        for (int n : new int[] {pointSelects, simpleRanges, sumRanges, orderRanges, distinctRanges, indexUpdates,
            nonIndexUpdates, deleteInserts}) {
            atLeast("workload statement count", n, 0);
        }
        positive("workload.report_interval", reportInterval);
        notNull("workload.user", user);
        notNull("workload.password", password);
        notNull("workload.database", database);
    }

    /** The largest thread count: the default warm-up concurrency. */
    public int maxThreads() {
        return threads.stream().mapToInt(Integer::intValue).max().orElseThrow();
    }

    /** Masks the password. */
    @Override
    public String toString() {
        return "WorkloadSettings[tests=" + tests + ", threads=" + threads + ", tables=" + tables
                + ", tableSize=" + tableSize + ", randType=" + randType + ", user=" + user
                + ", password=" + (password.isEmpty() ? "" : "****") + ", database=" + database + ", ...]";
    }
}

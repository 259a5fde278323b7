package org.taf.runner.workload;

import java.time.Duration;
import java.util.Objects;

/**
 * Everything a workload run needs besides the workload and the thread count. Names in error messages and
 * defaults are sysbench 1.0.20's ({@code oltp_common.lua}, {@code select_random_*.lua}, Callaghan's
 * {@code --random-points}); build with {@link #builder(ConnectionSettings)}.
 *
 * @param tables number of sbtestN tables, at least 1 (default 1)
 * @param tableSize rows per table, at least 1 (default 10000)
 * @param randType distribution of ids and k values (default {@link RandType#SPECIAL}, sysbench 1.0.20's;
 *     TAF-style runs set {@link RandType#UNIFORM})
 * @param rangeSize rows per range SELECT, at least 1 (default 100); also the width of RANGE-COVERED-PK
 * @param randomPoints values per IN list of RANDOM-POINTS, POINTS-* and HOT-POINTS, 1..10000 (default 10)
 * @param pointSelects point SELECTs per OLTP event, at least 0 (default 10)
 * @param simpleRanges simple range SELECTs per event (default 1)
 * @param sumRanges SUM range SELECTs per event (default 1)
 * @param orderRanges ORDER BY range SELECTs per event (default 1)
 * @param distinctRanges DISTINCT range SELECTs per event (default 1)
 * @param indexUpdates UPDATEs of k per event (default 1)
 * @param nonIndexUpdates UPDATEs of c per event (default 1)
 * @param deleteInserts DELETE + INSERT pairs per event (default 1)
 * @param numberOfRanges BETWEEN ranges per RANDOM-RANGES query, 1..10000 (default 10)
 * @param delta width of each RANDOM-RANGES range, at least 0 (default 5)
 * @param seed seed of every thread's random stream; the same seed replays the same keys (default 0)
 * @param reportInterval length of one {@link IntervalSample}, 1 ms to 1 h (default 1 s)
 * @param connection the server and account
 */
public record WorkloadOptions(
        int tables,
        int tableSize,
        RandType randType,
        int rangeSize,
        int randomPoints,
        int pointSelects,
        int simpleRanges,
        int sumRanges,
        int orderRanges,
        int distinctRanges,
        int indexUpdates,
        int nonIndexUpdates,
        int deleteInserts,
        int numberOfRanges,
        int delta,
        long seed,
        Duration reportInterval,
        ConnectionSettings connection) {

    private static final int MAX_LIST = 10_000;

    public WorkloadOptions {
        atLeast("tables", tables, 1);
        atLeast("table_size", tableSize, 1);
        if (randType == null) {
            throw new WorkloadException("rand_type (null) must be one of uniform, special, gaussian, pareto, zipfian");
        }
        atLeast("range_size", rangeSize, 1);
        between("random_points", randomPoints, 1, MAX_LIST);
        atLeast("point_selects", pointSelects, 0);
        atLeast("simple_ranges", simpleRanges, 0);
        atLeast("sum_ranges", sumRanges, 0);
        atLeast("order_ranges", orderRanges, 0);
        atLeast("distinct_ranges", distinctRanges, 0);
        atLeast("index_updates", indexUpdates, 0);
        atLeast("non_index_updates", nonIndexUpdates, 0);
        atLeast("delete_inserts", deleteInserts, 0);
        between("number_of_ranges", numberOfRanges, 1, MAX_LIST);
        atLeast("delta", delta, 0);
        // ids go up to table_size + range_size (and + delta, + random_points): they must fit an SQL INTEGER.
        long highest = (long) tableSize + Math.max(Math.max(rangeSize, delta), randomPoints);
        if (highest > Integer.MAX_VALUE) {
            throw new WorkloadException("table_size (" + tableSize + ") plus range_size (" + rangeSize
                    + "), delta (" + delta + ") or random_points (" + randomPoints
                    + ") must stay within an SQL INTEGER (" + Integer.MAX_VALUE + ")");
        }
        if (reportInterval == null || reportInterval.compareTo(Duration.ofMillis(1)) < 0
                || reportInterval.compareTo(Duration.ofHours(1)) > 0) {
            throw new WorkloadException("report_interval (" + reportInterval + ") must be between 1ms and 1h");
        }
        if (connection == null) {
            throw new WorkloadException("connection (null) must be given");
        }
    }

    private static void atLeast(String key, int value, int min) {
        if (value < min) {
            throw new WorkloadException(key + " (" + value + ") must be at least " + min);
        }
    }

    private static void between(String key, int value, int min, int max) {
        if (value < min || value > max) {
            throw new WorkloadException(key + " (" + value + ") must be between " + min + " and " + max);
        }
    }

    /** sysbench's defaults for the given server. */
    public static Builder builder(ConnectionSettings connection) {
        return new Builder(connection);
    }

    /** A builder starting from these options. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** These options against the same account on another port of the same host (each engine start has its own). */
    public WorkloadOptions onPort(int port) {
        ConnectionSettings c = connection;
        return toBuilder().connection(new ConnectionSettings(c.host(), port, c.user(), c.password(), c.database()))
                .build();
    }

    /** The data these options run against (tables, table_size) with the given load seed. */
    public DataSpec dataSpec(long dataSeed) {
        return new DataSpec(tables, tableSize, dataSeed);
    }

    /** Mutable builder; {@link #build()} validates. */
    public static final class Builder {
        private int tables = 1;
        private int tableSize = 10_000;
        private RandType randType = RandType.SPECIAL;
        private int rangeSize = 100;
        private int randomPoints = 10;
        private int pointSelects = 10;
        private int simpleRanges = 1;
        private int sumRanges = 1;
        private int orderRanges = 1;
        private int distinctRanges = 1;
        private int indexUpdates = 1;
        private int nonIndexUpdates = 1;
        private int deleteInserts = 1;
        private int numberOfRanges = 10;
        private int delta = 5;
        private long seed;
        private Duration reportInterval = Duration.ofSeconds(1);
        private ConnectionSettings connection;

        private Builder(ConnectionSettings connection) {
            this.connection = Objects.requireNonNull(connection, "connection");
        }

        private Builder(WorkloadOptions o) {
            tables = o.tables;
            tableSize = o.tableSize;
            randType = o.randType;
            rangeSize = o.rangeSize;
            randomPoints = o.randomPoints;
            pointSelects = o.pointSelects;
            simpleRanges = o.simpleRanges;
            sumRanges = o.sumRanges;
            orderRanges = o.orderRanges;
            distinctRanges = o.distinctRanges;
            indexUpdates = o.indexUpdates;
            nonIndexUpdates = o.nonIndexUpdates;
            deleteInserts = o.deleteInserts;
            numberOfRanges = o.numberOfRanges;
            delta = o.delta;
            seed = o.seed;
            reportInterval = o.reportInterval;
            connection = o.connection;
        }

        public Builder tables(int v) { tables = v; return this; }
        public Builder tableSize(int v) { tableSize = v; return this; }
        public Builder randType(RandType v) { randType = v; return this; }
        public Builder rangeSize(int v) { rangeSize = v; return this; }
        public Builder randomPoints(int v) { randomPoints = v; return this; }
        public Builder pointSelects(int v) { pointSelects = v; return this; }
        public Builder simpleRanges(int v) { simpleRanges = v; return this; }
        public Builder sumRanges(int v) { sumRanges = v; return this; }
        public Builder orderRanges(int v) { orderRanges = v; return this; }
        public Builder distinctRanges(int v) { distinctRanges = v; return this; }
        public Builder indexUpdates(int v) { indexUpdates = v; return this; }
        public Builder nonIndexUpdates(int v) { nonIndexUpdates = v; return this; }
        public Builder deleteInserts(int v) { deleteInserts = v; return this; }
        public Builder numberOfRanges(int v) { numberOfRanges = v; return this; }
        public Builder delta(int v) { delta = v; return this; }
        public Builder seed(long v) { seed = v; return this; }
        public Builder reportInterval(Duration v) { reportInterval = v; return this; }
        public Builder connection(ConnectionSettings v) { connection = v; return this; }

        public WorkloadOptions build() {
            return new WorkloadOptions(tables, tableSize, randType, rangeSize, randomPoints, pointSelects,
                    simpleRanges, sumRanges, orderRanges, distinctRanges, indexUpdates, nonIndexUpdates,
                    deleteInserts, numberOfRanges, delta, seed, reportInterval, connection);
        }
    }
}

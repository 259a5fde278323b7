package org.taf.runner.results;

import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The unit of a cell's rate: what its samples' {@link SampleRecord#rate()} counts, and so what its verdict's
 * "tps" metric, its levels and its ratio are of. Every output names a cell's rate by this, decided here once
 * from the cell's record.
 */
public enum RateUnit {
    /** Transactions (sysbench events) per second: every sysbench workload. */
    TPS,
    /** New orders per minute, HammerDB's NOPM: TPROC-C, whose samples count the new orders that committed. */
    NOPM;

    /**
     * The unit of {@code cell}: NOPM when its samples count new orders, as {@link SampleRecord#rate()} chooses,
     * else TPS. A cell with no sample at all (every start failed) shows no rate, so TPS is as good as any.
     */
    public static RateUnit of(CellRecord cell) {
        boolean newOrders = Stream.concat(cell.parent().stream(), cell.patch().stream())
                .flatMap(it -> it.samples().stream()).anyMatch(s -> s.newOrders() != null);
        return newOrders ? NOPM : TPS;
    }

    /**
     * The unit all of {@code cells} that have samples share, or null when they differ (a run of sysbench and
     * TPROC-C); TPS when none has a sample, as outputs without a rate have always said. A cell without samples
     * (its build failed) shows no rate, so it does not make a TPROC-C table one of both units.
     */
    public static RateUnit shared(List<CellRecord> cells) {
        List<RateUnit> units = cells.stream().filter(RateUnit::sampled).map(RateUnit::of).distinct().toList();
        return units.isEmpty() ? TPS : units.size() == 1 ? units.get(0) : null;
    }

    private static boolean sampled(CellRecord cell) {
        return Stream.concat(cell.parent().stream(), cell.patch().stream()).anyMatch(it -> !it.samples().isEmpty());
    }

    /** Lower case, as message keys end in it: {@code tps}, {@code nopm}. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }
}

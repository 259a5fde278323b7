package org.taf.runner.report;

import java.util.List;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.RateUnit;

/**
 * How every output names a cell's rate, by its {@link RateUnit}: TPS for a sysbench cell, NOPM for a TPROC-C
 * cell, in the bundle's words ({@code unit.tps}, {@code unit.nopm}). A table or chart over cells of both units
 * (one run of sysbench and TPROC-C) says "rate" ({@code unit.mixed}) in its head, and each number its own unit.
 */
public final class RateWords {
    /** The message key's end for cells that share no unit. */
    public static final String MIXED = "mixed";

    private RateWords() {}

    /** The message key's end for {@code cells}: {@code tps}, {@code nopm}, or {@link #MIXED}. */
    public static String key(List<CellRecord> cells) {
        RateUnit shared = RateUnit.shared(cells);
        return shared == null ? MIXED : shared.key();
    }

    /** The unit of {@code cells} in words: "TPS", "NOPM", or "rate" for both. */
    public static String word(Messages m, List<CellRecord> cells) {
        return m.get("unit." + key(cells));
    }

    /**
     * The unit of one workload's {@code cells} (a sweep, a history page): NOPM when any is TPROC-C's, else TPS.
     * A workload's cells share it; an older cell without samples (every start failed) must not make it TPS.
     */
    public static RateUnit ofWorkload(List<CellRecord> cells) {
        return ofUnits(cells.stream().map(RateUnit::of).toList());
    }

    /** As {@link #ofWorkload}, from the cells' units (a history page's, from the runs' digests). */
    public static RateUnit ofUnits(List<RateUnit> units) {
        return units.contains(RateUnit.NOPM) ? RateUnit.NOPM : RateUnit.TPS;
    }

    /** The unit in words: "TPS" or "NOPM". */
    public static String word(Messages m, RateUnit unit) {
        return m.get("unit." + unit.key());
    }

    /** The rows' cells. */
    public static List<CellRecord> cells(List<SummaryRow> rows) {
        return rows.stream().map(SummaryRow::cell).toList();
    }

    /**
     * A level as a table over {@code rows} shows it: as formatted when the rows share a unit (the head names
     * it), else with its own unit beside it ("33,360 NOPM"); without a {@code value} (a dash, "build failed")
     * as formatted.
     */
    public static String level(Messages m, List<SummaryRow> rows, SummaryRow row, Double value, String formatted) {
        return value == null || RateUnit.shared(cells(rows)) != null ? formatted
                : formatted + " " + word(m, RateUnit.of(row.cell()));
    }
}

package org.taf.runner.report.output;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import org.taf.runner.report.IterationNumbers;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.IterationRecord;
import org.taf.runner.results.RateUnit;
import org.taf.runner.results.RunRecord;
import org.taf.runner.results.SideRecord;
import org.taf.runner.stats.Role;

/**
 * {@code taf export --format csv}: one row per engine start (iteration) of every cell and side, failed and
 * excluded ones included and marked, for spreadsheets and notebooks. RFC 4180: a header row, CRLF line
 * ends, a field quoted when it holds a comma, a quote or a line break (quotes doubled). Numbers are
 * unrounded and without grouping ({@code 18123.5}); an absent one is an empty field.
 *
 * <p>Columns: {@code run_id, comparison, side, commit, workload, threads, iteration} (the side's iteration
 * from 1, as warnings name it), {@code start_order} (its place in the run's measurement order, from 1),
 * {@code tps} (the median of its per-interval rate: the value the verdict compares, TPS, or NOPM for a TPROC-C
 * cell), {@code cpu_us_per_tx} (the engine's CPU per transaction), {@code flags}, {@code included} (whether the
 * verdict counted it) and {@code excluded_because}. An export that holds a TPROC-C cell adds a last column,
 * {@code rate_unit} ({@code TPS} or {@code NOPM} per row, {@link RateUnit}): the column {@code tps} keeps its
 * name, and an export of sysbench cells alone stays as it was.
 */
public final class CsvExport {
    static final List<String> HEADER = List.of("run_id", "comparison", "side", "commit", "workload", "threads",
            "iteration", "start_order", "tps", "cpu_us_per_tx", "flags", "included", "excluded_because");
    /** The last column of an export that holds a TPROC-C cell: the unit of each row's {@code tps}. */
    static final String RATE_UNIT = "rate_unit";

    private CsvExport() {}

    /** The rows of {@code runs}, in run, comparison, plan and side order, then by iteration. */
    public static String render(List<RunRecord> runs) {
        StringBuilder out = new StringBuilder();
        boolean units = runs.stream().flatMap(r -> r.comparisons().stream()).flatMap(c -> c.cells().stream())
                .anyMatch(cell -> RateUnit.of(cell) != RateUnit.TPS);
        List<String> header = new ArrayList<>(HEADER);
        if (units) {
            header.add(RATE_UNIT);
        }
        row(header, out);
        for (RunRecord run : runs) {
            for (ComparisonRecord c : run.comparisons()) {
                for (CellRecord cell : c.cells()) {
                    side(run, c, cell, Role.PARENT, c.parent(), cell.parent(), units, out);
                    side(run, c, cell, Role.PATCH, c.patch(), cell.patch(), units, out);
                }
            }
        }
        return out.toString();
    }

    private static void side(RunRecord run, ComparisonRecord c, CellRecord cell, Role role, SideRecord side,
                             List<IterationRecord> its, boolean units, StringBuilder out) {
        String sha = side == null || side.commit() == null ? "" : side.commit().sha();
        for (IterationRecord it : its.stream().sorted(java.util.Comparator.comparingInt(IterationRecord::index))
                .toList()) {
            OptionalDouble tps = it.succeeded() ? IterationNumbers.medianRate(it) : OptionalDouble.empty();
            String why = CountedIterations.whyNot(cell, role, it);
            List<String> fields = new ArrayList<>(List.of(run.runId(), c.name(), role.label(), sha, cell.workload(),
                    Integer.toString(cell.threads()), Integer.toString(it.index() + 1),
                    Integer.toString(it.sequence() + 1),
                    tps.isPresent() ? number(tps.getAsDouble()) : "",
                    it.cpuUsPerTx() == null ? "" : number(it.cpuUsPerTx()),
                    String.join(" ", it.flags().stream().map(Enum::name).toList()), Boolean.toString(why == null),
                    why == null ? "" : why));
            if (units) {
                fields.add(RateUnit.of(cell).name());
            }
            row(fields, out);
        }
    }

    /** The shortest text that reads back as {@code v}, never in exponent notation. */
    static String number(double v) {
        return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }

    private static void row(List<String> fields, StringBuilder out) {
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            out.append(field(fields.get(i)));
        }
        out.append("\r\n");
    }

    /** A field as RFC 4180 writes it: quoted (quotes doubled) when it holds a comma, a quote or a line break. */
    static String field(String value) {
        if (value.indexOf(',') < 0 && value.indexOf('"') < 0 && value.indexOf('\n') < 0 && value.indexOf('\r') < 0) {
            return value;
        }
        return '"' + value.replace("\"", "\"\"") + '"';
    }
}

package org.taf.runner.report.output;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.taf.runner.report.IterationNumbers;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.IterationRecord;
import org.taf.runner.results.RateUnit;
import org.taf.runner.results.RunRecord;
import org.taf.runner.results.SideRecord;
import org.taf.runner.stats.CellVerdict;
import org.taf.runner.stats.Metric;
import org.taf.runner.stats.MetricVerdict;
import org.taf.runner.stats.Role;

/**
 * {@code taf export --format jmh-json}: the runs in the shape of JMH's {@code -rf json} result file, so
 * dashboards that read JMH read TAF: an array with one result per cell x side.
 *
 * <p>What maps: {@code benchmark} is {@code taf.<definition>.<workload>} (JMH's class.method; the
 * definition groups as a class does); {@code mode} "thrpt"; {@code threads} the client threads; a
 * <em>fork</em> is an engine start (both are a fresh process measured after its warm-up), so {@code forks}
 * counts the starts and {@code rawData} holds one array per start; {@code params} (strings, as JMH writes
 * them) name the comparison, the side and the commit; {@code primaryMetric.score} is the side's level the
 * verdict compared, in "ops/s" (one op is one transaction), or for a TPROC-C cell its NOPM in "ops/min" (one
 * op is one new order, {@link RateUnit}); the engine's CPU per transaction is a secondary metric in "us/op",
 * as a JMH profiler's would be.
 *
 * <p>What does not map, and how it is written:
 * <ul>
 *   <li>TAF's score is the geometric mean of the starts' median rate, not JMH's arithmetic mean of
 *       iterations; each start gives one value (its median over all its measured windows), so every
 *       {@code rawData} array holds one number and {@code measurementIterations} is 1.</li>
 *   <li>TAF judges the patch/parent ratio over A/B pairs, not each side alone: a side has no interval of
 *       its own, so {@code scoreError} and {@code scoreConfidence} are "NaN", as JMH writes them for a score
 *       without an error estimate. The ratio with its interval is the patch's secondary metric
 *       {@code ratio} (unit "patch/parent"; its {@code scoreError} is half the interval's width, the
 *       interval itself being asymmetric), with the per-pair ratios as its raw data.</li>
 *   <li>Only the starts the TPS verdict counted are forks; failed, unpaired and excluded starts are left
 *       out (the CSV export lists them, with why), and a cell with no TPS comparison (a failed build) has
 *       no result, as JMH writes none for a benchmark that failed.</li>
 *   <li>JMH's warm-up fields ({@code warmupIterations}, {@code warmupTime}, ...), {@code measurementTime},
 *       {@code scorePercentiles} and the JVM fields are not written: TAF warms up until the engine's CPU
 *       settles rather than for a count, and percentiles of a handful of starts would be noise.</li>
 * </ul>
 */
public final class JmhExport {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    /** How JMH writes a number that is not one (a score without an error estimate). */
    private static final String NAN = "NaN";

    private JmhExport() {}

    /** The JMH result array of {@code runs}, ending in a newline. */
    public static String render(List<RunRecord> runs) {
        ArrayNode out = JSON.createArrayNode();
        for (RunRecord run : runs) {
            for (ComparisonRecord c : run.comparisons()) {
                for (CellRecord cell : c.cells()) {
                    result(run, c, cell, Role.PARENT, c.parent(), out);
                    result(run, c, cell, Role.PATCH, c.patch(), out);
                }
            }
        }
        try {
            return JSON.writeValueAsString(out) + "\n";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("cannot serialize the JMH results", e);
        }
    }

    private static void result(RunRecord run, ComparisonRecord c, CellRecord cell, Role role, SideRecord side,
                               ArrayNode out) {
        CellVerdict v = cell.verdict();
        List<IterationRecord> starts = CountedIterations.counted(cell, role);
        if (v == null || v.tps() == null || starts.isEmpty()) {
            return;
        }
        ObjectNode r = out.addObject();
        r.put("benchmark", "taf." + run.name() + "." + cell.workload());
        r.put("mode", "thrpt");
        r.put("threads", cell.threads());
        r.put("forks", starts.size());
        r.put("measurementIterations", 1);
        ObjectNode params = r.putObject("params");
        params.put("comparison", c.name());
        params.put("side", role.label());
        params.put("commit", side == null || side.commit() == null ? "" : side.commit().sha());
        double level = role == Role.PARENT ? v.tps().parent() : v.tps().patch();
        metric(r.putObject("primaryMetric"), level, null, null, unit(cell), starts.stream()
                .map(it -> IterationNumbers.medianRate(it).orElseThrow()).toList());
        ObjectNode secondary = r.putObject("secondaryMetrics");
        MetricVerdict cpu = v.metric(Metric.CPU_PER_TX);
        List<Double> cpuRaw = starts.stream().map(IterationRecord::cpuUsPerTx).filter(java.util.Objects::nonNull)
                .toList();
        if (cpu != null && !cpuRaw.isEmpty()) {
            metric(secondary.putObject("cpu_us_per_tx"), role == Role.PARENT ? cpu.parent() : cpu.patch(), null, null,
                    "us/op", cpuRaw);
        }
        if (role == Role.PATCH) {
            List<Double> ratios = starts.stream().map(it -> IterationNumbers.medianRate(it).orElseThrow()
                    / IterationNumbers.medianRate(pairOf(cell, it)).orElseThrow()).toList();
            metric(secondary.putObject("ratio"), v.tps().ratio(), v.tps().ciLow(), v.tps().ciHigh(), "patch/parent",
                    ratios);
        }
    }

    /** JMH's throughput unit of the cell's rate: transactions per second, or TPROC-C's new orders per minute. */
    static String unit(CellRecord cell) {
        return RateUnit.of(cell) == RateUnit.NOPM ? "ops/min" : "ops/s";
    }

    private static IterationRecord pairOf(CellRecord cell, IterationRecord patch) {
        return cell.parent().stream().filter(p -> p.index() == patch.index()).findFirst().orElseThrow();
    }

    /** A JMH metric: score, error and confidence (NaN without an interval), unit, one raw array per fork. */
    private static void metric(ObjectNode m, double score, Double low, Double high, String unit, List<Double> raw) {
        m.put("score", score);
        if (low == null || high == null) {
            m.put("scoreError", NAN);
            m.putArray("scoreConfidence").add(NAN).add(NAN);
        } else {
            m.put("scoreError", (high - low) / 2);
            m.putArray("scoreConfidence").add(low).add(high);
        }
        m.put("scoreUnit", unit);
        ArrayNode forks = m.putArray("rawData");
        raw.forEach(x -> forks.addArray().add(x));
    }
}

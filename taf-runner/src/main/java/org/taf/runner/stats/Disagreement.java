package org.taf.runner.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the metrics say beside the verdict: a metric that moved but does not decide it (not in
 * {@code verdict.metrics}), and what the metrics say together that each alone does not: TPS changed but
 * CPU per transaction did not (the difference is waiting, not computing), CPU per transaction changed
 * where TPS shows nothing, or the two moved the way that points at waits. One sentence per finding.
 */
final class Disagreement {
    private Disagreement() {}

    static List<String> notes(List<MetricVerdict> metrics, StatsOptions o) {
        MetricVerdict tps = find(metrics, Metric.TPS);
        MetricVerdict cpu = find(metrics, Metric.CPU_PER_TX);
        List<String> out = new ArrayList<>();
        for (MetricVerdict m : metrics) {
            if (!m.gates() && (m.change() == Change.WORSE || m.change() == Change.BETTER)) {
                out.add(String.format(Locale.ROOT, "%s moved (%s, %+.2f%%, interval [%.4f, %.4f]) but does not decide"
                        + " the verdict (not in verdict.metrics)", m.metric().label(), m.change() == Change.WORSE
                        ? "worse" : "better", m.changePct(), m.ciLow(), m.ciHigh()));
            }
        }
        if (tps == null || cpu == null) {
            return out;
        }
        boolean tpsMoved = tps.change() == Change.WORSE || tps.change() == Change.BETTER;
        boolean cpuMoved = cpu.change() == Change.WORSE || cpu.change() == Change.BETTER;
        String cpuText = String.format(Locale.ROOT, "CPU per transaction %.2f -> %.2f us (%+.1f%%%s)", cpu.parent(),
                cpu.patch(), cpu.changePct(), cpu.ciLow() == null ? "" : String.format(Locale.ROOT,
                        ", interval [%.3f, %.3f]", cpu.ciLow(), cpu.ciHigh()));
        if (tpsMoved && cpu.change() == Change.SAME) {
            out.add("TPS is " + word(tps.change()) + " but " + cpuText + " is unchanged within +-"
                    + DetectableEffect.trim(o.warningPct()) + "%: the difference is not CPU work per transaction in the"
                    + " engine; look at waits (locks, latches, I/O), the client side or host noise");
        } else if (cpuMoved && !tpsMoved) {
            boolean more = cpu.change() == Change.WORSE;
            out.add(cpuText + " is " + (more ? "higher" : "lower") + " while TPS is "
                    + (tps.change() == Change.SAME ? "unchanged" : "undecided") + ": the engine does "
                    + (more ? "more" : "less") + " work per transaction that TPS "
                    + (tps.change() == Change.SAME ? "does not show (CPU may not be the bottleneck here)"
                    : "could not yet confirm"));
        } else if (tps.change() == Change.WORSE && cpu.change() == Change.BETTER) {
            out.add("TPS is worse while " + cpuText + " is lower: fewer transactions with less CPU each points at"
                    + " waiting, not computing");
        }
        return out;
    }

    private static MetricVerdict find(List<MetricVerdict> ms, Metric m) {
        return ms.stream().filter(v -> v.metric() == m).findFirst().orElse(null);
    }

    private static String word(Change c) {
        return c == Change.WORSE ? "worse" : "better";
    }
}

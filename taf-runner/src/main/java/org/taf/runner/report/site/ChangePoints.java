package org.taf.runner.report.site;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.taf.runner.results.RunRecord;

/**
 * The change points of every history series of some runs, as data rather than pages: what {@code taf
 * changes} prints and the nightly job bisects. The same series, segments and search as the site's
 * history and Regressions pages ({@link HistorySeries}, {@link SeriesChange}), so the two never disagree.
 */
public final class ChangePoints {
    /** The columns of {@link ChangePoint#tsv()}, in order; the first line of {@code taf changes --format tsv}. */
    public static final String TSV_HEADER = "definition\tgood\tbad\tworkload\tthreads\tcomparison\tratio\tp_value"
            + "\tbefore_run\tafter_run\tat_drift\tmetric";

    private ChangePoints() {}

    /**
     * One change point.
     *
     * @param definition  the definition file of the first run after the change (what a bisect runs)
     * @param workload    the series' workload
     * @param threads     its threads
     * @param comparison  its comparison label
     * @param machine     its machine
     * @param good        full sha of the patch of the last run before the change
     * @param bad         full sha of the patch of the first run after it
     * @param beforeRunId that run before
     * @param afterRunId  that run after
     * @param ratio       the stepped value's mean after / before: TPS, or its ratio to the baseline, or the ratio
     *                    of CPU per transaction ({@code metric})
     * @param pValue      the permutation test's p-value
     * @param regression  whether the engine got slower: TPS fell, or CPU per transaction rose
     * @param atDrift     before and after lie in different segments (only when segments are joined)
     * @param metric      what stepped, as properties name it: {@code tps} or {@code cpu_per_tx}
     */
    public record ChangePoint(String definition, String workload, int threads, String comparison, String machine,
                              String good, String bad, String beforeRunId, String afterRunId, double ratio,
                              double pValue, boolean regression, boolean atDrift, String metric) {
        /** One line of {@link #TSV_HEADER}'s columns, for scripts (the nightly job bisects from them). */
        public String tsv() {
            return String.join("\t", definition, good, bad, workload, Integer.toString(threads), comparison,
                    String.format(Locale.ROOT, "%.4f", ratio), String.format(Locale.ROOT, "%.4g", pValue),
                    beforeRunId, afterRunId, Boolean.toString(atDrift), metric);
        }

        /** Two lines for people: what changed where, and the {@code taf bisect} that finds the commit. */
        public String text() {
            return String.format(Locale.ROOT, "%s %s@%d (%s) on %s: %s %+.1f%% between %s and %s"
                            + " (p %.3g; runs %s -> %s)%s%n  taf bisect --good %s --bad %s %s",
                    regression ? "regression" : "improvement", workload, threads, comparison, machine, metric,
                    (ratio - 1) * 100, shortSha(good), shortSha(bad), pValue, beforeRunId, afterRunId,
                    atDrift ? "; at an environment change" : "", good, bad, definition);
        }

        private static String shortSha(String sha) {
            return sha.length() > 12 ? sha.substring(0, 12) : sha;
        }
    }

    /** Every change point of {@code runs} within segments (the environment-drift refusal). */
    public static List<ChangePoint> find(List<RunRecord> runs) {
        return find(runs, false);
    }

    /**
     * Every change point of {@code runs}, series by series (in key order), oldest first within one.
     *
     * @param joinSegments search across environment changes too, as {@link SitePublisher#joiningSegments()}
     */
    public static List<ChangePoint> find(List<RunRecord> runs, boolean joinSegments) {
        List<ChangePoint> out = new ArrayList<>();
        for (HistorySeries s : HistorySeries.of(runs, joinSegments)) {
            for (SeriesChange c : s.changes()) {
                HistorySeries.Point before = s.points().get(c.before());
                HistorySeries.Point after = s.points().get(c.after());
                out.add(new ChangePoint(after.run().definitionFile(), s.key().workload(), s.key().threads(),
                        s.key().comparison(), s.key().machine(), sha(before.comparison().patch()),
                        sha(after.comparison().patch()), before.run().runId(), after.run().runId(), c.ratio(),
                        c.pValue(), c.regression(), c.atDrift(), c.metric().label()));
            }
        }
        return out;
    }

    private static String sha(RunDigest.Side side) {
        return side == null ? "" : side.sha();
    }
}

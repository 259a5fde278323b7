package org.taf.runner.report.site;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.taf.runner.report.Messages;
import org.taf.runner.report.site.HistoryFixtures.Night;

/**
 * Benchmark driver (not a test) for docs/benchmarks/history-render.sh: one series of N synthetic nights
 * (default 1,000; POINT_SELECT, 1% noise, a 10% drop at N/2, a kernel upgrade at 3N/4), grouped into
 * series with their change points searched, then its history page built and rendered, each timed
 * separately, best of {@code rounds} after one warm-up round. Prints
 * {@code RESULT nights series-and-change-points-ms view-ms render-ms bytes change-points}.
 *
 * <pre>java -cp ... org.taf.runner.report.site.HistoryRenderBenchmark [nights] [rounds]</pre>
 */
public final class HistoryRenderBenchmark {
    private HistoryRenderBenchmark() {}

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        List<Night> where = new ArrayList<>(HistoryFixtures.all(3 * n / 4, Night.base()));
        where.addAll(HistoryFixtures.all(n - 3 * n / 4, Night.base().kernel("6.1.0-21-amd64")));
        Messages m = Messages.english();
        // The runs' digests, as a publish keeps them in the site: made once, untimed.
        List<RunDigest> runs = RunDigest.of(HistoryFixtures.nights(HistoryFixtures.step(42, n, 60_000, 0.01, n / 2,
                0.90), where), m);
        Templates templates = new Templates(m);
        long bestSeries = Long.MAX_VALUE;
        long bestView = Long.MAX_VALUE;
        long bestRender = Long.MAX_VALUE;
        int bytes = 0;
        int changes = 0;
        for (int r = 0; r <= rounds; r++) {
            long t0 = System.nanoTime();
            List<HistorySeries> series = HistorySeries.fromDigests(runs, false, ChangePointCache.empty());
            long t1 = System.nanoTime();
            HistoryView view = HistoryViewBuilder.fromDigests("POINT_SELECT", runs, series, m);
            long t2 = System.nanoTime();
            String html = templates.render("history.ftlh", view);
            long t3 = System.nanoTime();
            if (r > 0) { // round 0 warms the JIT and the templates
                bestSeries = Math.min(bestSeries, t1 - t0);
                bestView = Math.min(bestView, t2 - t1);
                bestRender = Math.min(bestRender, t3 - t2);
            }
            bytes = html.length();
            changes = series.stream().mapToInt(s -> s.changes().size()).sum();
        }
        System.out.printf(Locale.ROOT, "RESULT %d %.1f %.1f %.1f %d %d%n", n, bestSeries / 1e6, bestView / 1e6,
                bestRender / 1e6, bytes, changes);
    }
}

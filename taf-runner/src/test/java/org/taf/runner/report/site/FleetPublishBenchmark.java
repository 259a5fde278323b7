package org.taf.runner.report.site;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.taf.runner.cli.Main;
import org.taf.runner.config.LoadContext;
import org.taf.runner.db.ResultsDb;
import org.taf.runner.report.Messages;
import org.taf.runner.report.site.HistoryFixtures.Night;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.ResultsFixtures;
import org.taf.runner.results.RunRecord;
import org.taf.runner.stats.CellKey;
import org.taf.runner.stats.CellVerdict;
import org.taf.runner.stats.Metric;
import org.taf.runner.stats.MetricVerdict;
import org.taf.runner.workload.MariaDbServer;

/**
 * Benchmark driver (not a test; run by {@code docs/benchmarks/fleet-publish.sh}): a fleet's year of nightly runs
 * in the results database, then {@code taf publish --from-db} three ways. A night is one run per host of
 * {@code cells} cells (5 workloads x threads 1..32), so 5 hosts x 30 cells x 365 nights is 54,750 cell-runs. Each
 * series' patch TPS is noise around a level, with one 8% step at night 200 on one host.
 *
 * <ol>
 * <li>the first publish: every post, history page and change-point search (an empty site);</li>
 * <li>a nightly publish: the next night's runs (hosts x cells cell-runs, 150 by default) added to the database,
 *     then {@code taf publish --from-db} again: only what they change is rendered;</li>
 * <li>a history page of one series of {@code nights} points (series, change points, view, template), and the
 *     page of one workload across the fleet from the runs' digests (as a publish makes it), its change points
 *     searched and then from the cache.</li>
 * </ol>
 * Prints a Markdown table of seconds. Arguments {@code key=value}: {@code dir} (a new directory: database and
 * site; required), {@code url} (an SQLite URL, {@code mariadb} to start a mariadbd of the test's kind and use a
 * new database on it, or a MariaDB URL; default an SQLite file in dir), {@code hosts} (5), {@code cells} (30, a
 * multiple of 5, at most 30), {@code nights} (365).
 */
public final class FleetPublishBenchmark {
    private static final List<String> WORKLOADS = List.of("POINT_SELECT", "OLTP_RO", "OLTP_RW", "UPDATE_KEY",
            "INSERT");
    private static final int[] THREADS = {1, 2, 4, 8, 16, 32};

    private FleetPublishBenchmark() {}

    public static void main(String[] args) throws Exception {
        Map<String, String> a = new HashMap<>();
        for (String arg : args) {
            int eq = arg.indexOf('=');
            a.put(arg.substring(0, eq), arg.substring(eq + 1));
        }
        Path dir = Files.createDirectories(Path.of(a.get("dir")).toAbsolutePath());
        int hosts = Integer.parseInt(a.getOrDefault("hosts", "5"));
        int cells = Integer.parseInt(a.getOrDefault("cells", "30"));
        int nights = Integer.parseInt(a.getOrDefault("nights", "365"));
        String url = a.getOrDefault("url", "jdbc:sqlite:" + dir.resolve("results.db"));
        MariaDbServer server = null;
        if (url.equals("mariadb")) {
            server = MariaDbServer.start();
            String root = "jdbc:mariadb://127.0.0.1:" + server.port() + "/?user=root";
            try (Connection c = DriverManager.getConnection(root); Statement s = c.createStatement()) {
                s.executeUpdate("CREATE DATABASE taf_fleet");
            }
            url = "jdbc:mariadb://127.0.0.1:" + server.port() + "/taf_fleet?user=root";
        }
        try {
            run(dir, url, hosts, cells, nights);
        } finally {
            if (server != null) {
                server.close();
            }
        }
    }

    private static void run(Path dir, String url, int hosts, int cells, int nights) throws Exception {
        ResultsDb db = ResultsDb.open(url);
        long t0 = System.nanoTime();
        for (int n = 0; n < nights; n++) {
            for (RunRecord r : night(n, hosts, cells)) {
                db.write(r);
            }
        }
        double load = seconds(t0);
        Path site = dir.resolve("site");
        LoadContext ctx = new LoadContext(dir, Map.of(), Path.of(System.getProperty("java.home")), dir);
        String[] publish = {"publish", "--from-db", "-Dresults.db.url=" + url, "-Doutput.site_dir=" + site};
        System.out.printf(Locale.ROOT, "| step (%d hosts x %d cells x %d nights = %,d cell-runs, %s) | seconds |%n"
                + "|---|--:|%n", hosts, cells, nights, hosts * cells * nights, url.split(":")[1]);
        row("loading the database (not a target)", load);
        row("first publish --from-db (an empty site)", time(() -> taf(ctx, publish)));
        for (RunRecord r : night(nights, hosts, cells)) {
            db.write(r);
        }
        row("nightly publish --from-db (" + hosts * cells + " new cell-runs)", time(() -> taf(ctx, publish)));

        // One series of `nights` points, as docs/benchmarks/history-render.sh measures 1,000.
        Messages m = Messages.english();
        List<RunDigest> series = RunDigest.of(HistoryFixtures.nights(HistoryFixtures.step(42, nights, 60_000, 0.01,
                nights / 2, 0.90), HistoryFixtures.all(nights, Night.base())), m);
        Templates templates = new Templates(m);
        for (int round = 0; round < 2; round++) { // the first warms the JIT and the templates
            long h0 = System.nanoTime();
            List<HistorySeries> s = HistorySeries.fromDigests(series, false, ChangePointCache.empty());
            templates.render("history.ftlh", HistoryViewBuilder.fromDigests("POINT_SELECT", series, s, m));
            if (round == 1) {
                row("history page, one series of " + nights + " points", seconds(h0));
            }
        }
        // As a publish makes it: from the runs' digests, which the site keeps (made here, untimed).
        List<RunDigest> fleet = RunDigest.of(db.readAll(), m);
        ChangePointCache cache = ChangePointCache.empty();
        for (String pass : List.of("change points searched", "change points from the cache")) {
            long h0 = System.nanoTime();
            List<HistorySeries> s = HistorySeries.fromDigests(fleet, false, cache);
            templates.render("history.ftlh", HistoryViewBuilder.fromDigests(WORKLOADS.get(0), fleet, s, m));
            row("history page of " + WORKLOADS.get(0) + " across the fleet, " + pass, seconds(h0));
        }
        System.err.println("fleet-publish: database " + url + ", site " + site);
    }

    /** The runs of night {@code n}: one per host, each of {@code cells} cells. */
    static List<RunRecord> night(int n, int hosts, int cells) {
        List<RunRecord> out = new ArrayList<>();
        for (int h = 0; h < hosts; h++) {
            RunRecord base = HistoryFixtures.night(n, 60_000, Night.base().host("bench-" + (h + 1),
                    "Example CPU @ 2.10GHz"));
            ComparisonRecord c = base.comparisons().get(0);
            CellRecord cell = c.cells().get(0);
            SplittableRandom rnd = new SplittableRandom(31L * n + h);
            List<CellRecord> all = new ArrayList<>();
            for (int i = 0; i < cells; i++) {
                double level = 20_000 * (1 + i % THREADS.length) * (h == 0 && n >= 200 && i == 0 ? 0.92 : 1);
                double tps = level * (1 + 0.01 * rnd.nextGaussian());
                String workload = WORKLOADS.get(i / THREADS.length);
                int threads = THREADS[i % THREADS.length];
                all.add(new CellRecord(workload, threads, cell.parent(), cell.patch(), cell.mode(), cell.windows(),
                        verdict(cell.verdict(), new CellKey(workload, threads), tps), cell.flames()));
            }
            ComparisonRecord comparison = new ComparisonRecord(c.name(), c.label(), c.parent(), c.patch(), all);
            out.add(ResultsFixtures.copy(base, base.runId() + "-h" + (h + 1), base.name(),
                    base.startedAt().plusSeconds(60L * h), base.finishedAt().plusSeconds(60L * h), base.status(),
                    null, List.of(comparison), base.warnings()));
        }
        return out;
    }

    /** The fixture's verdict for {@code cell} (a record holds only its own cell's verdict), at {@code patchTps}. */
    private static CellVerdict verdict(CellVerdict v, CellKey cell, double patchTps) {
        double parentTps = patchTps / 1.01;
        List<MetricVerdict> metrics = new ArrayList<>();
        for (MetricVerdict r : v.metrics()) {
            metrics.add(r.metric() != Metric.TPS ? r : new MetricVerdict(Metric.TPS, parentTps, patchTps,
                    patchTps / parentTps, r.ciLow(), r.ciHigh(), r.confidence(), r.pValue(), r.pAdjusted(), r.pairs(),
                    r.sdLog(), r.change(), r.gates(), r.equivalence()));
        }
        return new CellVerdict(cell, v.verdict(), v.reason(), metrics, v.classic(), v.measuredPairs(), v.level(),
                v.stopReason(), v.mde(), v.components(), v.excluded(), v.exclusionRule(), v.warnings(), v.findings(),
                v.counters());
    }

    private interface Step {
        void run() throws Exception;
    }

    private static double time(Step step) throws Exception {
        long t0 = System.nanoTime();
        step.run();
        return seconds(t0);
    }

    private static double seconds(long t0) {
        return (System.nanoTime() - t0) / 1e9;
    }

    private static void row(String step, double seconds) {
        System.out.printf(Locale.ROOT, "| %s | %.2f |%n", step, seconds);
    }

    private static void taf(LoadContext ctx, String... args) {
        StringWriter err = new StringWriter();
        var cl = Main.commandLine(ctx);
        cl.setOut(new PrintWriter(new StringWriter(), true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute(args);
        if (code != 0) {
            throw new IllegalStateException("taf " + String.join(" ", args) + " exited " + code + ": " + err);
        }
    }
}

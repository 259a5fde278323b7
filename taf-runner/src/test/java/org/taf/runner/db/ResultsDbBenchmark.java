package org.taf.runner.db;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.taf.runner.cli.Main;
import org.taf.runner.config.LoadContext;
import org.taf.runner.results.ResultsStore;
import org.taf.runner.results.RunRecord;

/**
 * Benchmark (not a test; run by {@code docs/benchmarks/results-db.sh}): how long {@code taf import},
 * reading every run back, and {@code taf publish} (from the database and from the files) take for N
 * synthetic runs, copies of a committed run one hour apart. Prints a Markdown table.
 *
 * <p>Arguments {@code key=value}: {@code runs} (default 1000), {@code url} (default an SQLite file in
 * {@code dir}), {@code dir} (a new directory for the results, the database and the sites; required).
 */
public final class ResultsDbBenchmark {
    private static final DateTimeFormatter RUN_ID =
            DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT).withZone(ZoneOffset.UTC);

    private ResultsDbBenchmark() {}

    public static void main(String[] args) throws Exception {
        Map<String, String> a = new HashMap<>();
        for (String arg : args) {
            int eq = arg.indexOf('=');
            a.put(arg.substring(0, eq), arg.substring(eq + 1));
        }
        int n = Integer.parseInt(a.getOrDefault("runs", "1000"));
        Path dir = Path.of(a.get("dir")).toAbsolutePath();
        String url = a.getOrDefault("url", "jdbc:sqlite:" + dir.resolve("results.db"));
        RunRecord template = CommittedRuns.records().get(1);
        Path results = dir.resolve("results");
        for (int i = 0; i < n; i++) {
            var start = template.startedAt().plus(Duration.ofHours(i));
            String id = RUN_ID.format(start) + "-synthetic" + i; // yyyyMMdd-HHmmss-<name>, as runs are named
            RunRecord r = new RunRecord(template.formatVersion(), id, template.name(), template.comments(), start,
                    start.plus(Duration.between(template.startedAt(), template.finishedAt())), template.status(),
                    template.failure(), template.runnerVersion(), template.definition(), template.environment(),
                    template.comparisons(), template.warnings(), template.plannedMde(), template.adaptive(),
                    template.judgement());
            ResultsStore.write(Files.createDirectories(results.resolve(id)), r);
        }
        LoadContext ctx = new LoadContext(dir, Map.of(), Path.of(System.getProperty("java.home")), dir);
        String db = "-Dresults.db.url=" + url;
        System.out.printf(Locale.ROOT, "| step (%d runs) | seconds |%n|---|--:|%n", n);
        time("taf import (into an empty database)", () -> taf(ctx, "import", results.toString(), db));
        time("taf import again (every run replaced)", () -> taf(ctx, "import", results.toString(), db));
        time("readAll()", () -> {
            List<RunRecord> runs = ResultsDb.open(url).readAll();
            if (runs.size() != n) {
                throw new IllegalStateException("read " + runs.size() + " runs, wrote " + n);
            }
        });
        time("taf publish --from-db", () -> taf(ctx, "publish", "--from-db", db, "-Doutput.site_dir=site-db"));
        time("taf publish (from results.json files)", () -> taf(ctx, "publish", "-Doutput.results_dir=results",
                "-Doutput.site_dir=site-files"));
    }

    private interface Step {
        void run() throws Exception;
    }

    private static void time(String what, Step step) throws Exception {
        long t0 = System.nanoTime();
        step.run();
        System.out.printf(Locale.ROOT, "| %s | %.2f |%n", what, (System.nanoTime() - t0) / 1e9);
    }

    private static void taf(LoadContext ctx, String... args) throws IOException {
        // taf's own lines (a line per published post) go to taf.log, so that stdout is the table alone.
        var cl = Main.commandLine(ctx);
        cl.setOut(new PrintWriter(Files.newBufferedWriter(ctx.workDir().resolve("taf.log"), StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND), true));
        int code = cl.execute(args);
        cl.getOut().close();
        if (code != 0) {
            throw new IllegalStateException("taf " + String.join(" ", args) + " exited " + code);
        }
    }
}

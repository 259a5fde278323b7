package org.taf.runner.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.taf.runner.ExitCode;
import org.taf.runner.config.Keys;
import org.taf.runner.config.LoadContext;
import org.taf.runner.db.ResultsDb;
import org.taf.runner.report.ReportException;
import org.taf.runner.report.RunFinder;
import org.taf.runner.report.site.ChangePoints;
import org.taf.runner.report.site.ChangePoints.ChangePoint;
import org.taf.runner.results.RunRecord;
import org.taf.runner.run.ResultsDbs;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code taf changes [--from-db | RESULTS...] [--new-in RUN_ID]... [--regressions] [--format text|tsv]}: the
 * change points of the history series, as the site's Regressions page finds them, one per line; {@code tsv}
 * for scripts (the nightly job bisects each new regression: the columns are what {@code taf bisect} needs).
 */
@Command(name = "changes", mixinStandardHelpOptions = true,
        description = "List the change points of the history series (the site's Regressions page) as text or TSV.")
final class ChangesCommand implements Callable<Integer> {
    private static final String RESULTS_DIR = "output.results_dir";
    private final LoadContext context;

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "RESULTS", arity = "0..*",
            description = "results.json files or run directories (default: every run under output.results_dir)")
    List<Path> results = new ArrayList<>();

    @Option(names = "--from-db", description = "read every run in the results database (results.db.url)")
    boolean fromDb;

    @Option(names = "--new-in", paramLabel = "RUN_ID", split = ",",
            description = "only change points whose first run after the change is one of these (repeatable)")
    List<String> newIn = new ArrayList<>();

    @Option(names = "--regressions",
            description = "only the change points where the engine got slower (TPS fell or CPU per transaction rose)")
    boolean regressionsOnly;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text", description = "text or tsv")
    String format;

    @Option(names = "--join-segments",
            description = "search across environment changes too (as taf publish --join-segments); such a change"
                    + " is marked at_drift")
    boolean joinSegments;

    @Option(
            names = "-D",
            paramLabel = "KEY=VALUE",
            description =
                    "output.results_dir=DIR (default results), results.db.url and results.db.password (with --from-db)")
    Map<String, String> overrides = new LinkedHashMap<>();

    ChangesCommand(LoadContext context) {
        this.context = context;
    }

    @Override
    public Integer call() {
        if (!format.equals("text") && !format.equals("tsv")) {
            throw new ReportException("changes: --format " + format + " is not text or tsv");
        }
        LoadContext.refuseOtherKeys("changes", overrides,
                List.of(RESULTS_DIR, Keys.RESULTS_DB_URL.name(), Keys.RESULTS_DB_PASSWORD.name()));
        List<ChangePoint> found = ChangePoints.find(runs(), joinSegments).stream()
                .filter(c -> newIn.isEmpty() || newIn.contains(c.afterRunId()))
                .filter(c -> !regressionsOnly || c.regression())
                .toList();
        PrintWriter out = spec.commandLine().getOut();
        if (format.equals("tsv")) {
            out.println(ChangePoints.TSV_HEADER);
            found.forEach(c -> out.println(c.tsv()));
        } else if (found.isEmpty()) {
            out.println("no change point");
        } else {
            found.forEach(c -> out.println(c.text()));
        }
        out.flush();
        return ExitCode.PASS.code();
    }

    private List<RunRecord> runs() {
        if (fromDb) {
            if (!results.isEmpty()) {
                throw new ReportException(
                        "changes: --from-db reads every run in the database; name no RESULTS with it");
            }
            ResultsDb db = ResultsDbs.open(context, overrides).orElseThrow(() -> new ReportException(
                    "changes --from-db: " + Keys.RESULTS_DB_URL.name() + " is none: there is no results database"));
            return db.readAll();
        }
        return results.isEmpty() ? RunFinder.findAll(context.dirSetting(RESULTS_DIR, overrides, "results"))
                : RunFinder.read(results.stream().map(p -> context.workDir().resolve(p)).toList());
    }
}

package org.taf.runner.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.taf.runner.ExitCode;
import org.taf.runner.config.ConfigException;
import org.taf.runner.config.Keys;
import org.taf.runner.config.LoadContext;
import org.taf.runner.db.ResultsDb;
import org.taf.runner.report.RunFinder;
import org.taf.runner.results.ResultsException;
import org.taf.runner.results.ResultsStore;
import org.taf.runner.results.RunRecord;
import org.taf.runner.run.ResultsDbs;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code taf import RESULTS...}: loads results files into the results database ({@code results.db.url}),
 * each run replacing a stored run of the same id, so importing twice changes nothing. For runs whose final
 * write failed, for results made elsewhere, and to move the embedded database's runs to a shared one.
 */
@Command(name = "import", mixinStandardHelpOptions = true,
        description = "Load results.json files, run directories or results directories into the results database"
                + " (results.db.url); a run already there is replaced.")
final class ImportCommand implements Callable<Integer> {
    private final LoadContext context;

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "RESULTS", arity = "1..*",
            description = "results.json files, run directories, or results directories (<dir>/<run-id>/results.json)")
    List<Path> results = new ArrayList<>();

    @Option(
            names = "-D",
            paramLabel = "KEY=VALUE",
            description =
                    "results.db.url=URL (default jdbc:sqlite:~/.local/share/taf/results.db; TAF_RESULTS_DB_URL wins)")
    Map<String, String> overrides = new LinkedHashMap<>();

    ImportCommand(LoadContext context) {
        this.context = context;
    }

    @Override
    public Integer call() {
        for (String key : overrides.keySet()) {
            if (!key.equals(Keys.RESULTS_DB_URL.name()) && !key.equals(Keys.RESULTS_DB_PASSWORD.name())) {
                throw new ConfigException("-D" + key + ": import reads only " + Keys.RESULTS_DB_URL.name() + " and "
                        + Keys.RESULTS_DB_PASSWORD.name());
            }
        }
        // Every file is read before the database is opened: a bad file stores nothing and needs no database.
        List<Path> files = new ArrayList<>();
        for (Path p : results) {
            files.addAll(resultsFiles(context.workDir().resolve(p).normalize()));
        }
        List<RunRecord> runs = RunFinder.read(files);
        ResultsDb db = ResultsDbs.open(context, overrides).orElseThrow(() -> new ConfigException(
                Keys.RESULTS_DB_URL.name() + " is none: there is no results database to import into"));
        int added = 0;
        for (RunRecord run : runs) {
            if (db.write(run) == ResultsDb.Stored.NEW) {
                added++;
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        out.println("imported " + runs.size() + (runs.size() == 1 ? " run" : " runs") + " into " + db.displayUrl()
                + ": " + added + " new, " + (runs.size() - added) + " replaced");
        out.flush();
        return ExitCode.PASS.code();
    }

    /** A results file, a run directory's file, or every {@code <run-id>/results.json} of a results directory. */
    private static List<Path> resultsFiles(Path p) {
        if (!Files.isDirectory(p)) {
            return List.of(p); // a missing file is reported by the reader, naming it
        }
        if (Files.isRegularFile(p.resolve(ResultsStore.FILE_NAME))) {
            return List.of(p.resolve(ResultsStore.FILE_NAME));
        }
        try (Stream<Path> dirs = Files.list(p)) {
            List<Path> files = dirs.map(d -> d.resolve(ResultsStore.FILE_NAME)).filter(Files::isRegularFile).sorted()
                    .toList();
            if (files.isEmpty()) {
                throw new ResultsException("no results in " + p + " (expected results.json or <run-id>/"
                        + ResultsStore.FILE_NAME + ")");
            }
            return files;
        } catch (IOException e) {
            throw new ResultsException("cannot list " + p + ": " + e.getMessage(), e);
        }
    }
}

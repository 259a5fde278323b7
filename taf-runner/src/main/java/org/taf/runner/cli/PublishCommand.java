package org.taf.runner.cli;

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
import org.taf.runner.report.site.RunStore;
import org.taf.runner.report.site.SitePublisher;
import org.taf.runner.results.RunRecord;
import org.taf.runner.run.ResultsDbs;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code taf publish [--page FILE]... [--from-db | RESULTS...]}: adds runs to the site from results JSON alone
 * (or every run in the results database, {@code --from-db}): their posts, and the index, workload
 * histories, feed and data rebuilt over them and the runs the site already holds (so publishing a run
 * of a local site, {@code taf publish results/<run-id>}, keeps the site's other posts on its index), and
 * the Markdown pages kept in it ({@code --page} adds or replaces one). Reads {@code output.site_dir} and {@code
 * output.results_dir}
 * from {@code -D} or {@code TAF_OUTPUT_*} (the environment wins, as everywhere in TAF).
 */
@Command(name = "publish", mixinStandardHelpOptions = true,
        description = "Add runs to the site (posts, index, workload history, Atom feed, data) from results JSON,"
                + " keeping the runs it holds and the Markdown pages kept in it.")
final class PublishCommand implements Callable<Integer> {
    private static final String SITE_DIR = "output.site_dir";
    private static final String RESULTS_DIR = "output.results_dir";
    private final LoadContext context;

    @Spec
    CommandSpec spec;

    @Parameters(
            paramLabel = "RESULTS",
            arity = "0..*",
            description =
                    "results.json files or run directories (default: every completed run under output.results_dir;"
                            + " an interrupted or failed run is published only when named)")
    List<Path> results = new ArrayList<>();

    @Option(names = "--page", paramLabel = "FILE",
            description = "a Markdown page (a study, a note) to keep in the site and link from the index;"
                    + " it starts with a '# title' line (repeatable)")
    List<Path> pages = new ArrayList<>();

    @Option(names = "--from-db",
            description = "render from every run in the results database (results.db.url) instead of results JSON")
    boolean fromDb;

    @Option(names = "--join-segments",
            description = "search history change points across environment changes (host, kernel, JVM, runner"
                    + " release) too; a change found at one is marked so (default: within a segment only)")
    boolean joinSegments;

    @Option(names = "-D", paramLabel = "KEY=VALUE",
            description = "output.site_dir=DIR (default site), output.results_dir=DIR (default results),"
                    + " results.db.url=URL (with --from-db)")
    Map<String, String> overrides = new LinkedHashMap<>();

    PublishCommand(LoadContext context) {
        this.context = context;
    }

    @Override
    public Integer call() {
        LoadContext.refuseOtherKeys("publish", overrides,
                List.of(SITE_DIR, RESULTS_DIR, Keys.RESULTS_DB_URL.name(), Keys.RESULTS_DB_PASSWORD.name()));
        Path siteDir = context.dirSetting(SITE_DIR, overrides, "site");
        var out = spec.commandLine().getOut();
        SitePublisher.Source db = fromDb ? fromDatabase() : null;
        Path resultsDir = context.dirSetting(RESULTS_DIR, overrides, "results");
        List<RunRecord> runs = fromDb ? List.of()
                : results.isEmpty() ? RunFinder.completed(resultsDir, context.display(resultsDir), out::println)
                : RunFinder.read(results.stream().map(p -> context.workDir().resolve(p)).toList());
        SitePublisher publisher = joinSegments ? SitePublisher.english(siteDir).joiningSegments()
                : SitePublisher.english(siteDir);
        // The database keeps the runs: the site reads them there, and copies none.
        publisher = db == null ? publisher : publisher.keepingRunsIn(RunStore.readOnly(db.reader()));
        List<String> kept = new ArrayList<>();
        for (Path page : pages) {
            kept.add(publisher.keepPage(context.workDir().resolve(page)));
        }
        SitePublisher.Published site = db != null ? publisher.add(db) : publisher.add(runs);
        out.println("published " + site.posts().size() + (site.posts().size() == 1 ? " post" : " posts") + " to "
                + context.display(site.siteDir()) + " (" + site.files().size() + " files)");
        site.posts().forEach(p -> out.println("  " + context.display(p)));
        kept.forEach(p -> out.println("  page " + context.display(siteDir.resolve(p))));
        out.flush();
        return ExitCode.PASS.code();
    }

    /** The results database as a source: its runs' content hashes now (none is refused), their JSON when asked. */
    private SitePublisher.Source fromDatabase() {
        if (!results.isEmpty()) {
            throw new ReportException("publish: --from-db renders every run in the database; name no RESULTS with it");
        }
        ResultsDb db = ResultsDbs.open(context, overrides).orElseThrow(() -> new ReportException(
                "publish --from-db: " + Keys.RESULTS_DB_URL.name() + " is none: there is no results database"));
        Map<String, String> hashes = db.contentHashes();
        if (hashes.isEmpty()) {
            throw new ReportException("publish --from-db: no runs in results database " + db.displayUrl()
                    + " (taf run writes them; taf import loads results.json files)");
        }
        return new SitePublisher.Source(hashes, db::read);
    }
}

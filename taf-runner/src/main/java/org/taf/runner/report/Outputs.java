package org.taf.runner.report;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;
import org.taf.runner.ExitCode;
import org.taf.runner.config.OutputSettings;
import org.taf.runner.results.RunRecord;

/**
 * The end of a run, from its judged record alone: junit.xml, summary.txt (also printed), summary.md (for a
 * pull request's comment) and the post
 * on the site; returns the exit code CI gates on ({@link RunRecord#exitCode()}, the policy the JUnit
 * XML, the summary and the post follow too).
 */
public final class Outputs {
    private Outputs() {}

    /**
     * Writes every output of {@code run} into {@code runDir} and the site.
     *
     * @param out where the summary and the paths are printed
     */
    public static ExitCode write(OutputSettings settings, RunRecord run, Path runDir, PrintStream out) {
        ExitCode code = run.exitCode();
        if (run.comparisons().stream().anyMatch(c -> c.parent() == null || c.patch() == null)) {
            // It failed before every side was resolved: results.json says why; there is nothing to show.
            out.printf("taf: results in %s%n", runDir);
            return code;
        }
        if (settings.junit()) {
            JUnitXmlWriter.write(run, runDir.resolve("junit.xml"));
        }
        SummaryWriter.write(run, runDir.resolve("summary.txt"));
        MarkdownSummary.write(run, runDir.resolve("summary.md"));
        out.println();
        out.print(SummaryWriter.render(run));
        if (settings.publish()) {
            var published = SitePublisher.english(settings.siteDir())
                    .publishRun(run, RunFinder.findAll(settings.resultsDir()));
            out.printf("taf: post %s%n", published.posts().isEmpty() ? settings.siteDir() : published.posts().get(0));
        }
        out.printf("taf: results in %s (exit %d: %s)%n", runDir, code.code(), code.name().toLowerCase(Locale.ROOT));
        return code;
    }
}

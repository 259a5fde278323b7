package org.taf.runner.report.output;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.taf.runner.ExitCode;
import org.taf.runner.report.site.SitePublisher;
import org.taf.runner.results.RunRecord;

/**
 * The end of a run, from its judged record alone: junit.xml, summary.txt (also printed), summary.md (for a
 * pull request's comment) and the post on its site (the published site only for a post meant for publishing,
 * else a local one under the results); returns the exit code CI gates on ({@link RunRecord#exitCode()}, the
 * policy the JUnit XML, the summary and the post follow too).
 */
public final class Outputs {
    private Outputs() {}

    /**
     * Where a run's outputs go ({@code output.*}).
     *
     * @param junit         write junit.xml
     * @param postSite      the site the post goes into
     * @param published     whether that is the published site
     * @param publishedSite the published site, named when the post went into a local one
     */
    public record Destination(boolean junit, Path postSite, boolean published, Path publishedSite) {}

    /**
     * Writes every output of {@code run} into {@code runDir} and its site, and prints, last, where the
     * results and the post are.
     *
     * @param out where the summary and the paths are printed
     */
    public static ExitCode write(Destination to, RunRecord run, Path runDir, PrintStream out) {
        ExitCode code = run.exitCode();
        if (run.comparisons().stream().anyMatch(c -> c.parent() == null || c.patch() == null)) {
            // It failed before every side was resolved: results.json says why; there is nothing to show.
            out.printf("taf: results in %s%n", runDir);
            return code;
        }
        if (to.junit()) {
            JUnitXmlWriter.write(run, runDir.resolve("junit.xml"));
        }
        SummaryWriter.write(run, runDir.resolve("summary.txt"));
        MarkdownSummary.write(run, runDir.resolve("summary.md"));
        out.println();
        out.print(SummaryWriter.render(run));
        var site = SitePublisher.english(to.postSite()).add(List.of(run));
        out.printf("taf: results in %s (exit %d: %s)%n", runDir, code.code(), code.name().toLowerCase(Locale.ROOT));
        Path post = site.posts().get(0);
        if (to.published()) {
            out.printf("taf: post %s (the published site)%n", post);
        } else {
            out.printf("taf: post %s (a local site; ./taf publish %s adds it to %s)%n", post, runDir,
                    to.publishedSite());
        }
        return code;
    }
}

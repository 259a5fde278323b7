package org.taf.runner.run;

import java.io.PrintStream;
import java.nio.file.Path;
import org.taf.runner.ExitCode;
import org.taf.runner.config.TestDefinition;
import org.taf.runner.report.JUnitXmlWriter;
import org.taf.runner.report.RunFinder;
import org.taf.runner.report.SitePublisher;
import org.taf.runner.report.SummaryWriter;
import org.taf.runner.results.RunRecord;
import org.taf.runner.stats.StatsOptions;

/**
 * The end of a run: verdicts from the stats stage, then every output — the final results.json,
 * junit.xml, summary.txt (also printed), the post on the site — and the exit code CI gates on.
 */
public final class RunOutputs {
    private RunOutputs() {}

    public static ExitCode write(TestDefinition def, Runner runner, RunRecord record, PrintStream out) {
        Judgement.Judged j = Judgement.of(record, StatsOptions.from(def.stats(), def.verdict()));
        RunRecord run = j.run();
        Path dir = runner.runDir();
        runner.writeFinal(run);
        if (run.comparisons().stream().anyMatch(c -> c.parent() == null || c.patch() == null)) {
            // It failed before every side was resolved: results.json says why; there is nothing to show.
            out.printf("taf: results in %s%n", dir);
            return ExitCode.ERROR;
        }
        if (def.output().junit()) {
            JUnitXmlWriter.write(run, dir.resolve("junit.xml"));
        }
        SummaryWriter.write(run, dir.resolve("summary.txt"));
        out.println();
        out.print(SummaryWriter.render(run));
        if (def.output().publish()) {
            var published = SitePublisher.english(def.output().siteDir())
                    .publishRun(run, RunFinder.findAll(def.output().resultsDir()));
            out.printf("taf: post %s%n", published.posts().isEmpty() ? def.output().siteDir() : published.posts().get(0));
        }
        out.printf("taf: results in %s (exit %d: %s)%n", dir, j.exitCode().code(),
                j.exitCode().name().toLowerCase(java.util.Locale.ROOT));
        return j.exitCode();
    }
}

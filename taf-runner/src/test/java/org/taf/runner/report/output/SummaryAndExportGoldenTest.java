package org.taf.runner.report.output;

import java.util.List;
import java.util.Locale;
import java.util.TimeZone;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.taf.runner.config.Golden;
import org.taf.runner.report.SiteFixtures;
import org.taf.runner.report.TproccRuns;
import org.taf.runner.results.ResultsFixtures;

/**
 * summary.md, the JSON summary and both exports sealed by golden files, rendered from the report's
 * fixed synthetic runs under a foreign default locale and time zone (output must not depend on them).
 * Regenerate with {@code -Dtaf.golden.update=true}, then review the diff.
 */
class SummaryAndExportGoldenTest {
    private static final String REGENERATE = "mvn -pl taf-runner -am test -Dtest=SummaryAndExportGoldenTest "
            + "-Dsurefire.failIfNoSpecifiedTests=false -Dtaf.golden.update=true";

    private static void matches(String name, Supplier<String> render) throws Exception {
        Locale locale = Locale.getDefault();
        TimeZone zone = TimeZone.getDefault();
        String actual;
        try {
            Locale.setDefault(Locale.GERMANY);
            TimeZone.setDefault(TimeZone.getTimeZone("Asia/Kolkata"));
            actual = render.get();
        } finally {
            Locale.setDefault(locale);
            TimeZone.setDefault(zone);
        }
        Golden.assertMatches(Golden.file("report/" + name), actual, REGENERATE);
    }

    @Test
    void markdownSummaries() throws Exception {
        matches("summary.md", () -> MarkdownSummary.render(SiteFixtures.goldenBranches()));
        matches("summary-small.md", () -> MarkdownSummary.render(ResultsFixtures.small()));
    }

    @Test
    void jsonSummary() throws Exception {
        matches(
                "summary.json",
                () -> JsonSummary.render(List.of(SiteFixtures.goldenBranches(), ResultsFixtures.small())));
    }

    /** A TPROC-C run names its rate NOPM; a run of both kinds says "rate" and each row's unit. */
    @Test
    void tproccAndMixedRuns() throws Exception {
        matches("summary-tprocc.md", () -> MarkdownSummary.render(TproccRuns.of(ResultsFixtures.small())));
        matches("summary-mixed.txt", () -> SummaryWriter.render(TproccRuns.mixed(ResultsFixtures.small())));
        matches("export-mixed.csv", () -> CsvExport.render(List.of(TproccRuns.mixed(ResultsFixtures.small()))));
    }

    @Test
    void csvAndJmhExports() throws Exception {
        matches("export.csv", () -> CsvExport.render(List.of(SiteFixtures.goldenBranches(), ResultsFixtures.small())));
        matches(
                "export-jmh.json",
                () -> JmhExport.render(List.of(SiteFixtures.goldenBranches(), ResultsFixtures.small())));
    }
}

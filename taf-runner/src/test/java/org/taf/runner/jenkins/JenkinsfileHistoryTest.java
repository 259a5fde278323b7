package org.taf.runner.jenkins;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The nightly's long view: the history kept across builds (the shared results database, or the last
 * nightly site's runs), and the bisect of each regression change point tonight's runs brought.
 */
class JenkinsfileHistoryTest extends JenkinsfileTestBase {
    private static final String QUICK = "properties/quick.properties";
    private static final String SITE = "taf-out/nightly-site";
    private static final String RUNS = "taf-out/nightly-site-runs";
    private static final String GOOD = "a".repeat(40);
    private static final String BAD = "b".repeat(40);

    /** One definition, quick, measured tonight and passing. */
    private void tonight() {
        startedWith("MODE", "nightly");
        startedWith("PROPERTIES", QUICK);
        onBranch("main");
        nightlyRunsUpTo(List.of(QUICK));
        nightlyRun(QUICK, List.of(), TafOutcome.pass());
    }

    @Test
    void withoutASharedDatabaseTheLastNightlySitesRunsAreTheHistory() {
        String earlier = RUNS + "/20261130-020000-quick/results.json";
        jenkins.previousBuildArtifacts.put(earlier, "{}");
        jenkins.previousBuildArtifacts.put(SITE + "/data/pages/bisect-1.md", "# an earlier bisect\n");
        jenkins.previousBuildArtifacts.put(SITE + "/index.html", "<html>old</html>");
        tonight();
        tafPublish(List.of(earlier, nightlyResults(QUICK)), List.of(nightlyResults(QUICK)));
        runJenkinsfile();

        assertThat(result()).as(console()).isEqualTo("SUCCESS");
        assertThat(calls("./taf publish")).singleElement()
                .satisfies(c -> assertThat(c.script()).startsWith("./taf publish " + earlier + " "));
        // Only the site's data and its runs came across (its pages too, which publish keeps), not its rendered pages.
        assertThat(jenkins.stashes.get("nightly-site").files()).containsKeys(SITE + "/data/pages/bisect-1.md", earlier)
                .containsEntry(SITE + "/index.html", "<html>nightly</html>\n");
        assertThat(stage("Nightly bisect").status).isEqualTo(SimulatedJenkins.StageStatus.SKIPPED_BY_WHEN);
        assertThat(console()).contains("TAF nightly: no new regression change point");
    }

    @Test
    void withASharedDatabaseTheSiteAndTheChangesComeFromIt() {
        jenkins.env.put("TAF_RESULTS_DB_URL", "jdbc:mariadb://db.example:3306/taf?user=taf");
        jenkins.previousBuildArtifacts.put(RUNS + "/old/results.json", "{}");
        tonight();
        shell.on("./taf publish --from-db -Doutput.site_dir=" + SITE).writes(SITE + "/index.html", "<html/>");
        tafChanges(List.of("--from-db"), List.of(nightlyResults(QUICK)), "");
        runJenkinsfile();

        assertThat(result()).as(console()).isEqualTo("SUCCESS");
        assertThat(jenkins.copiedArtifacts).isEmpty();
        assertThat(calls("./taf changes --from-db")).hasSize(1);
    }

    @Test
    void aNewRegressionIsBisectedOnABenchmarkHostAndItsPageAddedToTheSite() {
        tonight();
        List<String> inputs = List.of(nightlyResults(QUICK));
        shell.on("./taf publish " + nightlyResults(QUICK) + " -Doutput.site_dir=" + SITE)
                .writes(SITE + "/index.html", "<html/>").writes(RUNS + "/run-quick/results.json", "{}");
        String row = String.join("\t", QUICK, GOOD, BAD, "POINT_SELECT", "2", "HEAD~1 vs HEAD", "0.9012", "0.002",
                "run-before", "run-quick");
        String second = row.replace(GOOD, "c".repeat(40));
        String third = row.replace(GOOD, "d".repeat(40));
        tafChanges(inputs, inputs, row + "\n" + second + "\n" + third + "\n");
        String out = "taf-out/bisect/bisect-1";
        String bisect = teed("./taf bisect --good " + GOOD + " --bad " + BAD + " " + QUICK + " -Doutput.results_dir="
                + out + "/results -Doutput.site_dir=" + out + "/site -Doutput.publish=false", out);
        String page = out + "/results/bisect-20261201-030000-quick/bisect-20261201-030000-quick.md";
        shell.on(bisect).exits(1).writes(page, "# Bisect\n").writes(out + "/taf.log", "culprit: bbbb\n");
        String out2 = "taf-out/bisect/bisect-2";
        String bisect2 = teed(
                "./taf bisect --good " + "c".repeat(40) + " --bad " + BAD + " " + QUICK + " -Doutput.results_dir="
                        + out2 + "/results -Doutput.site_dir=" + out2 + "/site -Doutput.publish=false",
                out2);
        String page2 = out2 + "/results/bisect-20261201-050000-quick/bisect-20261201-050000-quick.md";
        shell.on(bisect2).exits(2).writes(page2, "# Bisect 2\n");
        shell.on("./taf publish " + RUNS + "/run-quick/results.json --page " + page + " --page " + page2
                + " -Doutput.site_dir=" + SITE).writes(SITE + "/pages/bisect.html", "<html/>");
        runJenkinsfile();

        assertThat(result()).as(console()).isEqualTo("SUCCESS");
        assertThat(stage("Nightly bisect").status).isEqualTo(SimulatedJenkins.StageStatus.SUCCESS);
        List<SimulatedJenkins.ShellCall> bisects = calls("./taf bisect");
        assertThat(bisects).hasSize(2).allSatisfy(c -> {
            assertThat(c.frame().nodeName()).startsWith("perf");
            assertThat(c.frame().locks()).containsExactly("bench-" + c.frame().nodeName());
        });
        assertThat(console()).contains("1 more change point(s) left for later");
        assertThat(calls("./taf publish")).hasSize(2);
        assertThat(jenkins.artifacts).containsKeys(SITE + "/pages/bisect.html", page);
        assertThat(jenkins.htmlReports).extracting(r -> r.name()).containsExactly("TAF nightly", "TAF nightly");
        List<String> description = new ArrayList<>(List.of(jenkins.build.getDescription().split(", ")));
        assertThat(description).contains("bisect-1: POINT_SELECT@2 aaaaaaaaaaaa..bbbbbbbbbbbb: culprit found",
                "bisect-2: POINT_SELECT@2 cccccccccccc..bbbbbbbbbbbb: inconclusive");
    }

    /**
     * The nightly with a baseline: each branch runs {@code taf run --against-baseline} (the definition's pinned
     * {@code baseline} as the parent), so the history is a series of ratios; a change point in it, between the
     * nights whose patches were GOOD and BAD, is bisected between those nights' commits as any other, once when
     * its TPS ratio and its ratio of CPU per transaction stepped there both.
     */
    @Test
    void aChangePointInTheBaselineRatioSeriesIsBisectedBetweenTheNightsAroundIt() {
        tonight();
        List<String> inputs = List.of(nightlyResults(QUICK));
        shell.on("./taf publish " + nightlyResults(QUICK) + " -Doutput.site_dir=" + SITE)
                .writes(SITE + "/index.html", "<html/>").writes(RUNS + "/run-quick/results.json", "{}");
        String row = String.join("\t", QUICK, GOOD, BAD, "OLTP_RW", "2", "v1.0 vs main", "0.9702", "0.001",
                "night-16", "night-17", "false", "tps");
        // the same nights stepped in CPU per transaction too: one range, bisected once
        String cpu = String.join("\t", QUICK, GOOD, BAD, "OLTP_RW", "2", "v1.0 vs main", "1.0310", "0.002",
                "night-16", "night-17", "false", "cpu_per_tx");
        tafChanges(inputs, inputs, row + "\n" + cpu + "\n");
        String out = "taf-out/bisect/bisect-1";
        String bisect = teed("./taf bisect --good " + GOOD + " --bad " + BAD + " " + QUICK + " -Doutput.results_dir="
                + out + "/results -Doutput.site_dir=" + out + "/site -Doutput.publish=false", out);
        String page = out + "/results/bisect-20261201-030000-quick/bisect-20261201-030000-quick.md";
        shell.on(bisect).exits(1).writes(page, "# Bisect\n").writes(out + "/taf.log", "culprit: bbbb\n");
        shell.on("./taf publish " + RUNS + "/run-quick/results.json --page " + page
                + " -Doutput.site_dir=" + SITE).writes(SITE + "/pages/bisect.html", "<html/>");
        runJenkinsfile();

        assertThat(result()).as(console()).isEqualTo("SUCCESS");
        assertThat(tafRuns()).singleElement().satisfies(c -> assertThat(c.script())
                .contains("./taf run " + QUICK + " --against-baseline -Doutput.results_dir=")
                .doesNotContain("-Dparent"));
        assertThat(console()).contains("TAF nightly: 1 new regression change point(s): OLTP_RW@2 "
                + "a".repeat(12) + ".." + "b".repeat(12));
        assertThat(calls("./taf bisect")).singleElement().satisfies(c -> assertThat(c.frame().locks())
                .containsExactly("bench-" + c.frame().nodeName()));
        assertThat(jenkins.build.getDescription())
                .contains("bisect-1: OLTP_RW@2 aaaaaaaaaaaa..bbbbbbbbbbbb: culprit found");
    }
}

package org.taf.runner.jenkins;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.taf.runner.jenkins.SimulatedJenkins.ShellCall;
import org.taf.runner.jenkins.SimulatedJenkins.StageStatus;

/** The per-commit gate of the real Jenkinsfile: exit codes to results, archiving, publishing, lock, revisions. */
class JenkinsfileGateTest extends JenkinsfileTestBase {
    private static final String GATE_STAGE = "Performance gate";
    private static final String RUN_ARGS = "-Dparent=" + FIRST_PARENT + " -Dpatch=" + HEAD;

    @Test
    void aPassIsSuccessWithResultsPostAndJunitArchived() {
        gateRun(TafOutcome.pass());
        runJenkinsfile();

        assertThat(result()).isEqualTo("SUCCESS");
        assertThat(jenkins.stages.values()).extracting(s -> s.name + " " + s.status).containsExactly(
                "Build and unit tests SUCCESS", "Plan SUCCESS", "Performance gate SUCCESS",
                "Nightly matrix SKIPPED_BY_WHEN", "Canaries SKIPPED_BY_WHEN", "Nightly site SKIPPED_BY_WHEN",
                "Nightly bisect SKIPPED_BY_WHEN");
        assertThat(jenkins.artifacts)
                .containsOnlyKeys(
                        "taf-out/gate/taf.log",
                        "taf-out/gate/results/run-gate/results.json",
                        "taf-out/gate/results/run-gate/junit.xml",
                        "taf-out/gate/results/run-gate/summary.txt",
                        "taf-out/gate/site/index.html",
                        "taf-out/gate/site/posts/run-gate/index.html");
        assertThat(jenkins.junitReports).extracting(r -> r.files().size() + " " + r.frame().stage()).containsExactly(
                "1 Build and unit tests", "1 Performance gate");
        assertThat(jenkins.build.getDescription()).isEqualTo("gate: pass");
    }

    @Test
    void offMainThePostIsArchivedButNotPublished() {
        gateRun(TafOutcome.pass());
        runJenkinsfile();

        assertThat(jenkins.htmlReports).isEmpty();
        assertThat(jenkins.artifacts).containsKey("taf-out/gate/site/index.html");
        assertThat(console()).contains("TAF post: archived; published on main only (this build: feature/x)");
    }

    @Test
    void onMainThePostIsPublished() {
        onBranch("main");
        gateRun(TafOutcome.pass());
        runJenkinsfile();

        assertThat(jenkins.htmlReports).singleElement().satisfies(r -> {
            assertThat(r.name()).isEqualTo("TAF post");
            assertThat(r.dir()).isEqualTo("taf-out/gate/site");
            assertThat(r.found()).isTrue();
            assertThat(r.frame().nodeName()).isEqualTo(stage(GATE_STAGE).node);
        });
    }

    @Test
    void aRegressionIsFailureWithThePostStillArchivedAndPublished() {
        onBranch("main");
        gateRun(TafOutcome.regression());
        runJenkinsfile();

        assertThat(result()).isEqualTo("FAILURE");
        assertThat(stage(GATE_STAGE).status).isEqualTo(StageStatus.FAILURE);
        assertThat(failureMessage()).contains("gate: performance regression (taf run exit 1)");
        assertThat(jenkins.artifacts)
                .containsKeys(
                        "taf-out/gate/site/index.html",
                        "taf-out/gate/site/posts/run-gate/index.html",
                        "taf-out/gate/results/run-gate/results.json");
        assertThat(jenkins.htmlReports).singleElement().satisfies(r -> assertThat(r.found()).isTrue());
        assertThat(jenkins.junitReports).filteredOn(r -> r.patterns().contains("taf-out"))
                .singleElement().satisfies(r -> assertThat(r.failures()).isEqualTo(1));
        assertThat(jenkins.build.getDescription()).isEqualTo("gate: regression");
    }

    @Test
    void inconclusiveIsUnstable() {
        gateRun(TafOutcome.inconclusive());
        runJenkinsfile();

        assertThat(result()).isEqualTo("UNSTABLE");
        assertThat(stage(GATE_STAGE).status).isEqualTo(StageStatus.UNSTABLE);
        assertThat(console()).contains("WARNING: gate: inconclusive (taf run exit 2)");
        assertThat(jenkins.artifacts).containsKey("taf-out/gate/site/index.html");
    }

    @ParameterizedTest(name = "warnings: {0} -> {1}")
    @CsvSource({"3, UNSTABLE", "1, UNSTABLE", "0, SUCCESS", "-1, SUCCESS"})
    void warningsInTheSummaryOfAPassAreUnstable(int warnings, String expected) {
        gateRun(warnings < 0 ? TafOutcome.passWithoutWarningsLine() : TafOutcome.passWithWarnings(warnings));
        runJenkinsfile();

        assertThat(result()).isEqualTo(expected);
        if (warnings > 0) {
            assertThat(console()).contains("WARNING: gate: passed with " + warnings + " warning(s); see summary.txt");
            assertThat(jenkins.build.getDescription()).isEqualTo("gate: pass with " + warnings + " warning(s)");
        }
    }

    @Test
    void anErrorIsFailureWithTafsErrorLineShown() {
        onBranch("main");
        String line = "properties/gate.properties:23: workload.threads (0) must be at least 1";
        gateRun(TafOutcome.error(line));
        runJenkinsfile();

        assertThat(result()).isEqualTo("FAILURE");
        assertThat(failureMessage()).isEqualTo("gate: taf run stopped with an error (exit 3): error: " + line);
        assertThat(jenkins.artifacts).containsOnlyKeys("taf-out/gate/taf.log");
        assertThat(jenkins.htmlReports).singleElement().satisfies(r -> assertThat(r.found()).isFalse());
    }

    @Test
    void aRunThatFailsAfterItStartedKeepsItsOutputsAndShowsItsError() {
        onBranch("main");
        String line =
                "build of " + FIRST_PARENT.substring(0, 8) + " failed: engine/src/main/java/X.java:3: ';' expected";
        gateRun(TafOutcome.failedRun(line));
        runJenkinsfile();

        assertThat(result()).isEqualTo("FAILURE");
        assertThat(failureMessage()).isEqualTo("gate: taf run stopped with an error (exit 3): error: " + line);
        assertThat(jenkins.artifacts).containsKeys("taf-out/gate/results/run-gate/results.json",
                "taf-out/gate/site/posts/run-gate/index.html");
        assertThat(jenkins.htmlReports).singleElement().satisfies(r -> assertThat(r.found()).isTrue());
    }

    @Test
    void anErrorWithoutAnErrorLineShowsTheLastLinesOfTheLog() {
        gateRun(TafOutcome.errorWithoutLine());
        runJenkinsfile();

        assertThat(result()).isEqualTo("FAILURE");
        assertThat(failureMessage()).startsWith("gate: taf run stopped with an error (exit 3): ")
                .endsWith("default    | POINT_SELECT |   1 | NOT MEASURED; warnings: 0; "
                        + "taf: results in taf-out/gate/results/run-gate (exit 3)");
    }

    @Test
    void anExitCodeOutsideTheContractIsFailure() {
        gateRun(TafOutcome.killed());
        runJenkinsfile();

        assertThat(result()).isEqualTo("FAILURE");
        assertThat(failureMessage()).contains("taf run ended with exit code 137");
    }

    @Test
    void aPassWithoutASummaryIsFailure() {
        gateRun(TafOutcome.passWithoutOutputs());
        runJenkinsfile();

        assertThat(result()).isEqualTo("FAILURE");
        assertThat(failureMessage())
                .isEqualTo("gate: taf run exited 0 but wrote no taf-out/gate/results/*/summary.txt");
    }

    @Test
    void resultsOfAnEarlierBuildInTheWorkspaceAreNotRead() {
        jenkins.agents
                .get("perf1")
                .workspace
                .write("taf-out/gate/results/old/summary.txt", "warning: stale\nwarnings: 7\n");
        jenkins.agents.get("perf1").workspace.write("taf-out/gate/results/old/results.json", "{}");
        gateRun(TafOutcome.pass());
        runJenkinsfile();

        assertThat(result()).isEqualTo("SUCCESS");
        assertThat(jenkins.artifacts.keySet()).noneMatch(p -> p.contains("/old/"));
    }

    @Test
    void aGateThatStopsBeforeMeasuringNeitherArchivesNorPublishesAnEarlierBuildsPost() {
        onBranch("main");
        for (String host : new String[] {"perf1", "perf2"}) {
            jenkins.agents.get(host).workspace.write("taf-out/gate/site/index.html", "<html>an earlier build</html>");
            jenkins.agents.get(host).workspace.write("taf-out/gate/results/old/results.json", "{}");
        }
        unitTests(0);
        validates(GATE, 0);
        revision("HEAD", HEAD);
        revision(HEAD + "~1", "");
        runJenkinsfile();

        assertThat(result()).isEqualTo("FAILURE");
        assertThat(jenkins.artifacts).isEmpty();
        assertThat(jenkins.htmlReports).singleElement().satisfies(r -> assertThat(r.found()).isFalse());
    }

    @Test
    void theMeasurementAndOnlyItHoldsTheBenchmarkHostsLock() {
        gateRun(TafOutcome.pass());
        runJenkinsfile();

        ShellCall run = tafRuns().get(0);
        assertThat(tafRuns()).hasSize(1);
        assertThat(run.frame().nodeName()).isIn("perf1", "perf2");
        assertThat(run.frame().locks()).containsExactly("bench-" + run.frame().nodeName());
        assertThat(run.frame().timeouts()).containsExactly("16 HOURS", "3 HOURS");
        assertThat(jenkins.shellCalls).filteredOn(c -> !c.runs("./taf run "))
                .allSatisfy(c -> assertThat(c.frame().locks()).isEmpty());
        assertThat(jenkins.locks).hasSize(1);
        assertThat(calls("./taf --version")).singleElement() // the runner is built before the lock is taken
                .satisfies(c -> assertThat(c.frame().nodeName()).isEqualTo(run.frame().nodeName()));
        assertThat(jenkins.shellCalls.indexOf(calls("./taf --version").get(0)))
                .isLessThan(jenkins.shellCalls.indexOf(run));
    }

    @Test
    void parentIsTheCommitsFirstParentWhenEmpty() {
        gateRun(TafOutcome.pass());
        runJenkinsfile();

        assertThat(calls("git rev-parse")).extracting(ShellCall::script).containsExactly(
                "git rev-parse --verify --quiet 'HEAD^{commit}' || true",
                "git rev-parse --verify --quiet '" + HEAD + "~1^{commit}' || true");
        assertThat(tafRuns().get(0).runs("./taf run " + GATE + " " + RUN_ARGS + " ")).isTrue();
    }

    @Test
    void parentIsTakenAsGiven() {
        startedWith("PARENT", "v1.0");
        gateRunsUpTo();
        tafRun(GATE_OUT, GATE, List.of("-Dparent=v1.0", "-Dpatch=" + HEAD), TafOutcome.pass());
        runJenkinsfile();

        assertThat(result()).isEqualTo("SUCCESS");
        assertThat(calls("git rev-parse")).extracting(ShellCall::script)
                .containsExactly("git rev-parse --verify --quiet 'HEAD^{commit}' || true");
    }

    @Test
    void aGivenPatchIsComparedWithItsOwnFirstParent() {
        startedWith("PATCH", "feature-tip");
        unitTests(0);
        validates(GATE, 0);
        runnerBuilds();
        revision("feature-tip~1", FIRST_PARENT);
        tafRun(GATE_OUT, GATE, List.of("-Dparent=" + FIRST_PARENT, "-Dpatch=feature-tip"), TafOutcome.pass());
        runJenkinsfile();

        assertThat(result()).isEqualTo("SUCCESS");
    }

    @Test
    void aCommitWithoutParentFailsBeforeTakingTheLock() {
        unitTests(0);
        validates(GATE, 0);
        revision("HEAD", HEAD);
        revision(HEAD + "~1", "");
        runJenkinsfile();

        assertThat(result()).isEqualTo("FAILURE");
        assertThat(failureMessage()).contains("cannot resolve " + HEAD + "~1").contains("shallow clone");
        assertThat(jenkins.locks).isEmpty();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"PARENT|HEAD; rm -rf /", "PATCH|$(reboot)", "PARENT|a b"})
    void aRevisionParameterThatIsNoRevisionNeverReachesAShell(String parameter, String value) {
        startedWith(parameter, value);
        unitTests(0);
        validates(GATE, 0);
        revision("HEAD", HEAD);
        revision(HEAD + "~1", FIRST_PARENT);
        runJenkinsfile();

        assertThat(result()).isEqualTo("FAILURE");
        assertThat(failureMessage()).startsWith(parameter + " '" + value + "' is not a git revision");
        assertThat(jenkins.shellCalls).noneMatch(c -> c.script().contains(value));
    }

    @Test
    void failingUnitTestsStopTheBuildBeforeAnyMeasurement() {
        unitTests(1);
        runJenkinsfile();

        assertThat(result()).isEqualTo("FAILURE");
        assertThat(jenkins.junitReports).singleElement().satisfies(r -> assertThat(r.failures()).isEqualTo(1));
        assertThat(stage("Plan").status).isEqualTo(StageStatus.SKIPPED_AFTER_FAILURE);
        assertThat(stage(GATE_STAGE).status).isEqualTo(StageStatus.SKIPPED_AFTER_FAILURE);
        assertThat(calls("./taf")).isEmpty();
    }

    @Test
    void anInvalidDefinitionStopsTheBuildBeforeABenchmarkHostIsTaken() {
        unitTests(0);
        validates(GATE, 3);
        runJenkinsfile();

        assertThat(result()).isEqualTo("FAILURE");
        assertThat(stage(GATE_STAGE).status).isEqualTo(StageStatus.SKIPPED_AFTER_FAILURE);
        assertThat(jenkins.agents.allocations()).extracting(Agents.Allocation::label).doesNotContain("benchmark");
    }

    @Test
    void thePropertiesParameterChoosesTheGatesDefinition() {
        startedWith("PROPERTIES", "properties/quick.properties");
        unitTests(0);
        validates("properties/quick.properties", 0);
        runnerBuilds();
        checkoutAtHead();
        tafRun(GATE_OUT, "properties/quick.properties", List.of("-Dparent=" + FIRST_PARENT, "-Dpatch=" + HEAD),
                TafOutcome.pass());
        runJenkinsfile();

        assertThat(result()).isEqualTo("SUCCESS");
        assertThat(tafRuns())
                .singleElement()
                .satisfies(c -> assertThat(c.runs("./taf run properties/quick.properties "))
                        .isTrue());
    }

    @Test
    void theGateRunsOneDefinitionOnly() {
        startedWith("PROPERTIES", "properties/quick.properties,properties/gate.properties");
        unitTests(0);
        runJenkinsfile();

        assertThat(result()).isEqualTo("FAILURE");
        assertThat(failureMessage()).contains("is not one test definition file");
    }

    /** The message of the exception that failed the build (the first one caught). */
    private String failureMessage() {
        assertThat(jenkins.failures).isNotEmpty();
        return jenkins.failures.get(0).error().getMessage();
    }
}

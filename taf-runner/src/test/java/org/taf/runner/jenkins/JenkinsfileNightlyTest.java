package org.taf.runner.jenkins;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.taf.runner.jenkins.SimulatedJenkins.ShellCall;
import org.taf.runner.jenkins.SimulatedJenkins.StageStatus;

/** The nightly matrix of the real Jenkinsfile: fan-out, one lock per host, stash, merge, publish on main. */
class JenkinsfileNightlyTest extends JenkinsfileTestBase {
    private static final String QUICK = "properties/quick.properties";
    /** The definitions the repository has outside examples/ and profiles/. */
    private static final List<String> COMMITTED = List.of(GATE, QUICK);

    private void allPass(List<String> definitions) {
        nightlyRunsUpTo(definitions);
        definitions.forEach(d -> nightlyRun(d, List.of(), TafOutcome.pass()));
        tafPublish(definitions.stream().map(JenkinsfileTestBase::nightlyResults).sorted().toList());
    }

    @Test
    void theTimerOnMainFansOutOneBranchPerDefinitionAndPublishesTheMergedSite() {
        onBranch("main");
        startedByTimer();
        allPass(COMMITTED);
        runJenkinsfile();

        assertThat(result()).isEqualTo("SUCCESS");
        assertThat(jenkins.stages.values()).extracting(s -> s.name + " " + s.status).containsExactly(
                "Build and unit tests SUCCESS", "Plan SUCCESS", "Performance gate SKIPPED_BY_WHEN",
                "Nightly matrix SUCCESS", "Nightly site SUCCESS");
        assertThat(jenkins.parallels).singleElement().satisfies(p -> assertThat(p.branches()).containsExactly("gate", "quick"));
        assertThat(tafRuns()).extracting(c -> c.frame().branch()).containsExactly("gate", "quick");
        assertThat(tafRuns()).extracting(c -> c.frame().nodeName()).containsExactly("perf1", "perf2");
        assertThat(jenkins.checkouts).filteredOn(f -> f.branch() != null)
                .extracting(f -> f.branch() + "@" + f.nodeName()).containsExactly("gate@perf1", "quick@perf2");
        assertThat(tafRuns()).noneMatch(c -> c.script().contains("-Dparent") || c.script().contains("-Dpatch"));
        assertThat(jenkins.stashes.keySet()).containsExactly("nightly-gate", "nightly-quick");
        assertThat(jenkins.unstashed).containsExactly("nightly-gate", "nightly-quick");
        assertThat(calls("./taf publish")).singleElement().satisfies(c -> {
            assertThat(c.frame().stage()).isEqualTo("Nightly site");
            assertThat(c.frame().locks()).isEmpty();
        });
        assertThat(jenkins.htmlReports).singleElement().satisfies(r -> {
            assertThat(r.name()).isEqualTo("TAF nightly");
            assertThat(r.dir()).isEqualTo("taf-out/nightly-site");
            assertThat(r.found()).isTrue();
        });
        assertThat(jenkins.artifacts).containsKeys("taf-out/nightly-site/index.html", "taf-out/nightly/gate/site/index.html",
                "taf-out/nightly/quick/results/run-quick/results.json");
        assertThat(jenkins.build.getDescription()).isEqualTo("gate: pass, quick: pass");
    }

    @Test
    void everyDefinitionOutsideExamplesAndProfilesGetsItsOwnBranchHostLockAndTimeout() {
        List<String> definitions = List.of(GATE, "properties/nightly/oltp-rw.properties",
                "properties/nightly/sweep.properties", QUICK);
        jenkins.repository.put("properties/nightly/oltp-rw.properties", "workload.tests = OLTP_RW\n");
        jenkins.repository.put("properties/nightly/sweep.properties", "workload.threads = 1, 2, 4, 8\n");
        jenkins.repository.put("properties/examples/more.properties", "comments = an example\n");
        jenkins.repository.put("properties/profiles/pinned.properties", "profile.runtime = container\n");
        startedWith("MODE", "nightly");
        allPass(definitions);
        runJenkinsfile();

        assertThat(result()).isEqualTo("SUCCESS");
        assertThat(jenkins.parallels).singleElement().satisfies(p -> assertThat(p.branches())
                .containsExactly("gate", "nightly-oltp-rw", "nightly-sweep", "quick"));
        assertThat(tafRuns()).hasSize(4);
        for (ShellCall run : tafRuns()) {
            assertThat(run.runs("./taf run properties/" + run.frame().branch().replace("nightly-", "nightly/"))).isTrue();
            assertThat(run.frame().locks()).containsExactly("bench-" + run.frame().nodeName());
            assertThat(run.frame().timeouts()).containsExactly("16 HOURS", "12 HOURS", "4 HOURS");
        }
        assertThat(tafRuns()).extracting(c -> c.frame().nodeName()).containsExactly("perf1", "perf2", "perf1", "perf2");
        assertThat(calls("./taf publish")).hasSize(1);
    }

    @Test
    void withOneBenchmarkHostTheBranchesTakeTurnsUnderItsLock() {
        jenkins.agents.remove("perf2");
        startedWith("MODE", "nightly");
        allPass(COMMITTED);
        runJenkinsfile();

        assertThat(result()).isEqualTo("SUCCESS");
        assertThat(tafRuns()).allSatisfy(c -> assertThat(c.frame().locks()).containsExactly("bench-perf1"));
        assertThat(jenkins.locks).extracting(SimulatedJenkins.LockUse::resource).containsExactly("bench-perf1", "bench-perf1");
    }

    @Test
    void offMainTheNightlyIsMergedAndArchivedButNotPublished() {
        startedWith("MODE", "nightly");
        allPass(COMMITTED);
        runJenkinsfile();

        assertThat(result()).isEqualTo("SUCCESS");
        assertThat(calls("./taf publish")).hasSize(1);
        assertThat(jenkins.artifacts).containsKey("taf-out/nightly-site/index.html");
        assertThat(jenkins.htmlReports).isEmpty();
        assertThat(console()).contains("TAF nightly: archived; published on main only (this build: feature/x)");
    }

    @Test
    void aRegressionFailsTheNightlyButEveryDefinitionIsMeasuredMergedAndPublished() {
        onBranch("main");
        startedByTimer();
        nightlyRunsUpTo(COMMITTED);
        nightlyRun(GATE, List.of(), TafOutcome.pass());
        nightlyRun(QUICK, List.of(), TafOutcome.regression());
        tafPublish(List.of(nightlyResults(GATE), nightlyResults(QUICK)));
        runJenkinsfile();

        assertThat(result()).isEqualTo("FAILURE");
        assertThat(stage("Nightly matrix").status).isEqualTo(StageStatus.FAILURE);
        assertThat(stage("Nightly site").status).isEqualTo(StageStatus.SUCCESS);
        assertThat(tafRuns()).hasSize(2);
        assertThat(calls("./taf publish")).hasSize(1);
        assertThat(jenkins.htmlReports).hasSize(1);
        assertThat(console()).contains("ERROR: quick: performance regression (taf run exit 1); the post and results are archived with this build");
        assertThat(jenkins.build.getDescription()).isEqualTo("gate: pass, quick: regression");
    }

    @Test
    void anInconclusiveDefinitionMakesTheNightlyUnstable() {
        startedWith("MODE", "nightly");
        nightlyRunsUpTo(COMMITTED);
        nightlyRun(GATE, List.of(), TafOutcome.inconclusive());
        nightlyRun(QUICK, List.of(), TafOutcome.pass());
        tafPublish(List.of(nightlyResults(GATE), nightlyResults(QUICK)));
        runJenkinsfile();

        assertThat(result()).isEqualTo("UNSTABLE");
        assertThat(calls("./taf publish")).hasSize(1);
    }

    @Test
    void anErrorInOneDefinitionIsShownAndTheOthersAreStillMerged() {
        startedWith("MODE", "nightly");
        nightlyRunsUpTo(COMMITTED);
        nightlyRun(GATE, List.of(), TafOutcome.error("build of c0ffee00 failed: engine/src/Main.java:3: error: ';' expected"));
        nightlyRun(QUICK, List.of(), TafOutcome.pass());
        tafPublish(List.of(nightlyResults(QUICK)));
        runJenkinsfile();

        assertThat(result()).isEqualTo("FAILURE");
        assertThat(console()).contains("ERROR: gate: taf run stopped with an error (exit 3): error: build of c0ffee00 failed");
        assertThat(jenkins.artifacts).containsKeys("taf-out/nightly/gate/taf.log", "taf-out/nightly-site/index.html");
    }

    @Test
    void whenNoDefinitionGaveResultsThereIsNothingToMerge() {
        startedWith("MODE", "nightly");
        nightlyRunsUpTo(COMMITTED);
        COMMITTED.forEach(d -> nightlyRun(d, List.of(), TafOutcome.error("engine crashed")));
        runJenkinsfile();

        assertThat(result()).isEqualTo("FAILURE");
        assertThat(stage("Nightly site").status).isEqualTo(StageStatus.FAILURE);
        assertThat(console()).contains("ERROR: Nightly site: no results.json to merge (every definition failed before measuring)");
        assertThat(calls("./taf publish")).isEmpty();
    }

    @Test
    void thePropertiesParameterListsTheDefinitions() {
        List<String> chosen = List.of(QUICK, "properties/examples/bp-instances.properties");
        startedWith("MODE", "nightly");
        startedWith("PROPERTIES", " properties/quick.properties, properties/examples/bp-instances.properties ");
        allPass(chosen);
        runJenkinsfile();

        assertThat(result()).isEqualTo("SUCCESS");
        assertThat(jenkins.parallels).singleElement().satisfies(p -> assertThat(p.branches())
                .containsExactly("quick", "examples-bp-instances"));
    }

    @Test
    void givenParentAndPatchReachEveryBranchAndNothingIsResolved() {
        startedWith("MODE", "nightly");
        startedWith("PARENT", "v1.0");
        startedWith("PATCH", "v1.1");
        nightlyRunsUpTo(COMMITTED);
        COMMITTED.forEach(d -> nightlyRun(d, List.of("-Dparent=v1.0", "-Dpatch=v1.1"), TafOutcome.pass()));
        tafPublish(COMMITTED.stream().map(JenkinsfileTestBase::nightlyResults).toList());
        runJenkinsfile();

        assertThat(result()).isEqualTo("SUCCESS");
        assertThat(tafRuns()).hasSize(2);
        assertThat(calls("git")).isEmpty();
    }

    @Test
    void anInvalidDefinitionStopsTheNightlyBeforeAnyHostIsTaken() {
        startedWith("MODE", "nightly");
        unitTests(0);
        validates(GATE, 0);
        validates(QUICK, 3);
        runJenkinsfile();

        assertThat(result()).isEqualTo("FAILURE");
        assertThat(stage("Nightly matrix").status).isEqualTo(StageStatus.SKIPPED_AFTER_FAILURE);
        assertThat(jenkins.agents.allocations()).extracting(Agents.Allocation::label).doesNotContain("benchmark");
    }
}

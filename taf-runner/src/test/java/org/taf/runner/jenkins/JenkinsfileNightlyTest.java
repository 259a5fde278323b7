package org.taf.runner.jenkins;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.taf.runner.jenkins.SimulatedJenkins.ShellCall;
import org.taf.runner.jenkins.SimulatedJenkins.StageStatus;

/** The nightly matrix of the real Jenkinsfile: fan-out, one lock per host, stash, merge, publish on main. */
class JenkinsfileNightlyTest extends JenkinsfileTestBase {
    private static final String QUICK = "properties/quick.properties";
    /**
     * The definitions committed under properties/ outside examples/, profiles/ and common/ (fragments that
     * definitions include), sorted (at least gate and quick).
     */
    private static List<String> committed;

    @BeforeAll
    static void findCommittedDefinitions() throws IOException {
        Path properties = ROOT.resolve("properties");
        try (Stream<Path> files = Files.walk(properties)) {
            committed = files.filter(p -> p.toString().endsWith(".properties"))
                    .map(p -> ROOT.relativize(p).toString().replace('\\', '/'))
                    .filter(p -> !p.startsWith("properties/examples/") && !p.startsWith("properties/profiles/")
                            && !p.startsWith("properties/common/"))
                    .sorted().toList();
        }
        assertThat(committed).contains(GATE, QUICK);
    }

    private static List<String> names(List<String> definitions) {
        return definitions.stream().map(JenkinsfileTestBase::nameOf).toList();
    }

    /** perf1, perf2, perf1, ...: the two benchmark hosts taken in turn. */
    private static List<String> alternating(int n) {
        List<String> hosts = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            hosts.add(i % 2 == 0 ? "perf1" : "perf2");
        }
        return hosts;
    }

    /**
     * Every committed definition passes but {@code definition}, which does {@code outcome}; the merge gets what exists.
     */
    private void allPassBut(String definition, TafOutcome outcome) {
        nightlyRunsUpTo(committed);
        committed.forEach(d -> nightlyRun(d, List.of(), d.equals(definition) ? outcome : TafOutcome.pass()));
        tafPublish(committed.stream().filter(d -> !d.equals(definition) || outcome.hasOutputs())
                .map(JenkinsfileTestBase::nightlyResults).sorted().toList());
    }

    /** The build's description: each definition's outcome, then each host's canaries (healthy). */
    private String description(String definition, String outcome) {
        return String.join(", ", committed.stream()
                .map(d -> nameOf(d) + ": " + (d.equals(definition) ? outcome : "pass")).toList())
                + ", canaries perf1: healthy, canaries perf2: healthy";
    }

    /** The matrix's parallel run: the first (the canaries' comes after it). */
    private SimulatedJenkins.ParallelRun matrix() {
        assertThat(jenkins.parallels).hasSize(2);
        assertThat(jenkins.parallels.get(1).branches()).containsExactly("canary-perf1", "canary-perf2");
        return jenkins.parallels.get(0);
    }

    private void allPass(List<String> definitions) {
        nightlyRunsUpTo(definitions);
        definitions.forEach(d -> nightlyRun(d, List.of(), TafOutcome.pass()));
        tafPublish(definitions.stream().map(JenkinsfileTestBase::nightlyResults).sorted().toList());
    }

    @Test
    void theTimerOnMainFansOutOneBranchPerDefinitionAndPublishesTheMergedSite() {
        onBranch("main");
        startedByTimer();
        allPass(committed);
        runJenkinsfile();

        assertThat(result()).isEqualTo("SUCCESS");
        assertThat(jenkins.stages.values()).extracting(s -> s.name + " " + s.status).containsExactly(
                "Build and unit tests SUCCESS", "Plan SUCCESS", "Performance gate SKIPPED_BY_WHEN",
                "Nightly matrix SUCCESS", "Canaries SUCCESS", "Nightly site SUCCESS", "Nightly bisect SKIPPED_BY_WHEN");
        assertThat(matrix().branches()).isEqualTo(names(committed));
        assertThat(tafRuns()).extracting(c -> c.frame().branch()).isEqualTo(names(committed));
        assertThat(tafRuns()).extracting(c -> c.frame().nodeName()).isEqualTo(alternating(committed.size()));
        assertThat(jenkins.checkouts).filteredOn(f -> f.branch() != null && !f.branch().startsWith("canary-"))
                .extracting(f -> f.branch() + "@" + f.nodeName()).isEqualTo(tafRuns().stream()
                        .map(c -> c.frame().branch() + "@" + c.frame().nodeName()).toList());
        assertThat(tafRuns()).noneMatch(c -> c.script().contains("-Dparent") || c.script().contains("-Dpatch"));
        List<String> stashes = names(committed).stream().map(n -> "nightly-" + n).toList();
        List<String> stashed = new ArrayList<>(stashes);
        stashed.add("nightly-site");
        assertThat(jenkins.stashes.keySet()).containsExactlyElementsOf(stashed);
        assertThat(jenkins.unstashed).isEqualTo(stashes);
        // No shared database: the history is the last nightly site's data (none here: the first night).
        assertThat(jenkins.copiedArtifacts).singleElement().satisfies(a -> {
            assertThat(a)
                    .containsEntry("projectName", "taf/main")
                    .containsEntry("filter", "taf-out/nightly-site/data/**,taf-out/nightly-site-runs/**")
                    .containsEntry("optional", true);
        });
        assertThat(calls("./taf publish")).singleElement().satisfies(c -> {
            assertThat(c.frame().stage()).isEqualTo("Nightly site");
            assertThat(c.frame().locks()).isEmpty();
        });
        assertThat(jenkins.htmlReports).singleElement().satisfies(r -> {
            assertThat(r.name()).isEqualTo("TAF nightly");
            assertThat(r.dir()).isEqualTo("taf-out/nightly-site");
            assertThat(r.found()).isTrue();
        });
        assertThat(jenkins.artifacts)
                .containsKeys(
                        "taf-out/nightly-site/index.html",
                        "taf-out/nightly/gate/site/index.html",
                        "taf-out/nightly/quick/results/run-quick/results.json");
        assertThat(jenkins.build.getDescription()).isEqualTo(description(null, "pass"));
    }

    @Test
    void everyDefinitionOutsideExamplesAndProfilesGetsItsOwnBranchHostLockAndTimeout() {
        List<String> definitions = new ArrayList<>(committed);
        definitions.addAll(List.of("properties/nightly/oltp-rw.properties", "properties/nightly/sweep.properties"));
        definitions.sort(null);
        jenkins.repository.put("properties/nightly/oltp-rw.properties", "workload.tests = OLTP_RW\n");
        jenkins.repository.put("properties/nightly/sweep.properties", "workload.threads = 1, 2, 4, 8\n");
        jenkins.repository.put("properties/examples/more.properties", "comments = an example\n");
        jenkins.repository.put("properties/profiles/pinned.properties", "profile.runtime = container\n");
        jenkins.repository.put("properties/common/design.properties", "measure.mode = alternate\n");
        startedWith("MODE", "nightly");
        allPass(definitions);
        runJenkinsfile();

        assertThat(result()).isEqualTo("SUCCESS");
        assertThat(matrix().branches())
                .contains("gate", "nightly-oltp-rw", "nightly-sweep", "quick").isEqualTo(names(definitions))
                .noneMatch(b -> b.startsWith("examples") || b.startsWith("profiles") || b.startsWith("common"));
        assertThat(tafRuns()).hasSize(definitions.size());
        for (ShellCall run : tafRuns()) {
            assertThat(run.runs("./taf run properties/" + run.frame().branch().replace("nightly-", "nightly/")))
                    .isTrue();
            assertThat(run.frame().locks()).containsExactly("bench-" + run.frame().nodeName());
            assertThat(run.frame().timeouts()).containsExactly("16 HOURS", "12 HOURS", "4 HOURS");
        }
        assertThat(tafRuns()).extracting(c -> c.frame().nodeName()).isEqualTo(alternating(definitions.size()));
        assertThat(calls("./taf publish")).hasSize(1);
    }

    @Test
    void resultsOfAnEarlierNightlyOnAHostAreNeitherStashedNorMerged() {
        for (String host : new String[] {"perf1", "perf2"}) {
            for (String d : committed) {
                jenkins.agents.get(host).workspace.write(nightlyOut(d) + "/results/old/results.json", "{}");
            }
        }
        startedWith("MODE", "nightly");
        allPass(committed); // the merge is registered with this night's results.json only
        runJenkinsfile();

        assertThat(result()).isEqualTo("SUCCESS");
        assertThat(jenkins.stashes.values())
                .allSatisfy(st -> assertThat(st.files().keySet()).noneMatch(f -> f.contains("/old/")));
    }

    @Test
    void withOneBenchmarkHostTheBranchesTakeTurnsUnderItsLock() {
        jenkins.agents.remove("perf2");
        startedWith("MODE", "nightly");
        allPass(committed);
        runJenkinsfile();

        assertThat(result()).isEqualTo("SUCCESS");
        assertThat(tafRuns()).allSatisfy(c -> assertThat(c.frame().locks()).containsExactly("bench-perf1"));
        // One lock a definition, and one for the host's canaries.
        assertThat(jenkins.locks).extracting(SimulatedJenkins.LockUse::resource).hasSize(committed.size() + 1)
                .containsOnly("bench-perf1");
        assertThat(jenkins.parallels.get(1).branches()).containsExactly("canary-perf1");
    }

    @Test
    void offMainTheNightlyIsMergedAndArchivedButNotPublished() {
        startedWith("MODE", "nightly");
        allPass(committed);
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
        allPassBut(QUICK, TafOutcome.regression());
        runJenkinsfile();

        assertThat(result()).isEqualTo("FAILURE");
        assertThat(stage("Nightly matrix").status).isEqualTo(StageStatus.FAILURE);
        assertThat(stage("Nightly site").status).isEqualTo(StageStatus.SUCCESS);
        assertThat(tafRuns()).hasSize(committed.size());
        assertThat(calls("./taf publish"))
                .singleElement()
                .satisfies(c -> assertThat(c.script()).contains(nightlyResults(QUICK)));
        assertThat(jenkins.htmlReports).hasSize(1);
        assertThat(console())
                .contains(
                        "ERROR: quick: performance regression (taf run exit 1); the post and results are archived with"
                                + " this build");
        assertThat(jenkins.build.getDescription()).isEqualTo(description(QUICK, "regression"));
    }

    @Test
    void anInconclusiveDefinitionMakesTheNightlyUnstable() {
        startedWith("MODE", "nightly");
        allPassBut(GATE, TafOutcome.inconclusive());
        runJenkinsfile();

        assertThat(result()).isEqualTo("UNSTABLE");
        assertThat(calls("./taf publish")).hasSize(1);
    }

    @Test
    void anErrorInOneDefinitionIsShownAndTheOthersAreStillMerged() {
        startedWith("MODE", "nightly");
        allPassBut(
                GATE,
                TafOutcome.error("properties/gate.properties: parent 'v0.9' is not a revision of this repository"));
        runJenkinsfile();

        assertThat(result()).isEqualTo("FAILURE");
        assertThat(console())
                .contains("ERROR: gate: taf run stopped with an error (exit 3): error: properties/gate.properties:"
                        + " parent 'v0.9' is not a revision of this repository");
        assertThat(jenkins.artifacts).containsKeys("taf-out/nightly/gate/taf.log", "taf-out/nightly-site/index.html");
        assertThat(calls("./taf publish")).singleElement().satisfies(c -> assertThat(c.script())
                .doesNotContain(nightlyResults(GATE)).contains(nightlyResults(QUICK)));
    }

    @Test
    void aRunThatFailedAfterItStartedIsMergedWithTheOthers() {
        startedWith("MODE", "nightly");
        allPassBut(QUICK, TafOutcome.failedRun("build of 0badf00d failed"));
        runJenkinsfile();

        assertThat(result()).isEqualTo("FAILURE");
        assertThat(calls("./taf publish")).singleElement().satisfies(c -> assertThat(c.script())
                .contains(nightlyResults(QUICK), nightlyResults(GATE)));
        assertThat(jenkins.build.getDescription()).isEqualTo(description(QUICK, "error"));
    }

    @Test
    void whenNoDefinitionGaveResultsThereIsNothingToMerge() {
        startedWith("MODE", "nightly");
        nightlyRunsUpTo(committed);
        committed.forEach(d -> nightlyRun(d, List.of(), TafOutcome.error("engine crashed")));
        runJenkinsfile();

        assertThat(result()).isEqualTo("FAILURE");
        assertThat(stage("Nightly site").status).isEqualTo(StageStatus.FAILURE);
        assertThat(console())
                .contains("ERROR: Nightly site: no results.json to merge (every definition failed before measuring)");
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
        assertThat(matrix().branches()).containsExactly("quick", "examples-bp-instances");
    }

    @Test
    void givenParentAndPatchReachEveryBranchAndNothingIsResolved() {
        startedWith("MODE", "nightly");
        startedWith("PARENT", "v1.0");
        startedWith("PATCH", "v1.1");
        nightlyRunsUpTo(committed);
        committed.forEach(d -> nightlyRun(d, List.of("-Dparent=v1.0", "-Dpatch=v1.1"), TafOutcome.pass()));
        tafPublish(committed.stream().map(JenkinsfileTestBase::nightlyResults).sorted().toList());
        runJenkinsfile();

        assertThat(result()).isEqualTo("SUCCESS");
        assertThat(tafRuns()).hasSize(committed.size());
        assertThat(calls("git")).isEmpty();
    }

    @Test
    void anInvalidDefinitionStopsTheNightlyBeforeAnyHostIsTaken() {
        startedWith("MODE", "nightly");
        unitTests(0);
        committed.forEach(d -> validates(d, d.equals(QUICK) ? 3 : 0));
        runJenkinsfile();

        assertThat(result()).isEqualTo("FAILURE");
        assertThat(stage("Nightly matrix").status).isEqualTo(StageStatus.SKIPPED_AFTER_FAILURE);
        assertThat(jenkins.agents.allocations()).extracting(Agents.Allocation::label).doesNotContain("benchmark");
    }
}

package org.taf.runner.jenkins;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.taf.runner.jenkins.Directives.Parameter;
import org.taf.runner.jenkins.SimulatedJenkins.StageStatus;

/** What the real Jenkinsfile declares: parameters, trigger, timeouts, mode selection, post conditions. */
class JenkinsfileStructureTest extends JenkinsfileTestBase {
    @Test
    void parametersAreParentPatchPropertiesAndMode() {
        unitTests(1);
        runJenkinsfile();

        assertThat(jenkins.pipeline.parameters)
                .extracting(Parameter::name)
                .containsExactly("PARENT", "PATCH", "PROPERTIES", "MODE");
        assertThat(jenkins.pipeline.parameters).filteredOn(p -> p.type().equals("string"))
                .allSatisfy(p -> assertThat(p.defaultValue()).isEqualTo(""));
        assertThat(jenkins.pipeline.parameters).filteredOn(p -> p.name().equals("MODE")).singleElement()
                .satisfies(p -> assertThat(p.choices()).containsExactly("auto", "gate", "nightly"));
    }

    @Test
    void theNightlyTimerIsSetOnMainOnly() {
        onBranch("main");
        unitTests(1);
        runJenkinsfile();
        assertThat(jenkins.pipeline.crons).containsExactly("H 2 * * *");
    }

    @Test
    void noTimerOffMain() {
        unitTests(1);
        runJenkinsfile();
        assertThat(jenkins.pipeline.crons).containsExactly("");
    }

    @Test
    void everyStageAndThePipelineHaveATimeout() {
        unitTests(1);
        runJenkinsfile();

        assertThat(jenkins.pipeline.options.timeout).isEqualTo("16 HOURS");
        assertThat(jenkins.pipeline.stages).allSatisfy(s -> assertThat(s.options.timeout).as(s.name).isNotNull());
        assertThat(jenkins.shellCalls).allSatisfy(c -> assertThat(c.frame().timeouts()).hasSize(2));
    }

    @Test
    void modeOverridesTheTimer() {
        startedByTimer();
        startedWith("MODE", "gate");
        gateRun(TafOutcome.pass());
        runJenkinsfile();

        assertThat(stage("Performance gate").status).isEqualTo(StageStatus.SUCCESS);
        assertThat(stage("Nightly matrix").status).isEqualTo(StageStatus.SKIPPED_BY_WHEN);
    }

    @Test
    void theGateAndTheNightlyWaitForAHostOnlyInsideTheirWhen() {
        gateRun(TafOutcome.pass());
        runJenkinsfile();

        assertThat(jenkins.pipeline.stages).filteredOn(s -> s.agent != null && "label".equals(s.agent.kind()))
                .allSatisfy(s -> assertThat(s.when.beforeAgent).as(s.name).isTrue());
        assertThat(jenkins.agents.allocations())
                .extracting(Agents.Allocation::label)
                .containsExactly(null, null, "benchmark");
    }

    @Test
    void thePipelinePostReportsEveryOutcome() {
        gateRun(TafOutcome.inconclusive());
        runJenkinsfile();

        assertThat(jenkins.log)
                .containsSubsequence(
                        "TAF gate: inconclusive",
                        "UNSTABLE: an inconclusive comparison (taf exit 2), warnings in summary.txt, failed tests in"
                                + " a JUnit report, or a gate health alarm (taf health exit 2).");
        assertThat(jenkins.pipeline.post.blocks.keySet()).containsExactly("always", "unstable", "failure");
    }

    @Test
    void aFailedBuildSaysWhatFailureMeans() {
        unitTests(1);
        runJenkinsfile();
        assertThat(console())
                .contains("FAILURE: a regression (taf exit 1), a TAF error (exit 3), or the build or its unit tests"
                        + " failed.");
    }
}

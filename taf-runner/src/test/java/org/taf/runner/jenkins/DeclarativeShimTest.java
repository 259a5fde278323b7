package org.taf.runner.jenkins;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.taf.runner.jenkins.SimulatedJenkins.ShellCall;
import org.taf.runner.jenkins.SimulatedJenkins.StageStatus;

/** The test base's declarative shim and steps behave as Jenkins does, on small pipelines of their own. */
class DeclarativeShimTest extends PipelineTestBase {
    @Test
    void stagesRunInOrderWhenSkipsAndPostFollowsTheResult() {
        shell.on("make one");
        shell.on("make three");
        jenkins.env.put("BRANCH_NAME", "main");
        jenkins.startedWith.put("KIND", "b");
        run("pipelines/stages.groovy");

        assertThat(jenkins.stages.keySet()).containsExactly("one", "release only", "kind b", "three");
        assertThat(stage("release only").status).isEqualTo(StageStatus.SKIPPED_BY_WHEN);
        assertThat(stage("kind b").status).isEqualTo(StageStatus.SUCCESS);
        assertThat(stage("kind b").node).isEqualTo("perf1");
        assertThat(jenkins.log).containsSubsequence("+ make one", "kind b for world on perf1", "kind b post",
                "+ make three", "post always", "post success", "post cleanup");
        assertThat(jenkins.log).doesNotContain("post failure", "post unstable", "one failed");
        assertThat(jenkins.params).containsEntry("WHO", "world").containsEntry("KIND", "b");
        assertThat(result()).isEqualTo("SUCCESS");
    }

    @Test
    void labelExpressionsJoinLabelsAndNegatedNamesWithAnd() {
        Agents.Node perf1 = jenkins.agents.get("perf1");
        assertThat(perf1.carries("benchmark && linux")).isTrue();
        assertThat(perf1.carries("benchmark && !perf1")).isFalse();
        assertThat(perf1.carries("benchmark && !perf2")).isTrue();
        assertThat(perf1.carries("benchmark&&!\"perf1\"")).isFalse();
        assertThat(perf1.carries("!benchmark")).isFalse();
        assertThatThrownBy(() -> perf1.carries("perf1 || perf2")).isInstanceOf(IllegalArgumentException.class);
        assertThat(jenkins.agents.allocate("benchmark && !perf1").name).isEqualTo("perf2");
        assertThatThrownBy(() -> jenkins.agents.allocate("benchmark && !perf1"))
                .isInstanceOf(Agents.NoFreeAgent.class).hasMessageContaining("wait forever");
    }

    @Test
    void whenBeforeAgentTakesNoAgentWhenFalse() {
        shell.on("make one");
        shell.on("make three");
        run("pipelines/stages.groovy");

        assertThat(stage("kind b").status).isEqualTo(StageStatus.SKIPPED_BY_WHEN);
        assertThat(stage("kind b").node).isNull();
        assertThat(jenkins.agents.allocations()).extracting(Agents.Allocation::label).containsExactly(null, null);
        assertThat(jenkins.params).containsEntry("KIND", "a");
    }

    @Test
    void aFailedStageFailsTheBuildSkipsTheRestAndRunsFailurePosts() {
        shell.on("make one").exits(2);
        run("pipelines/stages.groovy");

        assertThat(result()).isEqualTo("FAILURE");
        assertThat(stage("one").status).isEqualTo(StageStatus.FAILURE);
        assertThat(stage("three").status).isEqualTo(StageStatus.SKIPPED_AFTER_FAILURE);
        assertThat(jenkins.log).containsSubsequence("ERROR: script returned exit code 2", "one failed", "post always",
                "post failure", "post cleanup");
        assertThat(jenkins.log).doesNotContain("post success");
        assertThat(calls("make three")).isEmpty();
    }

    @Test
    void aResultOnlyGetsWorseAndCatchErrorMarksAndGoesOn() {
        run("pipelines/results.groovy");

        assertThat(jenkins.log).contains("result UNSTABLE, current UNSTABLE", "after catchError", "post unstable");
        assertThat(stage("caught").status).isEqualTo(StageStatus.FAILURE);
        assertThat(result()).isEqualTo("UNSTABLE");
    }

    @Test
    void catchErrorCanFailTheBuild() {
        jenkins.startedWith.put("CAUGHT_AS", "FAILURE");
        run("pipelines/results.groovy");

        assertThat(result()).isEqualTo("FAILURE");
        assertThat(jenkins.log).contains("after catchError", "post failure");
    }

    @Test
    void shReturnsStatusOrOutputAndFailsOnANonZeroExit() {
        shell.on("exit-three").exits(3);
        shell.on("print-sha").prints("abc123\n");
        shell.on("fails").exits(1);
        run("pipelines/shell.groovy");

        assertThat(jenkins.log).contains("status 3, out abc123", "ERROR: script returned exit code 1");
        assertThat(jenkins.log).doesNotContain("not reached");
        assertThat(result()).isEqualTo("FAILURE");
    }

    @Test
    void anUnexpectedShFailsTheTestEvenWhereTheScriptCatches() {
        shell.on("exit-three").exits(3);
        assertThatThrownBy(() -> run("pipelines/shell.groovy"))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("unexpected sh on builder")
                .hasMessageContaining("print-sha");
    }

    @Test
    void parallelBranchesTakeAgentsLocksAndStashesThatAnotherAgentUnstashes() {
        for (String name : new String[] {"a", "b", "c"}) {
            shell.on("measure " + name).writes("out/" + name + "/result.json", "{\"" + name + "\": 1}");
        }
        shell.on("merge");
        run("pipelines/fanout.groovy");

        assertThat(jenkins.parallels)
                .singleElement()
                .satisfies(p -> assertThat(p.branches()).containsExactly("a", "b", "c"));
        for (ShellCall c : calls("measure")) {
            assertThat(c.frame().locks()).containsExactly("bench-" + c.frame().nodeName());
            assertThat(c.frame().branch()).isEqualTo(c.script().substring("measure ".length()));
        }
        assertThat(calls("measure")).extracting(c -> c.frame().nodeName()).containsExactly("perf1", "perf2", "perf1");
        assertThat(jenkins.stashes.values())
                .extracting(SimulatedJenkins.Stash::node)
                .containsExactly("perf1", "perf2", "perf1");
        assertThat(calls("merge"))
                .singleElement()
                .satisfies(c -> assertThat(c.frame().nodeName()).isEqualTo("builder"));
        assertThat(jenkins.artifacts).containsOnlyKeys("out/a/result.json", "out/b/result.json", "out/c/result.json");
        assertThat(result()).isEqualTo("SUCCESS");
    }

    @Test
    void aFailingBranchLetsTheOthersRunThenFailsTheStage() {
        shell.on("measure a").writes("out/a/result.json", "{}");
        shell.on("measure b").exits(1);
        shell.on("measure c").writes("out/c/result.json", "{}");
        run("pipelines/fanout.groovy");

        assertThat(calls("measure")).hasSize(3);
        assertThat(jenkins.log).contains("ERROR: Failed in branch b: script returned exit code 1");
        assertThat(stage("merge").status).isEqualTo(StageStatus.SKIPPED_AFTER_FAILURE);
        assertThat(result()).isEqualTo("FAILURE");
    }

    @Test
    void anEmptyStashIsAnErrorAndSoIsUnstashingWhatWasNeverStashed() {
        shell.on("measure a").writes("out/a/result.json", "{}");
        shell.on("measure b");
        shell.on("measure c").writes("out/c/result.json", "{}");
        run("pipelines/fanout.groovy");

        assertThat(jenkins.log).contains("ERROR: No files included in stash ‘out-b’");
        assertThat(jenkins.stashes).containsOnlyKeys("out-a", "out-c");
        assertThat(result()).isEqualTo("FAILURE");
    }

    @Test
    void errorIsAJenkinsFailureNotAScriptBug() {
        run("pipelines/bugs.groovy");

        assertThat(result()).isEqualTo("FAILURE");
        assertThat(jenkins.log).contains("ERROR: a plain Jenkins failure");
    }

    @ParameterizedTest
    @ValueSource(strings = {"unknown step", "unknown parameter", "missing file"})
    void aScriptBugFailsTheTestInsteadOfPassingForAFailure(String bug) {
        jenkins.startedWith.put("BUG", bug);
        assertThatThrownBy(() -> run("pipelines/bugs.groovy"))
                .isInstanceOf(AssertionError.class).hasMessageContaining("the script failed on its own");
    }

    @Test
    void aLockTakenInsideItselfWouldWaitForever() {
        jenkins.startedWith.put("BUG", "lock twice");
        assertThatThrownBy(() -> run("pipelines/bugs.groovy")).hasMessageContaining("lock 'r' taken inside itself");
    }

    @Test
    void anUndeclaredParameterIsRefused() {
        jenkins.startedWith.put("NOPE", "x");
        assertThatThrownBy(() -> run("pipelines/bugs.groovy")).hasMessageContaining("does not declare");
    }

    @Test
    void aPipelineWithoutAgentIsRefusedAsJenkinsWould() {
        assertThatThrownBy(() -> run("pipelines/no-agent.groovy"))
                .hasMessageContaining("Missing required section 'agent'");
    }

    @Test
    void failedTestCasesMakeTheBuildUnstable() {
        shell.on("run tests")
                .writes("reports/TEST-a.xml", "<testsuite><testcase name=\"a\"><failure/></testcase></testsuite>");
        run("pipelines/junit.groovy");

        assertThat(jenkins.junitReports).singleElement().satisfies(r -> assertThat(r.failures()).isEqualTo(1));
        assertThat(result()).isEqualTo("UNSTABLE");
    }

    @Test
    void noTestReportIsAnErrorUnlessAllowed() {
        shell.on("run tests");
        run("pipelines/junit.groovy");
        assertThat(result()).isEqualTo("FAILURE");
        assertThat(jenkins.log).contains("ERROR: No test report files were found. Configuration error?");
    }

    @Test
    void noTestReportAllowedIsSuccess() {
        shell.on("run tests");
        jenkins.startedWith.put("ALLOW_EMPTY", true);
        run("pipelines/junit.groovy");
        assertThat(result()).isEqualTo("SUCCESS");
    }
}

package org.taf.runner.jenkins;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.taf.runner.jenkins.SimulatedJenkins.ShellCall;
import org.taf.runner.jenkins.SimulatedJenkins.StageStatus;

/**
 * The gate's one retry on another {@code benchmark} agent when its run ended because the host was too noisy
 * ({@code taf run} exit 2 with a {@code host: too noisy} line in summary.txt): where it runs, what is archived and
 * published, how it is judged, what the build says, and when there is no retry.
 */
class JenkinsfileGateRetryTest extends JenkinsfileTestBase {
    private static final String GATE_STAGE = "Performance gate";
    private static final String NOISY_OUT = "taf-out/gate-noisy-perf1";
    private static final String RETRIED = "TAF gate: perf1 was too noisy to answer (" + TafOutcome.TOO_NOISY
            + "); running the gate once more on another benchmark agent";

    @Test
    void aGateTooNoisyOnOneHostIsRetriedOnAnotherWhichAnswers() {
        onBranch("main");
        gateRunThenRetry(TafOutcome.tooNoisy(), TafOutcome.pass());
        runJenkinsfile();

        assertThat(result()).isEqualTo("SUCCESS");
        assertThat(stage(GATE_STAGE).status).isEqualTo(StageStatus.SUCCESS);
        List<ShellCall> runs = tafRuns();
        assertThat(runs).hasSize(2);
        assertThat(runs.get(0).frame().nodeName()).isEqualTo("perf1").isEqualTo(stage(GATE_STAGE).node);
        assertThat(runs.get(0).frame().locks()).containsExactly("bench-perf1");
        assertThat(runs.get(1).frame().nodeName()).isEqualTo("perf2");
        assertThat(runs.get(1).frame().locks()).containsExactly("bench-perf2");
        assertThat(runs.get(1).frame().timeouts()).containsExactly("16 HOURS", "3 HOURS", "60 MINUTES");
        assertThat(jenkins.agents.allocations()).contains(new Agents.Allocation("benchmark && !perf1", "perf2"));
        assertThat(jenkins.checkouts).extracting(Frame::nodeName).contains("perf2");
        assertThat(calls("./taf --version")).extracting(c -> c.frame().nodeName()).containsExactly("perf1", "perf2");

        // both attempts archived, neither over the other: the retry, which answered, where the gate's output goes
        assertThat(jenkins.artifacts).containsOnlyKeys(
                NOISY_OUT + "/taf.log",
                NOISY_OUT + "/results/run-gate/results.json",
                NOISY_OUT + "/results/run-gate/junit.xml",
                NOISY_OUT + "/results/run-gate/summary.txt",
                NOISY_OUT + "/site/index.html",
                NOISY_OUT + "/site/posts/run-gate/index.html",
                "taf-out/gate/taf.log",
                "taf-out/gate/results/run-gate-retry/results.json",
                "taf-out/gate/results/run-gate-retry/junit.xml",
                "taf-out/gate/results/run-gate-retry/summary.txt",
                "taf-out/gate/site/index.html",
                "taf-out/gate/site/posts/run-gate-retry/index.html");
        assertThat(jenkins.artifacts.get(NOISY_OUT + "/results/run-gate/summary.txt")).contains(TafOutcome.TOO_NOISY);
        assertThat(jenkins.artifacts.get("taf-out/gate/results/run-gate-retry/summary.txt"))
                .contains("NO_CHANGE").doesNotContain("host:");
        assertThat(jenkins.junitReports).filteredOn(r -> r.patterns().contains("taf-out")).singleElement()
                .satisfies(r -> assertThat(r.files()).containsExactly("taf-out/gate/results/run-gate-retry/junit.xml"));
        assertThat(jenkins.htmlReports).singleElement().satisfies(r -> {
            assertThat(r.dir()).isEqualTo("taf-out/gate/site");
            assertThat(r.frame().nodeName()).isEqualTo("perf1");
        });
        assertThat(jenkins.agents.get("perf1").workspace.read("taf-out/gate/site/posts/run-gate-retry/index.html"))
                .contains("NO_CHANGE");

        assertThat(jenkins.log).containsSubsequence(RETRIED, "TAF gate: retrying on perf2 (perf1 too noisy)",
                "TAF gate: pass (retried on perf2: perf1 too noisy)");
        assertThat(jenkins.build.getDescription()).isEqualTo("gate: pass (retried on perf2: perf1 too noisy)");
    }

    @ParameterizedTest(name = "retry exits {0} -> {1}, {2}")
    @CsvSource({"0, SUCCESS, pass", "1, FAILURE, regression", "2, UNSTABLE, inconclusive", "3, FAILURE, error"})
    void theRetryIsJudgedAsAnyGateRun(int exit, String expected, String outcome) {
        gateRunThenRetry(TafOutcome.tooNoisy(), new TafOutcome(exit, 0, null, true));
        runJenkinsfile();

        assertThat(result()).isEqualTo(expected);
        assertThat(tafRuns()).hasSize(2);
        assertThat(jenkins.build.getDescription())
                .isEqualTo("gate: " + outcome + " (retried on perf2: perf1 too noisy)");
        assertThat(jenkins.artifacts).containsKeys(NOISY_OUT + "/results/run-gate/summary.txt",
                "taf-out/gate/results/run-gate-retry/summary.txt");
    }

    @Test
    void aRetryThatIsTooNoisyAsWellIsUnstableAndNamesBothHosts() {
        gateRunThenRetry(TafOutcome.tooNoisy(), TafOutcome.tooNoisy());
        runJenkinsfile();

        assertThat(result()).isEqualTo("UNSTABLE");
        assertThat(stage(GATE_STAGE).status).isEqualTo(StageStatus.UNSTABLE);
        assertThat(tafRuns()).extracting(c -> c.frame().nodeName()).containsExactly("perf1", "perf2");
        assertThat(console()).contains("WARNING: gate: could not be answered on either host, both too noisy: perf1 ("
                + TafOutcome.TOO_NOISY + ") and perf2 (" + TafOutcome.TOO_NOISY + ")");
        assertThat(jenkins.build.getDescription()).isEqualTo("gate: host too noisy on perf1 and perf2");
        assertThat(jenkins.artifacts).containsKeys(NOISY_OUT + "/results/run-gate/summary.txt",
                "taf-out/gate/results/run-gate-retry/summary.txt");
    }

    @ParameterizedTest(name = "host line ''{0}''")
    @ValueSource(strings = {"", "host: quiet throughout (9 probe readings, CV 2-4%)",
        "warning: host: too noisy in the warmup of POINT_SELECT@1"})
    void aPlainInconclusiveIsUnstableWithoutRetry(String hostLine) {
        gateRun(TafOutcome.withHostLine(2, hostLine.isEmpty() ? null : hostLine));
        runJenkinsfile();

        assertThat(result()).isEqualTo("UNSTABLE");
        assertThat(tafRuns()).hasSize(1);
        assertThat(console()).contains("WARNING: gate: inconclusive (taf run exit 2)").doesNotContain("once more");
        assertThat(jenkins.agents.allocations()).extracting(Agents.Allocation::label)
                .containsExactly(null, null, "benchmark");
        assertThat(jenkins.artifacts.keySet()).noneMatch(p -> p.startsWith("taf-out/gate-noisy"));
        assertThat(jenkins.build.getDescription()).isEqualTo("gate: inconclusive");
    }

    @ParameterizedTest(name = "exit {0} -> {1}")
    @CsvSource({"0, SUCCESS, pass", "1, FAILURE, regression", "3, FAILURE, error"})
    void aRunThatIsNotInconclusiveIsNotRetriedWhateverItsSummarySays(int exit, String expected, String outcome) {
        gateRun(TafOutcome.withHostLine(exit, TafOutcome.TOO_NOISY));
        runJenkinsfile();

        assertThat(result()).isEqualTo(expected);
        assertThat(tafRuns()).singleElement().satisfies(c -> assertThat(c.frame().nodeName()).isEqualTo("perf1"));
        assertThat(jenkins.agents.allocations()).extracting(Agents.Allocation::label)
                .containsExactly(null, null, "benchmark");
        assertThat(console()).doesNotContain("once more");
        assertThat(jenkins.build.getDescription()).isEqualTo("gate: " + outcome);
    }

    @ParameterizedTest(name = "the other agent {0}")
    @ValueSource(strings = {"is missing", "is busy"})
    void withoutAnotherFreeBenchmarkAgentTheBuildDoesNotHangAndSaysSo(String other) {
        if (other.equals("is missing")) {
            jenkins.agents.remove("perf2");
        } else {
            jenkins.agents.get("perf2").busy = 1; // another build's, all along
        }
        gateRunThenRetry(TafOutcome.tooNoisy(), TafOutcome.pass());
        runJenkinsfile();

        assertThat(result()).isEqualTo("UNSTABLE");
        assertThat(stage(GATE_STAGE).status).isEqualTo(StageStatus.UNSTABLE);
        assertThat(tafRuns()).singleElement().satisfies(c -> assertThat(c.frame().nodeName()).isEqualTo("perf1"));
        assertThat(jenkins.log).containsSubsequence(RETRIED, "Cancelling nested steps due to timeout (60 MINUTES)",
                "WARNING: gate: perf1 was too noisy to answer (" + TafOutcome.TOO_NOISY + "), and no other benchmark"
                        + " agent was free within 60 minutes to retry on; that run is archived (taf-out/gate)");
        assertThat(jenkins.build.getDescription())
                .isEqualTo("gate: host too noisy on perf1, no other benchmark agent free");
        assertThat(jenkins.artifacts).containsKey("taf-out/gate/results/run-gate/summary.txt");
        assertThat(jenkins.artifacts.keySet()).noneMatch(p -> p.startsWith("taf-out/gate-noisy"));
    }

    @Test
    void aRetryWhoseStepFailsFailsTheBuildAndKeepsTheFirstRun() {
        gateRunThenRetry(TafOutcome.tooNoisy(), TafOutcome.pass());
        shell.on("./taf --version").prints("taf 0.1.0-SNAPSHOT").then().exits(1); // the runner does not build on perf2
        runJenkinsfile();

        assertThat(result()).isEqualTo("FAILURE");
        assertThat(tafRuns()).hasSize(1);
        assertThat(jenkins.build.getDescription()).isEqualTo("gate: retry on perf2 failed (perf1 too noisy)");
        assertThat(jenkins.artifacts).containsKey("taf-out/gate/results/run-gate/summary.txt");
    }

    @Test
    void theRetryEmptiesTheOtherHostsOutputFirst() {
        jenkins.agents.get("perf2").workspace.write("taf-out/gate/results/old/summary.txt",
                "warning: stale\nwarnings: 7\n");
        gateRunThenRetry(TafOutcome.tooNoisy(), TafOutcome.pass());
        runJenkinsfile();

        assertThat(result()).isEqualTo("SUCCESS");
        assertThat(jenkins.artifacts.keySet()).noneMatch(p -> p.contains("/old/"));
    }

    @Test
    void aHostWhoseNameIsNoPlainWordIsQuotedInTheLabelAndKeptUnderAPlainPath() {
        jenkins.agents.remove("perf1");
        jenkins.agents.remove("perf2");
        jenkins.agents.add("perf 1", 1, "benchmark");
        jenkins.agents.add("perf-2", 1, "benchmark");
        gateRunThenRetry(TafOutcome.tooNoisy(), TafOutcome.pass());
        runJenkinsfile();

        assertThat(result()).isEqualTo("SUCCESS");
        assertThat(jenkins.agents.allocations()).contains(new Agents.Allocation("benchmark && !\"perf 1\"", "perf-2"));
        assertThat(tafRuns().get(1).frame().locks()).containsExactly("bench-perf-2");
        assertThat(jenkins.artifacts).containsKey("taf-out/gate-noisy-perf_1/results/run-gate/summary.txt");
        assertThat(jenkins.build.getDescription()).isEqualTo("gate: pass (retried on perf-2: perf 1 too noisy)");
    }
}

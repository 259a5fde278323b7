package org.taf.runner.jenkins;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.taf.runner.jenkins.SimulatedJenkins.ShellCall;
import org.taf.runner.jenkins.SimulatedJenkins.StageStatus;

/**
 * The nightly's Canaries stage: after the matrix, on every benchmark host under that host's lock, {@code taf canary}
 * of the gate's definition, then {@code taf health --this-host}, whose exit 2 (a rate misses its target) makes the
 * build UNSTABLE saying which.
 */
class JenkinsfileCanaryTest extends JenkinsfileTestBase {
    private static final String QUICK = "properties/quick.properties";
    private static final String ALARM = "gate on perf2 (host 0123456789abcdef): the catch rate is below its target:"
            + " 1 of 6 planted slowdowns caught, 95% interval 3–56%, wholly below 80%";

    /** Tonight: quick only (the canaries run the gate's definition whatever PROPERTIES says). */
    private void tonight() {
        startedWith("MODE", "nightly");
        startedWith("PROPERTIES", QUICK);
        nightlyRunsUpTo(List.of(QUICK));
        Object patch = jenkins.startedWith.get("PATCH");
        nightlyRun(QUICK, patch == null ? List.of() : List.of("-Dpatch=" + patch), TafOutcome.pass());
        tafPublish(List.of(nightlyResults(QUICK)));
    }

    @Test
    void everyBenchmarkHostRunsTheGatesCanariesUnderItsLockThenSaysItsHealth() {
        onBranch("main");
        tonight();
        runJenkinsfile();

        assertThat(result()).as(console()).isEqualTo("SUCCESS");
        assertThat(List.copyOf(jenkins.stages.keySet())).containsSubsequence("Nightly matrix", "Canaries",
                "Nightly site");
        assertThat(stage("Canaries").status).isEqualTo(StageStatus.SUCCESS);
        List<ShellCall> canaries = calls("./taf canary");
        assertThat(canaries).extracting(c -> c.frame().nodeName()).containsExactly("perf1", "perf2");
        for (ShellCall c : canaries) {
            String host = c.frame().nodeName();
            assertThat(c.script()).contains("./taf canary " + GATE + " -Doutput.results_dir=" + canaryOut(host)
                    + "/results");
            assertThat(c.frame().stage()).isEqualTo("Canaries");
            assertThat(c.frame().branch()).isEqualTo("canary-" + host);
            assertThat(c.frame().locks()).containsExactly("bench-" + host);
            assertThat(c.frame().timeouts()).containsExactly("16 HOURS", "4 HOURS", "2 HOURS");
        }
        List<ShellCall> health = calls("./taf health --this-host");
        assertThat(health).extracting(c -> c.frame().nodeName()).containsExactly("perf1", "perf2");
        assertThat(health).allSatisfy(c -> assertThat(c.frame().locks()).as("it measures nothing").isEmpty());
        // The runner is built before each host's lock is taken.
        assertThat(jenkins.shellCalls.stream().filter(c -> "Canaries".equals(c.frame().stage()))
                .map(c -> c.frame().nodeName() + ": " + c.script().lines().filter(l -> l.startsWith("./taf"))
                        .findFirst().orElseThrow().split(" ")[1]).toList())
                .containsExactly("perf1: --version", "perf1: canary", "perf1: health", "perf2: --version",
                        "perf2: canary", "perf2: health");
        assertThat(jenkins.artifacts).containsKeys(canaryOut("perf1") + "/results/run-aa/results.json",
                canaryOut("perf2") + "/health/taf.log");
        // A caught slowdown is no failed test: the canaries' JUnit XML is not recorded, nor their site published.
        assertThat(jenkins.junitReports).noneMatch(r -> "Canaries".equals(r.frame().stage()));
        assertThat(jenkins.htmlReports).extracting(r -> r.name()).containsExactly("TAF nightly");
        assertThat(jenkins.build.getDescription())
                .isEqualTo("quick: pass, canaries perf1: healthy, canaries perf2: healthy");
    }

    @Test
    void aRateThatMissesItsTargetMakesTheNightlyUnstableSayingWhich() {
        tonight();
        canaries("perf2", 0, 2, "gate on perf2 (host 0123456789abcdef): caught 1 of 6 planted slowdowns\nalarm: "
                + ALARM + "\n");
        runJenkinsfile();

        assertThat(result()).as(console()).isEqualTo("UNSTABLE");
        assertThat(console()).contains("canaries perf2: the gate misses its own target on perf2: " + ALARM);
        assertThat(stage("Nightly site").status).isEqualTo(StageStatus.SUCCESS);
        assertThat(jenkins.build.getDescription())
                .endsWith("canaries perf1: healthy, canaries perf2: gate health alarm");
    }

    @Test
    void aCanaryErrorFailsTheNightlyAndTheOtherHostAndTheSiteStillRun() {
        tonight();
        canaries("perf1", 3, 0, HEALTHY);
        runJenkinsfile();

        assertThat(result()).as(console()).isEqualTo("FAILURE");
        assertThat(stage("Canaries").status).isEqualTo(StageStatus.FAILURE);
        assertThat(console()).contains("canaries perf1: taf canary stopped with an error (exit 3): error: build of"
                + " c0ffee00 failed");
        assertThat(calls("./taf canary")).extracting(c -> c.frame().nodeName()).containsExactly("perf1", "perf2");
        assertThat(calls("./taf health")).as("the rates stand on the nights stored").hasSize(2);
        assertThat(stage("Nightly site").status).isEqualTo(StageStatus.SUCCESS);
        assertThat(jenkins.build.getDescription()).contains("canaries perf1: error (taf canary exit 3)");
    }

    @Test
    void aHealthErrorFailsTheNightly() {
        tonight();
        canaries("perf2", 0, 3, "error: cannot reach results database jdbc:mariadb://db/taf\n");
        runJenkinsfile();

        assertThat(result()).isEqualTo("FAILURE");
        assertThat(console()).contains("canaries perf2: taf health stopped with an error (exit 3): error: cannot reach"
                + " results database jdbc:mariadb://db/taf");
    }

    @Test
    void aPatchGivenToTheNightlyIsTheCanariesRevision() {
        startedWith("PATCH", "v1.1");
        tonight(); // registers the canaries with -Dpatch=v1.1: another command line would fail the build's sh
        runJenkinsfile();

        assertThat(result()).as(console()).isEqualTo("SUCCESS");
        assertThat(calls("./taf canary")).allSatisfy(c -> assertThat(c.script()).contains(" -Dpatch=v1.1 "));
    }

    @Test
    void theGateRunsNoCanaries() {
        gateRun(TafOutcome.pass());
        runJenkinsfile();

        assertThat(stage("Canaries").status).isEqualTo(StageStatus.SKIPPED_BY_WHEN);
        assertThat(calls("./taf canary")).isEmpty();
    }
}

package org.taf.runner.jenkins;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.taf.runner.jenkins.SimulatedJenkins.ShellCall;

/**
 * Base of the tests of the repository's real {@code Jenkinsfile}: a checkout brings the real
 * {@code properties/} tree, the build runs on branch {@code feature/x} unless told, and each
 * command the Jenkinsfile may run is registered by the test through the helpers here (each helper
 * registers exactly one script). The scripts' text repeats the Jenkinsfile's on purpose: a changed
 * command line fails the tests with the script that was run.
 */
abstract class JenkinsfileTestBase extends PipelineTestBase {
    static final String HEAD = "c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00";
    static final String FIRST_PARENT = "0badf00d0badf00d0badf00d0badf00d0badf00d";
    static final String GATE_OUT = "taf-out/gate";
    static final String GATE = "properties/gate.properties";

    @BeforeEach
    void setUpRepository() throws IOException {
        try (Stream<Path> files = Files.walk(ROOT.resolve("properties"))) {
            files.filter(Files::isRegularFile).sorted().forEach(p -> jenkins.repository.put(
                    ROOT.relativize(p).toString().replace('\\', '/'), read(p)));
        }
        onBranch("feature/x");
    }

    protected void runJenkinsfile() {
        run("Jenkinsfile");
    }

    protected void onBranch(String branch) {
        jenkins.env.put("BRANCH_NAME", branch);
        jenkins.env.put("JOB_NAME", "taf/" + branch);
    }

    protected void startedWith(String parameter, String value) {
        jenkins.startedWith.put(parameter, value);
    }

    protected void startedByTimer() {
        jenkins.build.addCause("hudson.triggers.TimerTrigger$TimerTriggerCause", "Started by timer");
    }

    /** {@code mvn -B -ntp verify} exits {@code exit}, leaving one Surefire report (failing when exit != 0). */
    protected void unitTests(int exit) {
        shell.on("mvn -B -ntp verify")
                .exits(exit)
                .writes(
                        "taf-runner/target/surefire-reports/TEST-org.taf.runner.SomeTest.xml",
                        "<testsuite><testcase name=\"t\">" + (exit == 0 ? "" : "<failure message=\"boom\"/>")
                                + "</testcase></testsuite>");
    }

    protected void validates(String definition, int exit) {
        shell.on("./taf validate " + definition).exits(exit);
    }

    /** {@code git rev-parse} of {@code revision} prints {@code sha} ("" when it does not resolve). */
    protected void revision(String revision, String sha) {
        shell.on("git rev-parse --verify --quiet '" + revision + "^{commit}' || true")
                .prints(sha.isEmpty() ? "" : sha + "\n");
    }

    /** The checkout is at {@link #HEAD}, whose first parent is {@link #FIRST_PARENT}. */
    protected void checkoutAtHead() {
        revision("HEAD", HEAD);
        revision(HEAD + "~1", FIRST_PARENT);
    }

    protected void runnerBuilds() {
        shell.on("./taf --version").prints("taf 0.1.0-SNAPSHOT");
    }

    /**
     * {@code ./taf run definition overrides...} into {@code out}, as the Jenkinsfile wraps it, doing {@code outcome}.
     */
    protected void tafRun(String out, String definition, List<String> overrides, TafOutcome outcome) {
        String runId = "run-" + out.substring(out.lastIndexOf('/') + 1);
        shell.on(tafRunScript(out, definition, overrides)).exits(outcome.exit()).writes(outcome.files(out, runId));
    }

    /** The script of a {@code ./taf run} into {@code out}. */
    protected static String tafRunScript(String out, String definition, List<String> overrides) {
        List<String> words = new ArrayList<>(List.of("./taf run " + definition));
        words.addAll(overrides);
        words.addAll(List.of("-Doutput.results_dir=" + out + "/results", "-Doutput.site_dir=" + out + "/site",
                "-Doutput.publish=true"));
        return teed(String.join(" ", words), out);
    }

    /** The Jenkinsfile's tee wrapper: output shown and kept in out/taf.log, TAF's own exit code. */
    static String teed(String command, String out) {
        return "#!/bin/bash\nmkdir -p " + out + "\n" + command + " 2>&1 | tee " + out
                + "/taf.log\nexit ${PIPESTATUS[0]}";
    }

    /**
     * Everything a gate run needs but its outcome: unit tests pass, gate.properties validates, runner builds, checkout
     * at HEAD.
     */
    protected void gateRunsUpTo() {
        unitTests(0);
        validates(GATE, 0);
        runnerBuilds();
        checkoutAtHead();
    }

    protected void gateRun(TafOutcome outcome) {
        gateRunsUpTo();
        tafRun(GATE_OUT, GATE, List.of("-Dparent=" + FIRST_PARENT, "-Dpatch=" + HEAD), outcome);
    }

    /**
     * The gate's {@code taf run} does {@code first} (run id {@code run-gate}); run again, as the retry on another agent
     * does with the same command line, it does {@code retry} (run id {@code run-gate-retry}).
     */
    protected void gateRunThenRetry(TafOutcome first, TafOutcome retry) {
        gateRunsUpTo();
        shell.on(tafRunScript(GATE_OUT, GATE, List.of("-Dparent=" + FIRST_PARENT, "-Dpatch=" + HEAD)))
                .exits(first.exit()).writes(first.files(GATE_OUT, "run-gate"))
                .then().exits(retry.exit()).writes(retry.files(GATE_OUT, "run-gate-retry"));
    }

    /** properties/a/b.properties -> a-b, as the Jenkinsfile names a nightly branch, stash and output directory. */
    static String nameOf(String definition) {
        return definition.replaceFirst("^properties/", "").replaceFirst("\\.properties$", "").replace('/', '-');
    }

    static String nightlyOut(String definition) {
        return "taf-out/nightly/" + nameOf(definition);
    }

    static String nightlyResults(String definition) {
        return nightlyOut(definition) + "/results/run-" + nameOf(definition) + "/results.json";
    }

    /**
     * Unit tests pass, every definition validates, the runner builds, and on both benchmark hosts the canaries
     * complete and the gate is healthy: what a nightly needs but its definitions' runs.
     */
    protected void nightlyRunsUpTo(List<String> definitions) {
        unitTests(0);
        definitions.forEach(d -> validates(d, 0));
        runnerBuilds();
        canaries("perf1", 0, 0, HEALTHY);
        canaries("perf2", 0, 0, HEALTHY);
    }

    /** What {@code taf health --this-host} prints on a host whose gate meets its targets. */
    static final String HEALTHY = "gate on perf (host 0123456789abcdef): caught 6 of 6 planted slowdowns (100%, 95%"
            + " interval 61–100%); 0 false alarms in 6 unchanged runs (0%, 95% interval 0–39%)\n";

    static String canaryOut(String host) {
        return "taf-out/canary/" + host;
    }

    /**
     * On {@code host}, {@code taf canary} of the gate's definition (with {@code -Dpatch} when PATCH was given) exits
     * {@code canary}, writing its two runs' results; then {@code taf health --this-host} exits {@code health},
     * printing {@code healthOutput} (into its log, where the Jenkinsfile reads the alarms).
     */
    protected void canaries(String host, int canary, int health, String healthOutput) {
        String out = canaryOut(host);
        List<String> words = new ArrayList<>(List.of("./taf canary " + GATE));
        Object patch = jenkins.startedWith.get("PATCH");
        if (patch != null && !patch.toString().isEmpty()) {
            words.add("-Dpatch=" + patch);
        }
        words.addAll(List.of("-Doutput.results_dir=" + out + "/results", "-Doutput.site_dir=" + out + "/site",
                "-Doutput.publish=true"));
        shell.on(teed(String.join(" ", words), out)).exits(canary)
                .writes(out + "/results/run-aa/results.json", "{}")
                .writes(out + "/taf.log", canary == 0 ? "taf canary: A/A: passed, no false alarm\n"
                        : "error: build of c0ffee00 failed\n");
        shell.on(teed("./taf health --this-host", out + "/health")).exits(health).prints(healthOutput)
                .writes(out + "/health/taf.log", healthOutput);
    }

    /**
     * A nightly branch's {@code taf run}: against the definition's baseline ({@code --against-baseline}, first)
     * unless PARENT was given ({@code -Dparent} among the overrides).
     */
    protected void nightlyRun(String definition, List<String> overrides, TafOutcome outcome) {
        List<String> all = new java.util.ArrayList<>();
        if (overrides.stream().noneMatch(o -> o.startsWith("-Dparent="))) {
            all.add("--against-baseline");
        }
        all.addAll(overrides);
        tafRun(nightlyOut(definition), definition, all, outcome);
    }

    /** {@code ./taf publish} of these results.json files into the nightly site; no new change point. */
    protected void tafPublish(List<String> results) {
        tafPublish(results, results);
    }

    /**
     * {@code ./taf publish} of {@code inputs} (the history and tonight's results) into the nightly site,
     * and {@code taf changes} over them, new in tonight's runs: no change point.
     */
    protected void tafPublish(List<String> inputs, List<String> tonight) {
        shell.on("./taf publish " + String.join(" ", inputs) + " -Doutput.site_dir=taf-out/nightly-site")
                .writes("taf-out/nightly-site/index.html", "<html>nightly</html>\n");
        tafChanges(inputs, tonight, "");
    }

    /** {@code taf changes} of the regressions tonight's runs brought prints the TSV header and {@code rows}. */
    protected void tafChanges(List<String> inputs, List<String> tonight, String rows) {
        String ids = String.join(",", tonight.stream().map(r -> r.split("/")[r.split("/").length - 2]).toList());
        shell.on("./taf changes " + String.join(" ", inputs) + " --new-in " + ids + " --regressions --format tsv")
                .prints(CHANGES_HEADER + "\n" + rows);
    }

    /** The first line of {@code taf changes --format tsv} (report.ChangePoints.TSV_HEADER). */
    static final String CHANGES_HEADER = "definition\tgood\tbad\tworkload\tthreads\tcomparison\tratio\tp_value"
            + "\tbefore_run\tafter_run\tat_drift\tmetric";

    protected List<ShellCall> tafRuns() {
        return calls("./taf run ");
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

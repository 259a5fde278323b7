package org.taf.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.config.LoadContext;
import picocli.CommandLine;

/** The command line end to end through picocli, with captured streams and an injected environment. */
class MainTest {
    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(Map<String, String> env, String... args) {
        CommandLine cl = Main.commandLine(new LoadContext(dir, env, Path.of("/opt/jdk"), Path.of("/home/t")));
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    private int run(String... args) {
        return run(Map.of(), args);
    }

    private void write(String name, String... lines) throws Exception {
        Files.createDirectories(dir.resolve(name).getParent());
        Files.writeString(dir.resolve(name), String.join("\n", lines) + "\n");
    }

    private List<String> errLines() {
        return err.toString().lines().toList();
    }

    private static String headCommit() {
        try (org.eclipse.jgit.lib.Repository repo = new org.eclipse.jgit.storage.file.FileRepositoryBuilder()
                .findGitDir(java.nio.file.Path.of("").toAbsolutePath().toFile()).build()) {
            return repo.resolve("HEAD").getName();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void versionAndHelp() {
        assertThat(run("--version")).isZero();
        // The runner's commit is the checkout's HEAD at build time (this test runs in that checkout).
        assertThat(out.toString()).containsPattern("\\Ataf 0\\.1\\.0-SNAPSHOT\\+g[0-9a-f]{12}(\\.dirty)?\nJava ");
        assertThat(out.toString().substring("taf 0.1.0-SNAPSHOT+g".length()).substring(0, 12))
                .isEqualTo(headCommit().substring(0, 12));
        assertThat(run("--help")).isZero();
        assertThat(out.toString()).contains("explain", "validate", "Exit codes: 0 pass, 1 regression");
        assertThat(run("validate", "--help")).isZero();
        assertThat(out.toString()).contains("-D=KEY=VALUE");
    }

    @Test
    void noCommandOrAnUnknownOneIsAUsageErrorWithExitCodeThree() {
        assertThat(run()).isEqualTo(3);
        assertThat(errLines().get(0)).isEqualTo("error: a command is required");
        err.getBuffer().setLength(0);
        assertThat(run("frobnicate")).isEqualTo(3);
        assertThat(errLines())
                .singleElement()
                .asString()
                .startsWith("error: Unmatched argument at index 0: 'frobnicate'")
                .endsWith("(see taf --help)");
        err.getBuffer().setLength(0);
        assertThat(run("validate")).isEqualTo(3);
        assertThat(errLines()).singleElement().asString()
                .isEqualTo("error: Missing required parameter: 'FILE' (see taf validate --help)");
    }

    @Test
    void validateSummarizesTheDefinition() throws Exception {
        write("t.properties", "comparisons = a, s", "comparison.a.label = x", "comparison.s.revision = HEAD",
                "comparison.s.sweep.engine.v = 1, 2, 4", "workload.tests = OLTP_RO, OLTP_RW", "workload.threads = 1");
        assertThat(run("validate", "t.properties", "-Dmeasure.iterations=2")).isZero();
        assertThat(out.toString())
                .isEqualTo("OK: t.properties: 3 comparisons, 2 workloads × 1 thread count × 2 iterations\n");
        // Nothing measured here yet: each cell says its noise is unknown before a run.
        assertThat(err.toString().lines())
                .hasSize(2)
                .allMatch(l -> l.matches("taf: OLTP_R[OW]@1: no stored noise for host \\S+: the MDE is computed after"
                        + " measuring, from this run's own pairs \\(taf calibrate, or any run, stores it\\)"));
    }

    @Test
    void dashDWorksAttachedAndSeparatedAndEnvironmentWins() throws Exception {
        write("t.properties", "workload.threads = 2");
        int code = run(Map.of("TAF_WORKLOAD_SEED", "3"), "explain", "-D", "workload.threads=8", "t.properties",
                "-Dworkload.seed=2", "-Dworkload.tables=6");
        assertThat(code).isZero();
        assertThat(out.toString()).containsPattern("workload.threads +8 +-D\n")
                .containsPattern("workload.tables +6 +-D\n")
                .containsPattern("workload.seed +3 +env TAF_WORKLOAD_SEED\n");
    }

    @Test
    void explainAsJson() throws Exception {
        write("t.properties", "workload.threads = 2");
        assertThat(run("explain", "--format", "json", "t.properties")).isZero();
        assertThat(out.toString())
                .startsWith("{\n  \"file\" : \"t.properties\",")
                .contains(
                        "\"key\" : \"workload.threads\",\n    \"value\" : \"2\",\n    \"origin\" : \"t.properties:1\"");
        assertThat(run("explain", "--format", "yaml", "t.properties")).isEqualTo(3);
    }

    @Test
    void configErrorsAreOneErrorLineEachAndExitCodeThree() throws Exception {
        write("quick.properties", "workload.threads = 0", "warmup.mni = 1s");
        assertThat(run("validate", "quick.properties")).isEqualTo(3);
        assertThat(errLines()).containsExactly(
                "error: quick.properties:1: workload.threads = 0: must be >= 1",
                "error: quick.properties:2: unknown key warmup.mni; did you mean warmup.min?");
        assertThat(out.toString()).isEmpty();
        err.getBuffer().setLength(0);
        assertThat(run("explain", "missing.properties")).isEqualTo(3);
        assertThat(errLines()).containsExactly("error: missing.properties: no such file");
    }

    @Test
    void warningsGoToStderrAndDoNotFail() throws Exception {
        write("t.properties", "name = t");
        assertThat(run(Map.of("TAF_NO_SUCH", "1"), "validate", "t.properties")).isZero();
        List<String> lines = errLines();
        assertThat(lines.get(0)).isEqualTo("warning: env TAF_NO_SUCH: no TAF key is named so; ignored");
        assertThat(lines.subList(1, lines.size()))
                .isNotEmpty()
                .allMatch(l -> l.contains(": no stored noise for host "));
    }

    /** A command that throws what it is given. */
    @CommandLine.Command(name = "throwing")
    static final class Throwing implements java.util.concurrent.Callable<Integer> {
        private final RuntimeException toThrow;

        Throwing(RuntimeException toThrow) {
            this.toThrow = toThrow;
        }

        @Override
        public Integer call() {
            throw toThrow;
        }
    }

    private CommandLine throwing(RuntimeException e) {
        CommandLine cl = new CommandLine(new Throwing(e));
        cl.setErr(new PrintWriter(err, true));
        cl.setExecutionExceptionHandler(new ErrorReporter());
        return cl;
    }

    @Test
    void bugsShowTheirStackTraceNotAnErrorLineAndExitThree() {
        assertThat(throwing(new IllegalStateException("a bug")).execute()).isEqualTo(3);
        assertThat(errLines().get(0)).isEqualTo("java.lang.IllegalStateException: a bug");
        assertThat(err.toString()).contains("\tat ").doesNotContain("error:");
    }

    @Test
    void otherTafExceptionsPrintTheirFirstLineAsTheErrorAndIndentTheRest() {
        assertThat(throwing(new org.taf.runner.TafException("build of abc123 failed\nlast log line")).execute())
                .isEqualTo(3);
        assertThat(errLines()).containsExactly("error: build of abc123 failed", "  last log line");
    }
}

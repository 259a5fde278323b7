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

/** {@code taf calibrate}: registered, documented, and bad input is one clear error line with exit code 3. */
class CalibrateCommandTest {
    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cl = Main.commandLine(new LoadContext(dir, Map.of(), Path.of("/opt/jdk"), Path.of("/home/t")));
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    private List<String> errLines() {
        return err.toString().lines().toList();
    }

    @Test
    void isListedWithItsHelp() {
        assertThat(run("--help")).isZero();
        assertThat(out.toString()).contains("calibrate");
        assertThat(run("calibrate", "--help")).isZero();
        assertThat(out.toString()).contains("A/A pairs", "noise.json", "-D=KEY=VALUE");
    }

    @Test
    void aMissingFileIsAnError() {
        assertThat(run("calibrate", "missing.properties")).isEqualTo(3);
        assertThat(errLines()).containsExactly("error: missing.properties: no such file");
        err.getBuffer().setLength(0);
        assertThat(run("calibrate")).isEqualTo(3);
        assertThat(errLines()).containsExactly("error: Missing required parameter: 'FILE' (see taf calibrate --help)");
    }

    @Test
    void noWorkloadsIsAnErrorNamingTheKey() throws Exception {
        Files.writeString(dir.resolve("empty.properties"), "workload.tests =\n");
        assertThat(run("calibrate", "empty.properties")).isEqualTo(3);
        assertThat(errLines()).singleElement().asString().startsWith("error: empty.properties:1: workload.tests")
                .contains("must not be empty");
        assertThat(Files.exists(dir.resolve("results"))).isFalse();
    }

    @Test
    void aBadOverrideIsAnErrorNamingIt() throws Exception {
        Files.writeString(dir.resolve("c.properties"), "workload.tests = POINT_SELECT\n");
        assertThat(run("calibrate", "c.properties", "-Dmeasure.iterations=0")).isEqualTo(3);
        assertThat(errLines()).singleElement().asString().contains("measure.iterations").contains("0");
    }
}

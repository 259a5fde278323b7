package org.taf.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.config.LoadContext;
import picocli.CommandLine;

/** {@code taf convert} through picocli: stdout or {@code -o}, warnings on stderr, the input never overwritten. */
class ConvertCommandTest {
    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        // A TAF_* variable in the environment must not leak into the converted file.
        CommandLine cl = Main.commandLine(new LoadContext(dir, Map.of("TAF_WORKLOAD_SEED", "7"), Path.of("/opt/jdk"),
                Path.of("/home/t")));
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    @Test
    void writesTheCanonicalDefinitionToStdoutOrAFile() throws Exception {
        Files.writeString(dir.resolve("perl.properties"), String.join("\n", "taf.action=run-tests",
                "taf.duration=60", "[db_config_start]", "[mysqld]", "innodb-buffer-pool-size = 1G",
                "[db_config_end]", ""));
        assertThat(run("convert", "perl.properties")).isZero();
        assertThat(out.toString()).contains("\nname = perl\n", "\nengine.innodb_buffer_pool_size = 1G\n",
                "\nmeasure.duration = 60s\n", "\n# taf.action = run-tests  (line 1): TAF here always builds")
                .doesNotContain("workload.seed");
        assertThat(err.toString()).startsWith("warning: perl.properties:1: taf.action has no effect here: ");

        String stdout = out.toString();
        assertThat(run("convert", "perl.properties", "-o", "canonical.properties")).isZero();
        assertThat(Files.readString(dir.resolve("canonical.properties"))).isEqualTo(stdout);
        assertThat(run("validate", "canonical.properties")).isZero();
    }

    @Test
    void refusesToOverwriteItsInput() throws Exception {
        Files.writeString(dir.resolve("p.properties"), "taf.threads=4\n");
        assertThat(run("convert", "p.properties", "-o", "p.properties")).isEqualTo(3);
        assertThat(err.toString()).contains("error: p.properties: convert would overwrite its input");
        assertThat(Files.readString(dir.resolve("p.properties"))).isEqualTo("taf.threads=4\n");
    }
}

package org.taf.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.config.LoadContext;
import org.taf.runner.report.output.CsvExport;
import org.taf.runner.results.ResultsFixtures;
import org.taf.runner.results.ResultsStore;
import picocli.CommandLine;

/** {@code taf export} through picocli with an injected working directory. */
class ExportCommandTest {
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

    @Test
    void exportsCsvAndJmhJson() throws Exception {
        ResultsStore.write(dir.resolve("results/r1"), ResultsFixtures.small());
        assertThat(run("export", "results/r1", "--format", "csv")).isZero();
        assertThat(out.toString()).isEqualTo(CsvExport.render(List.of(ResultsFixtures.small())));
        // A header and the four iterations (two per side).
        assertThat(out.toString().split("\r\n")).hasSize(5);
        out.getBuffer().setLength(0);
        assertThat(run("export", "--format", "jmh-json", "results/r1/results.json")).isZero();
        var json = new ObjectMapper().readTree(out.toString());
        assertThat(json).hasSize(2);
        assertThat(json.get(1).get("params").get("side").asText()).isEqualTo("patch");
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void aBadOrMissingFormatOrAMissingFileIsOneErrorLine() {
        ResultsStore.write(dir.resolve("r1"), ResultsFixtures.small());
        assertThat(run("export", "r1", "--format", "xlsx")).isEqualTo(3);
        assertThat(err.toString()).isEqualTo("error: export: unknown --format 'xlsx' (accepted: csv, jmh-json)\n");
        assertThat(out.toString()).isEmpty();
        err.getBuffer().setLength(0);
        assertThat(run("export", "r1")).isEqualTo(3);
        assertThat(err.toString()).startsWith("error: Missing required option: '--format=FORMAT'");
        err.getBuffer().setLength(0);
        assertThat(run("export", "nowhere/results.json", "--format", "csv")).isEqualTo(3);
        assertThat(err.toString()).startsWith("error: cannot read ").contains("nowhere/results.json").hasLineCount(1);
    }
}

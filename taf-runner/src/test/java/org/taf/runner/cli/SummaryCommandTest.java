package org.taf.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.config.LoadContext;
import org.taf.runner.report.output.MarkdownSummary;
import org.taf.runner.report.output.SummaryWriter;
import org.taf.runner.results.ResultsFixtures;
import org.taf.runner.results.ResultsStore;
import picocli.CommandLine;

/** {@code taf summary} through picocli with an injected working directory. */
class SummaryCommandTest {
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
    void printsAStoredRunsSummaryInEachFormat() throws Exception {
        ResultsStore.write(dir.resolve("results/r1"), ResultsFixtures.small());
        assertThat(run("summary", "results/r1")).isZero();
        assertThat(out.toString()).isEqualTo(SummaryWriter.render(ResultsFixtures.small()));
        out.getBuffer().setLength(0);
        assertThat(run("summary", "results/r1/results.json", "--format", "markdown")).isZero();
        assertThat(out.toString()).isEqualTo(MarkdownSummary.render(ResultsFixtures.small()));
        out.getBuffer().setLength(0);
        assertThat(run("summary", "--format", "json", "results/r1")).isZero();
        var json = new ObjectMapper().readTree(out.toString());
        assertThat(json).hasSize(1);
        assertThat(json.get(0).get("run_id").asText()).isEqualTo("20261129-100000-quick");
        assertThat(json.get(0).get("cells").get(0).get("verdict").asText()).isEqualTo("IMPROVED");
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void severalRunsAreNamedInText() {
        ResultsStore.write(dir.resolve("a"), ResultsFixtures.small());
        ResultsStore.write(dir.resolve("b"), ResultsFixtures.copy(ResultsFixtures.small(), "20261129-110000-quick",
                "quick", ResultsFixtures.START, ResultsFixtures.START.plusSeconds(60),
                org.taf.runner.results.RunRecord.RunStatus.COMPLETED, null, ResultsFixtures.small().comparisons(),
                java.util.List.of()));
        assertThat(run("summary", "a", "b")).isZero();
        assertThat(out.toString()).startsWith("run 20261129-100000-quick:\ncomparison ")
                .contains("\n\nrun 20261129-110000-quick:\ncomparison ");
    }

    @Test
    void aBadFormatOrAMissingFileIsOneErrorLine() {
        ResultsStore.write(dir.resolve("r1"), ResultsFixtures.small());
        assertThat(run("summary", "r1", "--format", "html")).isEqualTo(3);
        assertThat(err.toString()).isEqualTo("error: summary: unknown --format 'html' (accepted: text, markdown,"
                + " json)\n");
        assertThat(out.toString()).isEmpty();
        err.getBuffer().setLength(0);
        assertThat(run("summary", "missing.json")).isEqualTo(3);
        assertThat(err.toString()).startsWith("error: cannot read ").contains("missing.json").hasLineCount(1);
        err.getBuffer().setLength(0);
        assertThat(run("summary")).isEqualTo(3);
        assertThat(err.toString()).startsWith("error: Missing required parameter: 'RESULTS'");
    }
}

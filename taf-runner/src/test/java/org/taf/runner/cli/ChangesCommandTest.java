package org.taf.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.config.LoadContext;
import org.taf.runner.db.ResultsDb;
import org.taf.runner.report.site.ChangePoints;
import org.taf.runner.report.site.HistoryFixtures;
import org.taf.runner.results.ResultsStore;
import org.taf.runner.results.RunRecord;
import picocli.CommandLine;

/** {@code taf changes}: the Regressions page's change points as lines a script (the nightly job) reads. */
class ChangesCommandTest {
    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cl = Main.commandLine(new LoadContext(dir, Map.of(), Path.of("/opt/jdk"), dir.resolve("home")));
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    private List<RunRecord> writeNights() {
        List<RunRecord> runs = HistoryFixtures.tenPercentStepAtNight17();
        runs.forEach(r -> ResultsStore.write(dir.resolve("results").resolve(r.runId()), r));
        return runs;
    }

    @Test
    void tsvNamesTheDefinitionAndTheCommitsToBisect() {
        List<RunRecord> runs = writeNights();
        assertThat(run("changes", "--format", "tsv")).as(err.toString()).isZero();
        String good = "c0000016" + "0".repeat(32);
        String bad = "c0000017" + "0".repeat(32);
        assertThat(out.toString().lines()).hasSize(2).first().isEqualTo(ChangePoints.TSV_HEADER);
        assertThat(out.toString().lines().skip(1).findFirst().orElseThrow().split("\t"))
                .startsWith(runs.get(17).definition().file(), good, bad, "POINT_SELECT", "2")
                .endsWith(runs.get(16).runId(), runs.get(17).runId(), "false", "tps");
    }

    @Test
    void newInKeepsOnlyTheChangesThoseRunsBrought() {
        List<RunRecord> runs = writeNights();
        assertThat(run("changes", "--regressions", "--new-in", runs.get(29).runId() + "," + runs.get(28).runId()))
                .isZero();
        assertThat(out.toString()).isEqualTo("no change point\n");
        out.getBuffer().setLength(0);
        assertThat(run("changes", "--new-in", runs.get(17).runId())).isZero();
        assertThat(out.toString()).startsWith("regression POINT_SELECT@2").contains("-10.")
                .contains("taf bisect --good c0000016");
    }

    @Test
    void fromTheDatabaseAsFromTheFiles() {
        List<RunRecord> runs = writeNights();
        String url = "jdbc:sqlite:" + dir.resolve("r.db");
        ResultsDb db = ResultsDb.open(url);
        runs.forEach(db::write);
        assertThat(run("changes", "--format", "tsv")).isZero();
        String files = out.toString();
        out.getBuffer().setLength(0);
        assertThat(run("changes", "--from-db", "--format", "tsv", "-Dresults.db.url=" + url))
                .as(err.toString())
                .isZero();
        assertThat(out.toString()).isEqualTo(files);
    }

    @Test
    void aStepAtAnEnvironmentChangeIsListedOnlyWhenSegmentsAreJoined() {
        HistoryFixtures.tenPercentStepAtAKernelChange()
                .forEach(r -> ResultsStore.write(dir.resolve("results").resolve(r.runId()), r));
        assertThat(run("changes")).isZero();
        assertThat(out.toString()).isEqualTo("no change point\n");
        out.getBuffer().setLength(0);
        assertThat(run("changes", "--join-segments")).isZero();
        assertThat(out.toString()).startsWith("regression POINT_SELECT@2").contains("; at an environment change");
        out.getBuffer().setLength(0);
        assertThat(run("changes", "--join-segments", "--format", "tsv")).isZero();
        assertThat(out.toString().lines().skip(1).findFirst().orElseThrow()).endsWith("\ttrue\ttps");
    }

    @Test
    void badFormatsAndKeysAreErrors() {
        assertThat(run("changes", "--format", "csv")).isEqualTo(3);
        assertThat(err.toString()).contains("--format csv is not text or tsv");
        err.getBuffer().setLength(0);
        assertThat(run("changes", "-Dworkload.threads=2")).isEqualTo(3);
        assertThat(err.toString()).contains("changes: unknown key -Dworkload.threads");
    }
}

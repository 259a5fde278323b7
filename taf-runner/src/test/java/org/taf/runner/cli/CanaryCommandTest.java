package org.taf.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.taf.runner.health.CanaryRuns.night;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.ExitCode;
import org.taf.runner.config.LoadContext;
import org.taf.runner.db.ResultsDb;
import org.taf.runner.results.Canary;
import org.taf.runner.stats.Verdict;
import picocli.CommandLine;

/**
 * {@code taf health} over canary runs stored in a temporary database, and what {@code taf canary} refuses before it
 * takes the measuring lock (the runs themselves: {@code CanaryEndToEndIT}).
 */
class CanaryCommandTest {
    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        LoadContext context = new LoadContext(dir, Map.of("TAF_MEASURE_LOCK", dir.resolve("measure.lock").toString()),
                Path.of("/opt/jdk"), dir.resolve("home"));
        CommandLine cl = Main.commandLine(context);
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    private ResultsDb db() {
        return ResultsDb.open("jdbc:sqlite:" + dir.resolve("results.db"));
    }

    @Test
    void healthPrintsALinePerHostAndExits2WhenARateMissesItsTarget() {
        ResultsDb db = db();
        for (int n = 0; n < 6; n++) {
            db.write(night(n, Canary.PLANTED, "perf1", Verdict.REGRESSED, 0.95, 7));
            db.write(night(n, Canary.AA, "perf1", Verdict.NO_CHANGE, 1.0, 7));
            db.write(night(n, Canary.PLANTED, "perf2", n == 0 ? Verdict.REGRESSED : Verdict.NO_CHANGE, 0.99, 7));
            db.write(night(n, Canary.AA, "perf2", Verdict.NO_CHANGE, 1.0, 7));
        }
        assertThat(run("health", "-Dresults.db.url=jdbc:sqlite:results.db")).as(err.toString())
                .isEqualTo(ExitCode.INCONCLUSIVE.code());
        String[] lines = out.toString().split("\n");
        assertThat(lines).hasSize(3);
        assertThat(lines[0]).startsWith("gate on perf1 (host ").contains(": caught 6 of 6 planted slowdowns");
        assertThat(lines[1]).startsWith("gate on perf2 (host ").contains(": caught 1 of 6 planted slowdowns");
        assertThat(lines[2]).startsWith("alarm: gate on perf2 (host ")
                .contains("the catch rate is below its target: 1 of 6 planted slowdowns caught");
    }

    @Test
    void healthIsQuietWithoutCanariesAndAboutAnotherHost() {
        assertThat(run("health", "-Dresults.db.url=jdbc:sqlite:results.db")).isZero();
        assertThat(out.toString()).isEqualTo("taf health: no canary runs in jdbc:sqlite:" + dir.resolve("results.db")
                + ": run taf canary FILE first\n");
        out.getBuffer().setLength(0);
        db().write(night(0, Canary.PLANTED, "perf1", Verdict.NO_CHANGE, 0.99, 7));
        assertThat(run("health", "--this-host", "-Dresults.db.url=jdbc:sqlite:results.db")).isZero();
        assertThat(out.toString()).contains("no canary runs in ").contains(" from this host (");
    }

    @Test
    void healthReadsOnlyTheDatabaseKeys() {
        assertThat(run("health", "-Dstats.power=0.9")).isEqualTo(ExitCode.ERROR.code());
        assertThat(err.toString()).contains("error: -Dstats.power: health reads only results.db.url and"
                + " results.db.password");
        assertThat(run("health", "-Dresults.db.url=none")).isEqualTo(ExitCode.ERROR.code());
        assertThat(err.toString()).contains("results.db.url is none: there is no results database to read canaries");
    }

    @Test
    void aCanaryOfADefinitionWhoseSidesDifferIsRefusedBeforeTheLock() throws Exception {
        Files.writeString(dir.resolve("sides.properties"), "patch.engine.innodb_buffer_pool_size = 64M\n");
        assertThat(run("canary", "sides.properties")).isEqualTo(ExitCode.ERROR.code());
        assertThat(err.toString()).contains("sides.properties: patch.engine.innodb_buffer_pool_size: taf canary runs"
                + " one revision with one set of engine settings on both sides");
        assertThat(dir.resolve("measure.lock")).doesNotExist();
    }

    @Test
    void eachOutcomeReadsAsACatchAMissOrAFalseAlarm() {
        assertThat(CanaryCommand.outcome(ExitCode.REGRESSION, Canary.PLANTED)).isEqualTo("REGRESSED, caught");
        assertThat(CanaryCommand.outcome(ExitCode.PASS, Canary.PLANTED)).isEqualTo("passed, missed");
        assertThat(CanaryCommand.outcome(ExitCode.REGRESSION, Canary.AA)).isEqualTo("REGRESSED, a false alarm");
        assertThat(CanaryCommand.outcome(ExitCode.PASS, Canary.AA)).isEqualTo("passed, no false alarm");
        assertThat(CanaryCommand.outcome(ExitCode.INCONCLUSIVE, Canary.PLANTED))
                .isEqualTo("inconclusive, undecided (not caught)");
    }
}

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
import org.taf.runner.db.ResultsDb;
import org.taf.runner.report.RunFinder;
import picocli.CommandLine;

/**
 * {@code taf import}, {@code taf publish --from-db} and {@code results.db.url} on the command line, with the
 * user's home in a temporary directory (the embedded default lives under it).
 */
class ImportCommandTest {
    private static final Path COMMITTED = Path.of("../site-runs").toAbsolutePath().normalize();

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(Map<String, String> env, String... args) {
        CommandLine cl = Main.commandLine(new LoadContext(dir, env, Path.of("/opt/jdk"), dir.resolve("home")));
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    @Test
    void importsTheCommittedRunsIntoTheDefaultDatabaseOnceAndReplacesThemAfter() {
        assertThat(run(Map.of(), "import", COMMITTED.toString())).as(err.toString()).isZero();
        Path db = dir.resolve("home/.local/share/taf/results.db");
        int committed = RunFinder.findAll(COMMITTED).size(); // the site's runs: more as stories are published
        assertThat(committed).isGreaterThanOrEqualTo(2);
        assertThat(out.toString()).isEqualTo("imported " + committed + " runs into jdbc:sqlite:" + db + ": " + committed
                + " new, 0 replaced\n");
        assertThat(ResultsDb.open("jdbc:sqlite:" + db).readAll()).isEqualTo(RunFinder.findAll(COMMITTED));

        out.getBuffer().setLength(0);
        Path one = COMMITTED.resolve("20261130-020755-quick");
        assertThat(run(Map.of(), "import", one.toString(), COMMITTED.resolve("20261130-014214-mdev33966/results.json")
                .toString())).isZero();
        assertThat(out.toString()).endsWith(": 0 new, 2 replaced\n");
        assertThat(ResultsDb.open("jdbc:sqlite:" + db).readAll()).hasSize(committed);
    }

    @Test
    void theUrlComesFromDashDOrTheEnvironmentAndNoneIsRefused() {
        assertThat(run(Map.of(), "import", COMMITTED.toString(), "-Dresults.db.url=jdbc:sqlite:d/r.db")).isZero();
        assertThat(dir.resolve("d/r.db")).isRegularFile();
        assertThat(run(Map.of("TAF_RESULTS_DB_URL", "jdbc:sqlite:e.db"), "import", COMMITTED.toString(),
                "-Dresults.db.url=jdbc:sqlite:x.db")).isZero();
        assertThat(dir.resolve("e.db")).isRegularFile();
        assertThat(dir.resolve("x.db")).doesNotExist();

        assertThat(run(Map.of(), "import", COMMITTED.toString(), "-Dresults.db.url=none")).isEqualTo(3);
        assertThat(err.toString())
                .contains("error: results.db.url is none: there is no results database to import into");
        assertThat(run(Map.of(), "import", COMMITTED.toString(), "-Dresults.db.url=postgres")).isEqualTo(3);
        assertThat(err.toString()).contains("error: -Dresults.db.url: results.db.url (postgres) must be none,"
                + " jdbc:sqlite:FILE or jdbc:mariadb://HOST:PORT/DATABASE");
        assertThat(dir.resolve("home/.local/share/taf")).doesNotExist();
    }

    @Test
    void aFileThatIsNotResultsStoresNothing() throws Exception {
        Files.writeString(dir.resolve("bad.json"), "{}");
        assertThat(run(Map.of(), "import", COMMITTED.toString(), "bad.json", "-Dresults.db.url=jdbc:sqlite:r.db"))
                .isEqualTo(3);
        assertThat(err.toString()).contains("bad.json is not a TAF results file");
        assertThat(dir.resolve("r.db")).doesNotExist();
    }

    @Test
    void publishFromTheDatabaseRendersEveryStoredRun() {
        assertThat(run(Map.of(), "import", COMMITTED.toString(), "-Dresults.db.url=jdbc:sqlite:r.db")).isZero();
        out.getBuffer().setLength(0);
        assertThat(run(Map.of(), "publish", "--from-db", "-Dresults.db.url=jdbc:sqlite:r.db", "-Doutput.site_dir=s"))
                .as(err.toString()).isZero();
        assertThat(out.toString()).startsWith("published " + RunFinder.findAll(COMMITTED).size() + " posts to s (");
        assertThat(dir.resolve("s/posts/20261130-020755-quick/index.html")).isRegularFile();
        assertThat(dir.resolve("s/posts/20261130-014214-mdev33966/index.html")).isRegularFile();
        // Again: the site's digests hold every run as stored, so none is read or rendered.
        out.getBuffer().setLength(0);
        assertThat(run(Map.of(), "publish", "--from-db", "-Dresults.db.url=jdbc:sqlite:r.db", "-Doutput.site_dir=s"))
                .as(err.toString()).isZero();
        assertThat(out.toString()).startsWith("published 0 posts to s (");

        assertThat(run(Map.of(), "publish", "--from-db", "-Dresults.db.url=jdbc:sqlite:empty.db")).isEqualTo(3);
        assertThat(err.toString()).contains("error: publish --from-db: no runs in results database jdbc:sqlite:"
                + dir.resolve("empty.db"));
        assertThat(run(Map.of(), "publish", "--from-db", "-Dresults.db.url=none")).isEqualTo(3);
        assertThat(err.toString()).contains("results.db.url is none");
    }

    @Test
    void aRunWithAnUnreachableDatabaseFailsBeforeMeasuringAnything() {
        Path definition = Path.of("../properties/quick.properties").toAbsolutePath().normalize();
        int code = run(
                Map.of(),
                "run",
                definition.toString(),
                "-Dresults.db.url=jdbc:mariadb://127.0.0.1:1/taf?user=u&connectTimeout=1000",
                "-Dresults.db.password=pw",
                "-Dcache.dir=" + dir.resolve("cache"),
                "-Doutput.results_dir=" + dir.resolve("results"),
                "-Dlaunch.java=" + System.getProperty("java.home") + "/bin/java",
                "-Dlaunch.aot_cache=false");
        assertThat(code).isEqualTo(3);
        assertThat(err.toString()).contains("error: cannot reach results database jdbc:mariadb://127.0.0.1:1/taf"
                + "?user=u&connectTimeout=1000").doesNotContain("=pw");
        assertThat(dir.resolve("results")).doesNotExist();
        assertThat(dir.resolve("cache")).doesNotExist();
    }
}

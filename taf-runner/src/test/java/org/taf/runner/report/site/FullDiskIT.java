package org.taf.runner.report.site;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.cli.Main;
import org.taf.runner.config.LoadContext;
import org.taf.runner.db.DbException;
import org.taf.runner.db.ResultsDb;
import org.taf.runner.report.ReportException;
import org.taf.runner.report.SitePaths;
import org.taf.runner.report.Sites;
import org.taf.runner.results.ResultsFixtures;
import org.taf.runner.results.ResultsStore;
import org.taf.runner.results.RunRecord;
import org.taf.runner.sys.SysException;

/**
 * A full disk, for real: a tmpfs of 8 MB mounted by the test (it runs as root; a mount that fails fails the
 * test), filled to its last byte. Writing the site, a results.json or a run into SQLite then fails with one
 * error naming the path (or the database's URL), and leaves what was there whole: no truncated JSON, HTML or
 * database, no temporary file behind.
 */
class FullDiskIT {
    @TempDir
    Path tmp;
    Path disk;

    @BeforeEach
    void mount() throws Exception {
        disk = Files.createDirectories(tmp.resolve("disk"));
        String out = sh("mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", disk.toString());
        assertThat(Files.getFileStore(disk).type()).as("a tmpfs mounted on " + disk + " (mount says: " + out
                + "); this test needs root to mount one").isEqualTo("tmpfs");
    }

    @AfterEach
    void unmount() throws Exception {
        sh("umount", disk.toString());
    }

    @Test
    void aPublishOnAFullDiskIsOneErrorAndLeavesTheOldSite() throws Exception {
        List<RunRecord> nights = SitePublishKillIT.nights();
        Path site = disk.resolve("site");
        Sites.publisher(site).add(nights.subList(0, 5));
        fill();
        assertThatThrownBy(() -> Sites.publisher(site).add(List.of(nights.get(5))))
                .isInstanceOf(ReportException.class)
                .hasMessageStartingWith("cannot publish site " + site + ", kept as it was: cannot write " + disk)
                .hasMessageContaining("No space left on device");
        assertThat(Sites.brokenLinks(site)).isEmpty();
        assertThat(Sites.text(site.resolve(SitePaths.INDEX))).doesNotContain(nights.get(5).runId());
        assertThat(leftovers()).isEmpty();

        // Through the command line: one error line, exit 3.
        Path results = disk.resolve("results");
        Files.createDirectories(results.resolve(nights.get(6).runId())); // an empty directory takes no block
        StringWriter err = new StringWriter();
        var cl = Main.commandLine(new LoadContext(tmp, Map.of(), Path.of("/opt/jdk"), tmp));
        cl.setOut(new PrintWriter(new StringWriter(), true));
        cl.setErr(new PrintWriter(err, true));
        Files.delete(disk.resolve("filler")); // room for the results, not for the site
        ResultsStore.write(results.resolve(nights.get(6).runId()), nights.get(6));
        fill();
        assertThat(cl.execute("publish", "-Doutput.site_dir=" + site, "-Doutput.results_dir=" + results))
                .isEqualTo(3);
        assertThat(err.toString().lines().toList()).singleElement().asString()
                .startsWith("error: cannot publish site " + site).contains("No space left on device");
        assertThat(Sites.brokenLinks(site)).isEmpty();
        assertThat(leftovers()).isEmpty();
    }

    @Test
    void resultsJsonAndTheDatabaseOnAFullDiskAreErrorsNamingThemAndKeepWhatTheyHeld() throws Exception {
        RunRecord small = ResultsFixtures.small();
        Path runDir = disk.resolve("results/" + small.runId());
        ResultsStore.write(runDir, small);
        String url = "jdbc:sqlite:" + disk.resolve("results.db");
        ResultsDb.open(url).write(small);
        RunRecord bigger = ResultsFixtures.copy(small, small.runId(), small.name(), small.startedAt(),
                small.finishedAt(), small.status(), "x".repeat(200_000), small.comparisons(), small.warnings());
        RunRecord another = ResultsFixtures.copy(bigger, "20261129-110000-quick", small.name(),
                small.startedAt().plusSeconds(3600), small.finishedAt(), small.status(), bigger.failure(),
                small.comparisons(), small.warnings());
        fill();

        assertThatThrownBy(() -> ResultsStore.write(runDir, bigger)).isInstanceOf(SysException.class)
                .hasMessageStartingWith("cannot write " + runDir.resolve("results.json"))
                .hasMessageContaining("No space left on device");
        assertThat(ResultsStore.read(runDir)).isEqualTo(small);
        assertThatThrownBy(() -> ResultsDb.open(url).write(another)).isInstanceOf(DbException.class)
                .hasMessageContaining(url);
        assertThat(leftovers()).isEmpty();

        Files.delete(disk.resolve("filler"));
        ResultsDb db = ResultsDb.open(url);
        assertThat(db.readAll()).containsExactly(small);
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("PRAGMA integrity_check")) {
            assertThat(r.next()).isTrue();
            assertThat(r.getString(1)).isEqualTo("ok");
        }
    }

    /** Fills the disk to its last byte with {@code filler}, in ever smaller writes. */
    private void fill() throws IOException {
        try (OutputStream out = Files.newOutputStream(disk.resolve("filler"))) {
            for (int chunk = 1 << 16; chunk > 0; chunk /= 2) {
                byte[] b = new byte[chunk];
                try {
                    while (true) {
                        out.write(b);
                        out.flush();
                    }
                } catch (IOException full) {
                    // this size no longer fits: try a smaller one
                }
            }
        }
    }

    /** Temporary files or staging directories left on the disk. */
    private List<Path> leftovers() throws IOException {
        try (Stream<Path> all = Files.walk(disk)) {
            return all.filter(p -> p.getFileName().toString().endsWith(".tmp")
                    || p.getFileName().toString().startsWith(".site.staging")).toList();
        }
    }

    private static String sh(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(String.join(" ", command) + ": " + out).isZero();
        return out;
    }
}

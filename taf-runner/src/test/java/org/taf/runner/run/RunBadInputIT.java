package org.taf.runner.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.jar.JarOutputStream;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.lib.PersonIdent;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.cli.Main;
import org.taf.runner.config.LoadContext;
import picocli.CommandLine;

/**
 * {@code taf run} on bad input: each is one clear error line and exit code 3, and nothing is
 * measured. The repository's "build" copies a jar that is no jar, so the engine it makes dies at
 * once, which is one of the cases.
 */
class RunBadInputIT {
    @TempDir
    static Path dir;

    @BeforeAll
    static void repository() throws Exception {
        Path repo = dir.resolve("repo");
        Files.createDirectories(repo);
        try (JarOutputStream jar = new JarOutputStream(Files.newOutputStream(repo.resolve("broken.jar")))) {
            jar.putNextEntry(new java.util.jar.JarEntry("README"));
            jar.write("no main class here".getBytes(StandardCharsets.UTF_8));
        }
        PersonIdent who = new PersonIdent("TAF test", "taf@example.org");
        try (Git git = Git.init().setDirectory(repo.toFile()).setInitialBranch("main").call()) {
            git.add().addFilepattern(".").call();
            git.commit().setMessage("first").setAuthor(who).setCommitter(who).call();
            Files.writeString(repo.resolve("second.txt"), "2");
            git.add().addFilepattern(".").call();
            git.commit().setMessage("second").setAuthor(who).setCommitter(who).call();
        }
        Files.writeString(dir.resolve("bad.properties"), String.join("\n",
                "repository = repo",
                "cache.dir = cache",
                "output.results_dir = results",
                "results.db.url = jdbc:sqlite:results.db",
                "output.publish = false",
                "build.command = mkdir -p engine/target && cp broken.jar engine/target/engine.jar",
                "measure.duration = 2s",
                "warmup.enabled = false",
                "rest.enabled = false",
                ""), StandardCharsets.UTF_8);
    }

    /** Exit code and stderr of {@code taf args...}. */
    private static Object[] taf(String... args) {
        LoadContext ctx = new LoadContext(dir, Map.of(), Path.of(System.getProperty("java.home")),
                Path.of(System.getProperty("user.home")));
        CommandLine cl = Main.commandLine(ctx);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        cl.setErr(new PrintWriter(err, true, StandardCharsets.UTF_8));
        int code = cl.execute(args);
        return new Object[] {code, err.toString(StandardCharsets.UTF_8)};
    }

    private static void assertError(Object[] result, String... fragments) {
        assertThat((int) result[0]).as("exit code; stderr: %s", result[1]).isEqualTo(3);
        String err = (String) result[1];
        assertThat(err).startsWith("error: ");
        for (String f : fragments) {
            assertThat(err).contains(f);
        }
    }

    @Test
    void aMissingFile() {
        assertError(taf("run", "nope.properties"), "nope.properties", "no such file");
    }

    @Test
    void anUnknownKeyABadDurationZeroThreadsAndAnUnknownWorkload() throws IOException {
        Files.writeString(dir.resolve("typos.properties"), "workload.thread = 2\nmeasure.duration = 10 parsecs\n"
                + "workload.threads = 0\nworkload.tests = POINT_SELEKT\noutput.results_dir = typo-results\n");
        assertError(taf("run", "typos.properties"), "typos.properties:1", "workload.thread", "did you mean",
                "typos.properties:2", "measure.duration", "typos.properties:3", "must be >= 1",
                "typos.properties:4", "POINT_SELEKT");
        assertThat(dir.resolve("typo-results")).as("nothing ran").doesNotExist();
    }

    @Test
    void anUnresolvableRevision() {
        assertError(taf("run", "bad.properties", "-Dpatch=no-such-branch"), "no-such-branch");
    }

    @Test
    void compareWithAnUnresolvableParent() {
        assertError(taf("compare", "--parent", "nope~3", "--patch", "HEAD", "bad.properties"), "nope~3");
    }

    @Test
    void aFailedBuildNamesTheCommitAndShowsTheLog() {
        assertError(taf("run", "bad.properties", "-Dbuild.command=echo compiling; echo broken >&2; exit 7"),
                "first", "exit status 7", "broken");
    }

    @Test
    void anEngineThatDiesOnStart() {
        assertError(taf("run", "bad.properties"), "engine exited", "during startup", "Invalid or corrupt jarfile");
    }

    @Test
    void aPortInUse() throws IOException {
        try (ServerSocket busy = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            assertError(taf("run", "bad.properties", "-Dlaunch.port=" + busy.getLocalPort()),
                    Integer.toString(busy.getLocalPort()), "in use");
        }
    }
}

package org.taf.engine.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * engine.jar as its own process: option file and command line, the ready line, the pid file, the
 * {@code mariadb} command-line client, SIGTERM with a clean shutdown whose data survives a
 * restart, a datadir in use, and a bad variable.
 */
class EngineProcessIT {
    private static final Path JAR = Path.of("target", "engine.jar");
    private static final Pattern READY = Pattern.compile("^engine: ready for connections on 127\\.0\\.0\\.1:(\\d+)"
            + " \\(version 11\\.4\\.2-TAF\\)$");

    @TempDir
    Path dir;

    private static String java() {
        return ProcessHandle.current().info().command().orElse("java");
    }

    /** A running engine.jar and the port of its ready line. */
    private record Running(Process process, int port, List<String> stdout) {}

    private Path config() throws IOException {
        return Files.writeString(
                dir.resolve("my.cnf"),
                "[client]\nport = 1\n\n[mysqld]\ndatadir = " + dir.resolve("data")
                        + "\n"
                        + "innodb-buffer-pool-size = 32M\n"
                        + "users = root:,bench:s3cret\n"
                        + "# the port comes from the command line\n");
    }

    private Running start(String... extra) throws Exception {
        List<String> cmd =
                new ArrayList<>(List.of(java(), "-jar", JAR.toString(), "--defaults-file=" + config(), "--port=0"));
        cmd.addAll(List.of(extra));
        Process p = new ProcessBuilder(cmd).redirectError(dir.resolve("stderr.txt").toFile()).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String line = out.readLine();
        assertThat(line).as("ready line; stderr: " + Files.readString(dir.resolve("stderr.txt"))).isNotNull();
        Matcher m = READY.matcher(line);
        assertThat(m.matches()).as(line).isTrue();
        List<String> rest = new ArrayList<>();
        Thread drain = new Thread(() -> out.lines().forEach(rest::add));
        drain.setDaemon(true);
        drain.start();
        return new Running(p, Integer.parseInt(m.group(1)), rest);
    }

    private static String[] client(int port, String user, String password, String sql) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("mariadb", "--protocol=TCP", "-h", "127.0.0.1", "-P",
                Integer.toString(port), "-u", user, "--batch"));
        if (!password.isEmpty()) {
            cmd.add("-p" + password);
        }
        cmd.addAll(List.of("-e", sql));
        Process p = new ProcessBuilder(cmd).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        return new String[] {Integer.toString(p.exitValue()), out, err};
    }

    @Test
    void serveTheMariadbClientStopOnSigtermAndKeepTheData() throws Exception {
        Running r = start();
        Path pid = dir.resolve("data").resolve("engine.pid");
        try {
            assertThat(Files.readString(pid).strip()).isEqualTo(Long.toString(r.process().pid()));
            String[] res = client(r.port(), "root", "", "CREATE DATABASE cli; USE cli;"
                    + " CREATE TABLE t (id INT NOT NULL AUTO_INCREMENT, name VARCHAR(20), PRIMARY KEY (id));"
                    + " INSERT INTO t (name) VALUES ('alpha'), ('beta'), (NULL);"
                    + " SELECT id, name FROM t ORDER BY id DESC; SELECT @@version_comment;");
            assertThat(res[0]).as(res[2]).isEqualTo("0");
            assertThat(res[1]).isEqualTo("id\tname\n3\tNULL\n2\tbeta\n1\talpha\n@@version_comment\nTAF engine\n");
            String[] bench = client(
                    r.port(), "bench", "s3cret", "SELECT COUNT(*) FROM cli.t; SHOW STATUS LIKE 'Threads_connected'");
            assertThat(bench[1]).isEqualTo("COUNT(*)\n3\nVariable_name\tValue\nThreads_connected\t1\n");
            String[] denied = client(r.port(), "bench", "wrong", "SELECT 1");
            assertThat(denied[0]).isEqualTo("1");
            assertThat(denied[2])
                    .contains("ERROR 1045 (28000): Access denied for user 'bench'@'127.0.0.1' (using password: YES)");
            String[] bad = client(r.port(), "root", "", "SELECT * FROM cli.nope");
            assertThat(bad[2]).contains("ERROR 1146 (42S02)");

            Process second = new ProcessBuilder(
                            java(), "-jar", JAR.toString(), "--defaults-file=" + config(), "--port=0")
                    .start();
            assertThat(second.waitFor(60, TimeUnit.SECONDS)).isTrue();
            String secondErr = new String(second.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(second.exitValue()).isEqualTo(1);
            assertThat(secondErr.lines().toList())
                    .singleElement()
                    .asString()
                    .startsWith("engine: error: datadir ")
                    .contains("is in use by a live server (pid " + r.process().pid());
            assertThat(new String(second.getInputStream().readAllBytes(), StandardCharsets.UTF_8)).isEmpty();
        } finally {
            r.process().destroy(); // SIGTERM
            assertThat(r.process().waitFor(60, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(r.process().exitValue()).as("the JVM's exit status after SIGTERM").isEqualTo(143);
        assertThat(pid).doesNotExist();
        String log = Files.readString(dir.resolve("data").resolve("engine.err"));
        assertThat(log).contains("[Note] ready for connections on 127.0.0.1:" + r.port())
                .contains("[Note] engine closed: dirty pages flushed").contains("[Note] shutdown complete");
        assertThat(log.lines().filter(l -> l.contains("[ERROR]")).toList()).as("the refused second server logs why")
                .singleElement().asString().contains("is in use by a live server");
        assertThat(r.stdout()).isEmpty();

        Running again = start();
        try {
            String[] res = client(again.port(), "root", "", "SELECT name FROM cli.t WHERE id = 2");
            assertThat(res[1]).isEqualTo("name\nbeta\n");
        } finally {
            again.process().destroy();
            assertThat(again.process().waitFor(60, TimeUnit.SECONDS)).isTrue();
        }
    }

    @Test
    void aBadVariableIsOneErrorLineAndExitCode1() throws Exception {
        Process p = new ProcessBuilder(java(), "-jar", JAR.toString(), "--defaults-file=" + config(),
                "--innodb_page_size=3K").start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.exitValue()).isEqualTo(1);
        assertThat(err)
                .isEqualTo("engine: error: command line: innodb_page_size = '3K': must be between 4096 and 65536\n");
        assertThat(dir.resolve("data")).doesNotExist();

        Process heap = new ProcessBuilder(java(), "-Xmx300m", "-jar", JAR.toString(), "--defaults-file=" + config(),
                "--innodb-buffer-pool-size=1G").start();
        assertThat(heap.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(new String(heap.getErrorStream().readAllBytes(), StandardCharsets.UTF_8))
                .startsWith("engine: error: innodb_buffer_pool_size = 1024M does not fit in the JVM heap (max ")
                .contains("start java with -Xmx1280m or more").endsWith("\n").hasLineCount(1);
        assertThat(heap.exitValue()).isEqualTo(1);

        Process q = new ProcessBuilder(java(), "-jar", JAR.toString(), "--max-connections=lots").start();
        assertThat(q.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(new String(q.getErrorStream().readAllBytes(), StandardCharsets.UTF_8))
                .isEqualTo("engine: error: command line: max_connections = 'lots': not a number\n");
        assertThat(q.exitValue()).isEqualTo(1);
    }
}

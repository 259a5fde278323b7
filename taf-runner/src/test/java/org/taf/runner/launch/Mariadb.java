package org.taf.runner.launch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.taf.runner.sys.Processes;

/** Stock MariaDB from Debian for the integration tests: a datadir template and the launch command. */
final class Mariadb {
    static final Path MARIADBD = Path.of("/usr/sbin/mariadbd");
    /** Small redo log and buffer pool: a 21 MB template copies in milliseconds and starts in about a second. */
    static final String LOG_FILE_SIZE = "4M";

    private Mariadb() {}

    /** Runs mariadb-install-db into {@code dir} (the template every test copies). */
    static Path installTemplate(Path dir) throws IOException, InterruptedException {
        Path log = dir.resolveSibling(dir.getFileName() + "-install.log");
        // its own tmpdir: /tmp is shared with other jobs, and a vanished temporary table fails the install
        Path tmp = Files.createDirectories(dir.resolveSibling(dir.getFileName() + "-tmp"));
        Process p = new ProcessBuilder(
                        "mariadb-install-db",
                        "--no-defaults",
                        "--auth-root-authentication-method=normal",
                        "--datadir=" + dir,
                        "--innodb-log-file-size=" + LOG_FILE_SIZE,
                        "--tmpdir=" + tmp)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("mariadb-install-db finished").isTrue();
        assertThat(p.exitValue()).as("mariadb-install-db exit code; log " + Files.readString(log)).isZero();
        return dir;
    }

    /**
     * The command for mariadbd on {@code datadir}, socket and tmpdir beside it, with {@code extra} arguments at the
     * end.
     */
    static List<String> command(Path datadir, int port, String... extra) throws IOException {
        SortedMap<String, String> vars = new TreeMap<>();
        vars.put("tmpdir", Files.createDirectories(datadir.resolveSibling("tmp")).toString());
        vars.put("innodb_log_file_size", LOG_FILE_SIZE);
        vars.put("innodb_buffer_pool_size", "32M");
        // No grants: any user may connect. The socket path stays short (a Unix socket's is at most 107 bytes).
        List<String> cmd = new ArrayList<>(List.of(MARIADBD.toString(), "--no-defaults", "--user=root",
                "--datadir=" + datadir, "--bind-address=127.0.0.1", "--port=" + port,
                "--socket=" + datadir.resolveSibling("sock"), "--skip-grant-tables"));
        vars.forEach((name, value) -> cmd.add("--" + name + "=" + value));
        cmd.addAll(List.of(extra));
        return cmd;
    }

    /** Pids of running processes (not zombies, not this JVM) whose command line contains {@code marker}. */
    static List<Long> processesMentioning(String marker) throws IOException {
        List<Long> out = new ArrayList<>();
        long self = ProcessHandle.current().pid();
        try (var dirs = Files.newDirectoryStream(Path.of("/proc"), p -> p.getFileName().toString().matches("\\d+"))) {
            for (Path d : dirs) {
                long pid = Long.parseLong(d.getFileName().toString());
                if (pid == self) {
                    continue;
                }
                String cmdline;
                try {
                    cmdline = new String(Files.readAllBytes(d.resolve("cmdline")), StandardCharsets.UTF_8);
                } catch (IOException gone) {
                    continue;
                }
                if (cmdline.contains(marker) && Processes.running(pid)) {
                    out.add(pid);
                }
            }
        }
        return out;
    }
}

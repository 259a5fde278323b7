package org.taf.runner.workload;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A throw-away MariaDB for integration tests: {@code mariadb-install-db} into a temporary directory, then
 * {@code mariadbd} on 127.0.0.1 and a free port without grant tables, ready once a JDBC connection succeeds.
 * {@link #close()} stops it (SIGTERM, then SIGKILL) and deletes its directory; a JVM shutdown hook does the
 * same if the tests never get there. Public for the other stages' tests that need a real MariaDB (the results
 * database's).
 */
public final class MariaDbServer implements AutoCloseable {
    private static final String MARIADBD = "/usr/sbin/mariadbd";
    private static final long READY_TIMEOUT_MS = 60_000;

    private final Path dir;
    private final Process process;
    private final int port;
    private final Thread hook;

    private MariaDbServer(Path dir, Process process, int port) {
        this.dir = dir;
        this.process = process;
        this.port = port;
        this.hook = new Thread(process::destroyForcibly, "mariadbd-killer");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    public static MariaDbServer start() throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("taf-mariadb-");
        Path data = dir.resolve("data");
        run(List.of("mariadb-install-db", "--no-defaults", "--auth-root-authentication-method=normal",
                "--datadir=" + data), dir.resolve("install.log"));
        IllegalStateException last = null;
        for (int attempt = 0; attempt < 3; attempt++) { // another process may take the port we probed
            int port = freePort();
            Path log = dir.resolve("mariadbd-" + port + ".log");
            Process p = new ProcessBuilder(MARIADBD, "--no-defaults", "--user=root", "--datadir=" + data,
                    "--bind-address=127.0.0.1", "--port=" + port, "--socket=" + dir.resolve("sock"),
                    "--pid-file=" + dir.resolve("mariadbd.pid"), "--skip-grant-tables", "--skip-name-resolve",
                    "--innodb-buffer-pool-size=256M")
                    .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            MariaDbServer server = new MariaDbServer(dir, p, port);
            try {
                server.awaitReady(log);
                return server;
            } catch (IllegalStateException e) {
                last = e;
                server.stopProcess();
            }
        }
        deleteTree(dir);
        throw last;
    }

    /** The port it listens on, on 127.0.0.1; user root, no password (no grant tables). */
    public int port() {
        return port;
    }

    TestServer server() {
        return new TestServer("127.0.0.1", port, "root", "");
    }

    private void awaitReady(Path log) throws InterruptedException, IOException {
        ConnectionSettings probe = new ConnectionSettings("127.0.0.1", port, "root", "", "mysql");
        long deadline = System.currentTimeMillis() + READY_TIMEOUT_MS;
        SQLException last = null;
        while (System.currentTimeMillis() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("mariadbd on port " + port + " exited with " + process.exitValue()
                        + "; log tail:\n" + tail(log));
            }
            try (Connection c = Jdbc.connect(probe)) {
                return;
            } catch (SQLException e) {
                last = e;
                Thread.sleep(100);
            }
        }
        throw new IllegalStateException("mariadbd did not accept connections on 127.0.0.1:" + port + " within "
                + READY_TIMEOUT_MS + " ms (" + last + "); log tail:\n" + tail(log));
    }

    private static void run(List<String> command, Path log) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException(command.get(0) + " did not finish within 120 s; log tail:\n" + tail(log));
        }
        if (p.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed with " + p.exitValue()
                    + "; log tail:\n" + tail(log));
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    static String tail(Path log) throws IOException {
        if (!Files.exists(log)) {
            return "(no log)";
        }
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
    }

    private void stopProcess() throws InterruptedException {
        process.destroy(); // SIGTERM: mariadbd shuts down cleanly
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is already shutting down: the hook runs anyway
        }
    }

    @Override
    public void close() throws Exception {
        stopProcess();
        deleteTree(dir);
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}

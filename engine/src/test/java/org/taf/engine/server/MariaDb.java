package org.taf.engine.server;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real MariaDB for the cross-check tests, started as the engine's benchmarks start one
 * (bench/vs-mariadb.sh): {@code mariadb-install-db --no-defaults} into a directory, then
 * {@code mariadbd --no-defaults} on 127.0.0.1 and a free port, user root without a password.
 * Ready once a JDBC connection succeeds (bounded: 60 s); {@link #close()} stops it with SIGTERM
 * (SIGKILL after 30 s). A JVM shutdown hook kills it if a test never gets there.
 */
final class MariaDb implements AutoCloseable {
    private static final long READY_MS = 60_000;
    private final Process process;
    private final int port;
    private final Path log;
    private final Thread hook;

    private MariaDb(Process process, int port, Path log) {
        this.process = process;
        this.port = port;
        this.log = log;
        this.hook = new Thread(process::destroyForcibly, "mariadbd-killer");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** Installs a datadir under {@code dir} and starts mariadbd on it. */
    static MariaDb start(Path dir, String... options) throws IOException, InterruptedException {
        Path data = dir.resolve("data");
        Path installLog = dir.resolve("install.log");
        Process install = new ProcessBuilder("mariadb-install-db", "--no-defaults", "--datadir=" + data,
                "--auth-root-authentication-method=normal").redirectErrorStream(true)
                .redirectOutput(installLog.toFile()).start();
        if (!install.waitFor(120, TimeUnit.SECONDS) || install.exitValue() != 0) {
            install.destroyForcibly();
            throw new IllegalStateException("mariadb-install-db failed; log tail:\n" + tail(installLog));
        }
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        Path log = dir.resolve("mariadbd.log");
        List<String> command = new java.util.ArrayList<>(List.of("mariadbd", "--no-defaults", "--user=root",
                "--datadir=" + data, "--bind-address=127.0.0.1", "--port=" + port, "--socket=" + dir.resolve("sock"),
                "--pid-file=" + dir.resolve("mariadbd.pid"), "--skip-name-resolve", "--innodb-buffer-pool-size=64M",
                "--innodb-log-file-size=48M"));
        command.addAll(List.of(options));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        MariaDb db = new MariaDb(p, port, log);
        db.awaitReady();
        return db;
    }

    private void awaitReady() throws InterruptedException, IOException {
        long deadline = System.currentTimeMillis() + READY_MS;
        SQLException last = null;
        while (System.currentTimeMillis() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("mariadbd exited with " + process.exitValue() + "; log "
                        + "tail:\n" + tail(log));
            }
            try {
                connect("", "").close();
                return;
            } catch (SQLException e) {
                last = e;
                Thread.sleep(100);
            }
        }
        close();
        throw new IllegalStateException("mariadbd did not accept connections on 127.0.0.1:" + port + " "
                + "within " + READY_MS
                + " ms (" + last + "); log tail:\n" + tail(log));
    }

    Connection connect(String database, String options) throws SQLException {
        return DriverManager.getConnection("jdbc:mariadb://127.0.0.1:" + port + "/" + database
                + (options.isEmpty() ? "" : "?" + options), "root", "");
    }

    private static String tail(Path log) throws IOException {
        if (!Files.exists(log)) {
            return "(no log)";
        }
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is shutting down: the hook runs anyway
        }
    }
}

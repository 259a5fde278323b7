package org.taf.runner.run;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;
import java.util.TreeMap;
import org.taf.runner.config.EngineSettings;
import org.taf.runner.config.LaunchSettings;
import org.taf.runner.git.AtomicCacheDir;
import org.taf.runner.launch.EngineCommands;
import org.taf.runner.launch.EngineRuntime;
import org.taf.runner.launch.LaunchSpec;
import org.taf.runner.launch.PortFinder;
import org.taf.runner.launch.RunningEngine;
import org.taf.runner.workload.ConnectionSettings;
import org.taf.runner.workload.DataLoader;
import org.taf.runner.workload.DataSpec;

/**
 * Prepares sysbench's tables once per (build, data spec, page size) with the side's own engine,
 * stops it cleanly, and keeps the datadir as a template under {@code <cache>/data/}; every
 * iteration then starts on a fresh copy. A build of another commit gets its own template, since
 * the on-disk format may differ between commits.
 */
final class DataPreparer {
    private final Path cacheDir;
    private final EngineRuntime runtime;
    private final LaunchSettings launch;
    private final PrintStream log;

    DataPreparer(Path cacheDir, EngineRuntime runtime, LaunchSettings launch, PrintStream log) {
        this.cacheDir = cacheDir;
        this.runtime = runtime;
        this.launch = launch;
        this.log = log;
    }

    /** The template datadir for this side and data; made on first use. */
    Path template(PreparedSide side, DataSpec data, ConnectionSettings account) {
        EngineSettings engine = side.side().engine();
        String pageSize = engine.asMap().getOrDefault("innodb_page_size", "default");
        String key = sha256(side.build().cacheKey() + "|" + data.cacheKey() + "|page=" + pageSize).substring(0, 20);
        Path dir = cacheDir.resolve("data").resolve(key);
        try {
            boolean cached = AtomicCacheDir.createOnce(dir, tmp -> load(side, data, account, tmp));
            log.printf("taf: %-28s data %s %s%n", side.side().describe(), data.cacheKey(), cached ? "(cached)" : "prepared");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare data in " + dir, e);
        }
        return dir.resolve("datadir");
    }

    private void load(PreparedSide side, DataSpec data, ConnectionSettings account, Path tmp) throws IOException {
        Path datadir = Files.createDirectories(tmp.resolve("datadir"));
        int port = launch.port() == 0 ? PortFinder.freePort() : launch.port();
        TreeMap<String, String> vars = new TreeMap<>(side.side().engine().asMap());
        var cmd = EngineCommands.tafEngine(launch.java(), launch.jvmArgs(), side.build().artifact(), datadir, port,
                tmp.resolve("engine.pid"), tmp.resolve("prepare.log"), vars);
        LaunchSpec spec = new LaunchSpec(cmd, tmp, new TreeMap<>(), port, datadir, tmp.resolve("prepare.log"),
                launch.startupTimeout(), launch.shutdownTimeout(), Optional.empty());
        try (RunningEngine engine = runtime.start(spec)) {
            ConnectionSettings c = new ConnectionSettings("127.0.0.1", port, account.user(), account.password(),
                    account.database());
            DataLoader loader = new DataLoader(c);
            loader.ensureDatabase();
            loader.prepare(data, Math.min(data.tables(), Runtime.getRuntime().availableProcessors()));
            engine.stop();
        }
        Files.deleteIfExists(tmp.resolve("engine.pid"));
        Files.writeString(tmp.resolve("data.txt"), "data " + data.cacheKey() + "\nbuild " + side.build().cacheKey()
                + "\nprepared by " + side.tree().label() + "\n", StandardCharsets.UTF_8);
    }

    private static String sha256(String s) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}

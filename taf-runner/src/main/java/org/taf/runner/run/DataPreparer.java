package org.taf.runner.run;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import org.taf.runner.config.EngineSettings;
import org.taf.runner.config.TestDefinition;
import org.taf.runner.git.AtomicCacheDir;
import org.taf.runner.launch.DataDirectories;
import org.taf.runner.launch.EngineCommands;
import org.taf.runner.launch.EngineRuntime;
import org.taf.runner.launch.JavaVersion;
import org.taf.runner.launch.LaunchException;
import org.taf.runner.launch.LaunchSpec;
import org.taf.runner.launch.PortFinder;
import org.taf.runner.launch.RunningEngine;
import org.taf.runner.workload.ConnectionSettings;
import org.taf.runner.workload.DataLoader;
import org.taf.runner.workload.DataSpec;
import org.taf.runner.workload.LoadGenerator;
import org.taf.runner.workload.TproccConsistency;
import org.taf.runner.workload.Workload;
import org.taf.runner.workload.sample.SampleListener;

/**
 * What every engine start of a build begins from, made once per build and cached under
 * {@code cache.dir}: the datadir template (sysbench's tables and TPROC-C's warehouses, as the definition's
 * workloads need them, prepared with the side's own engine, TPROC-C's checked with {@code workload.check_after_load},
 * and stopped cleanly; every start runs on a fresh copy), and with {@code launch.aot_cache} the engine's
 * ahead-of-time cache (JDK 25+, JEP 514/515): one training run on a copy of the template under each
 * of the definition's workloads, whose exit writes the classes and method profiles a fresh JVM then
 * starts from, so the JIT compiles sooner. A build of another commit gets its own of both, since the
 * on-disk format and the classes may differ between commits.
 */
final class DataPreparer {
    /** The cache file inside its directory. */
    static final String AOT_FILE = "engine.aot";

    private final TestDefinition def;
    private final EngineRuntime runtime;
    private final PrintStream log;

    DataPreparer(TestDefinition def, EngineRuntime runtime, PrintStream log) {
        this.def = def;
        this.runtime = runtime;
        this.log = log;
    }

    /** The template datadir for this side and data; made on first use. */
    Path template(PreparedSide side, DataSpec data) {
        EngineSettings engine = side.side().engine();
        String pageSize = engine.asMap().getOrDefault("innodb_page_size", "default");
        String key = sha256(side.build().cacheKey() + "|" + data.cacheKey() + "|page=" + pageSize).substring(0, 20);
        Path dir = def.cacheDir().resolve("data").resolve(key);
        try {
            boolean cached = AtomicCacheDir.createOnce(dir, tmp -> load(side, data, tmp));
            log.printf("taf: %-28s data %s %s%n", side.side().describe(), data.cacheKey(),
                    cached ? "(cached)" : "prepared");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare data in " + dir, e);
        }
        return dir.resolve("datadir");
    }

    /**
     * The engine JVM's arguments for this side: {@code launch.jvm_args}, and with {@code launch.aot_cache}
     * the cache of this build (trained now on first use).
     */
    List<String> jvmArgs(PreparedSide side, Path template) {
        List<String> args = new ArrayList<>(def.launch().jvmArgs());
        if (def.launch().aotCache()) {
            args.add("-XX:AOTCache=" + aotCache(side, template));
        }
        return List.copyOf(args);
    }

    /** The AOT cache of this build, JVM and workloads; trained on first use. */
    private Path aotCache(PreparedSide side, Path template) {
        JavaVersion v = JavaVersion.of(def.launch().java());
        String key = sha256(side.build().cacheKey() + "|" + template + "|" + def.launch().java() + "|" + v.line() + "|"
                + def.launch().jvmArgs() + "|" + def.tests() + "|" + def.maxThreads() + "|"
                + def.launch().aotTraining()).substring(0, 20);
        Path dir = def.cacheDir().resolve("aot").resolve(key);
        try {
            boolean cached = AtomicCacheDir.createOnce(dir, tmp -> train(side, template, tmp));
            log.printf("taf: %-28s AOT cache %s%n", side.side().describe(), cached ? "(cached)" : "trained");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot train the AOT cache in " + dir, e);
        }
        return dir.resolve(AOT_FILE);
    }

    private void train(PreparedSide side, Path template, Path tmp) throws IOException {
        Path data = DataDirectories.copyTemplate(template, tmp.resolve("data"));
        List<String> args = new ArrayList<>(def.launch().jvmArgs());
        args.add("-XX:AOTCacheOutput=" + tmp.resolve(AOT_FILE));
        LaunchSpec spec = spec(side, args, data, tmp, "training.log");
        try (RunningEngine engine = runtime.start(spec)) {
            for (Workload w : def.tests()) {
                new LoadGenerator(def.workload().onPort(engine.port()), null).run(w, def.maxThreads(),
                        def.launch().aotTraining(), SampleListener.NONE);
            }
            engine.stop(); // the JVM writes the cache as it exits
        } finally {
            DataDirectories.delete(tmp.resolve("data"));
            Files.deleteIfExists(tmp.resolve("engine.pid"));
        }
        if (!Files.isRegularFile(tmp.resolve(AOT_FILE))) {
            throw new LaunchException("the AOT training run of " + side.side().describe() + " wrote no cache "
                    + tmp.resolve(AOT_FILE) + "; see " + tmp.resolve("training.log"));
        }
    }

    private void load(PreparedSide side, DataSpec data, Path tmp) throws IOException {
        Path datadir = Files.createDirectories(tmp.resolve("datadir"));
        LaunchSpec spec = spec(side, def.launch().jvmArgs(), datadir, tmp, "prepare.log");
        try (RunningEngine engine = runtime.start(spec)) {
            ConnectionSettings c = def.workload().onPort(engine.port()).connection();
            DataLoader loader = new DataLoader(c);
            loader.ensureDatabase();
            int parts = Math.max(data.tables(), data.warehouses());
            loader.prepare(data, Math.max(1, Math.min(parts, Runtime.getRuntime().availableProcessors())));
            if (data.warehouses() > 0 && def.workload().checkAfterLoad()) {
                // A loader that breaks TPC-C's conditions would make every measurement of this build meaningless.
                TproccConsistency.check(c, data.warehouses(), "after loading, " + side.side().describe());
            }
            engine.stop();
        }
        Files.deleteIfExists(tmp.resolve("engine.pid"));
        Files.writeString(tmp.resolve("data.txt"), "data " + data.cacheKey() + "\nbuild " + side.build().cacheKey()
                + "\nprepared by " + side.tree().label() + "\n", StandardCharsets.UTF_8);
    }

    private LaunchSpec spec(PreparedSide side, List<String> jvmArgs, Path datadir, Path dir, String logName) {
        int port = def.launch().port() == 0 ? PortFinder.freePort() : def.launch().port();
        var cmd = EngineCommands.tafEngine(def.launch().java(), jvmArgs, side.build().artifact(), datadir, port,
                dir.resolve("engine.pid"), dir.resolve(logName), new TreeMap<>(side.side().engine().asMap()));
        return def.launch().spec(cmd, dir, port, datadir, dir.resolve(logName), Optional.empty());
    }

    private static String sha256(String s) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}

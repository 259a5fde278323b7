package org.taf.runner.workload;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import org.taf.engine.config.EngineConfig;
import org.taf.engine.server.Server;
import org.taf.engine.server.ServerLog;

/** TAF's engine serving on a free port of 127.0.0.1 in this JVM, on a temporary datadir. */
final class TafEngineServer implements AutoCloseable {
    private final Path dir;
    private final Server server;

    private TafEngineServer(Path dir, Server server) {
        this.dir = dir;
        this.server = server;
    }

    static TafEngineServer start() throws IOException {
        Path dir = Files.createTempDirectory("taf-engine-it");
        EngineConfig config = EngineConfig.of(Map.of("datadir", dir.resolve("data").toString(), "port", "0",
                "innodb_buffer_pool_size", "128M"));
        return new TafEngineServer(dir, Server.start(config, ServerLog.to(new StringWriter(), Clock.systemUTC())));
    }

    TestServer server() {
        return new TestServer("127.0.0.1", server.port(), "root", "");
    }

    @Override
    public void close() throws IOException {
        server.close();
        try (var files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}

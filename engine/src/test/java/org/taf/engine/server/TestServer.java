package org.taf.engine.server;

import java.io.StringWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import org.taf.engine.config.EngineConfig;

/** A server in this JVM on a free port over a temporary datadir, for the integration tests. */
final class TestServer implements AutoCloseable {
    final Server server;
    final StringWriter log = new StringWriter();

    private TestServer(Server server) {
        this.server = server;
    }

    /** Starts a server on {@code datadir}; {@code settings} are name, value pairs. */
    static TestServer start(Path datadir, String... settings) {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("datadir", datadir.toString());
        s.put("port", "0");
        s.put("innodb_buffer_pool_size", "64M");
        for (int i = 0; i < settings.length; i += 2) {
            s.put(settings[i], settings[i + 1]);
        }
        StringWriter log = new StringWriter();
        Server server = Server.start(EngineConfig.of(s), ServerLog.to(log, Clock.systemUTC()));
        return new TestServer(server);
    }

    int port() {
        return server.port();
    }

    String url(String database, String options) {
        return "jdbc:mariadb://127.0.0.1:" + port() + "/" + database + (options.isEmpty() ? "" : "?" + options);
    }

    Connection connect(String database, String options) throws SQLException {
        return DriverManager.getConnection(url(database, options), "root", "");
    }

    @Override
    public void close() {
        server.close();
    }
}

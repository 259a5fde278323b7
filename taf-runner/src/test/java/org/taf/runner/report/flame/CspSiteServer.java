package org.taf.runner.report.flame;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Serves a directory on 127.0.0.1 at a free port with the Content-Security-Policy that Jenkins puts
 * on archived and published HTML by default, and remembers requests that missed.
 */
final class CspSiteServer implements AutoCloseable {
    /** {@code hudson.model.DirectoryBrowserSupport.CSP}'s default value. */
    static final String JENKINS_CSP = "sandbox; default-src 'none'; img-src 'self'; style-src 'self';";
    private final HttpServer server;
    private final Path root;
    private final List<String> misses = new CopyOnWriteArrayList<>();

    CspSiteServer(Path root) throws IOException {
        this.root = root.toAbsolutePath().normalize();
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        server.start();
    }

    String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/" + path;
    }

    List<String> misses() {
        return misses;
    }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            String path = ex.getRequestURI().getPath();
            Path file = root.resolve(path.substring(1)).normalize();
            if (!file.startsWith(root) || !Files.isRegularFile(file)) {
                misses.add(path);
                ex.sendResponseHeaders(404, -1);
                return;
            }
            byte[] body = Files.readAllBytes(file);
            String name = file.toString();
            ex.getResponseHeaders().set("Content-Type", name.endsWith(".css") ? "text/css; charset=utf-8"
                    : name.endsWith(".svg") ? "image/svg+xml" : "text/html; charset=utf-8");
            ex.getResponseHeaders().set("Content-Security-Policy", JENKINS_CSP);
            ex.sendResponseHeaders(200, body.length);
            try (OutputStream out = ex.getResponseBody()) {
                out.write(body);
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}

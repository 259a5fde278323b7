package org.taf.runner.report.site;

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
 * Serves a rendered site over HTTP on 127.0.0.1 at a free port, as a web server would (content
 * types, 404), and remembers every request, and those that missed, so a test can tell a broken link or a
 * stylesheet that did not load from a page that merely looks right, and what a page fetched.
 */
final class StaticSiteServer implements AutoCloseable {
    /** {@code hudson.model.DirectoryBrowserSupport.CSP}'s default value: what Jenkins serves published HTML with. */
    static final String JENKINS_CSP = "sandbox; default-src 'none'; img-src 'self'; style-src 'self';";
    private final HttpServer server;
    private final Path root;
    private final String csp;
    private final List<String> misses = new CopyOnWriteArrayList<>();
    private final List<String> requests = new CopyOnWriteArrayList<>();

    StaticSiteServer(Path root) throws IOException {
        this(root, null);
    }

    /** Serving every file with the Content-Security-Policy {@code csp} (null for none). */
    StaticSiteServer(Path root, String csp) throws IOException {
        this.root = root.toAbsolutePath().normalize();
        this.csp = csp;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::handle);
        server.start();
    }

    /** The paths asked for, in order. */
    List<String> requests() {
        return requests;
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
            requests.add(path);
            Path file = root.resolve(path.substring(1)).normalize();
            if (Files.isDirectory(file)) {
                file = file.resolve("index.html");
            }
            if (!file.startsWith(root) || !Files.isRegularFile(file)) {
                misses.add(path);
                ex.sendResponseHeaders(404, -1);
                return;
            }
            byte[] body = Files.readAllBytes(file);
            ex.getResponseHeaders().set("Content-Type", type(file.toString()));
            if (csp != null) {
                ex.getResponseHeaders().set("Content-Security-Policy", csp);
            }
            ex.sendResponseHeaders(200, body.length);
            try (OutputStream out = ex.getResponseBody()) {
                out.write(body);
            }
        }
    }

    private static String type(String name) {
        return name.endsWith(".html") ? "text/html; charset=utf-8" : name.endsWith(".css") ? "text/css; charset=utf-8"
                : name.endsWith(".xml") ? "application/atom+xml; charset=utf-8"
                : name.endsWith(".json") ? "application/json" : name.endsWith(".svg") ? "image/svg+xml"
                : "application/octet-stream";
    }

    @Override
    public void close() {
        server.stop(0);
    }
}

package org.taf.runner.report.site;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.taf.runner.results.ResultsStore;

/**
 * What a site's pages were rendered with, {@code data/render.json}, so that the next publish renders only the
 * pages whose inputs changed: the render key (the templates, the message bundle, the stylesheet, the runner's
 * version and the change-point search across segments or not) and each kept Markdown page's source hash. A
 * key unlike this runner's renders every page once (a new template, a new runner); a site without the file
 * (written before it existed) too.
 *
 * @param renderKey what the pages were rendered with
 * @param pages     each kept page's name and the SHA-256 of its source
 */
record SiteState(String renderKey, Map<String, String> pages) {
    static final String FILE = "data/render.json";
    /** The runner's inputs to every page besides the records; a template added to the site is added here. */
    private static final List<String> RESOURCES = List.of("templates/layout.ftlh", "templates/post.ftlh",
            "templates/history.ftlh", "templates/index.ftlh", "templates/regressions.ftlh", "templates/page.ftlh",
            "templates/feed.ftlx", "templates/messages_en.properties", "templates/static/taf.css",
            "templates/static/favicon.svg", "templates/glossary.md", "org/taf/runner/cli/version.properties");
    private static final String RESOURCES_HASH = resourcesHash();

    SiteState {
        pages = Map.copyOf(pages);
    }

    /** This runner's key for a site of {@code edition}, searching across segments or not. */
    static String renderKey(String edition, boolean joinSegments) {
        return sha256((RESOURCES_HASH + "|" + edition + "|join=" + joinSegments).getBytes(StandardCharsets.UTF_8));
    }

    /** The state a site keeps; none (every page to render) when missing or unreadable. */
    static SiteState read(Path siteDir) {
        Path file = siteDir.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            return new SiteState("", Map.of());
        }
        try {
            var tree = ResultsStore.json().readTree(file.toFile());
            Map<String, String> pages = new TreeMap<>();
            tree.path("pages").fields().forEachRemaining(e -> pages.put(e.getKey(), e.getValue().asText()));
            return new SiteState(tree.path("render_key").asText(""), pages);
        } catch (IOException e) {
            return new SiteState("", Map.of());
        }
    }

    byte[] json() {
        Map<String, Object> out = new TreeMap<>();
        out.put("format_version", 1);
        out.put("render_key", renderKey);
        out.put("pages", new TreeMap<>(pages));
        try {
            return ResultsStore.json().writeValueAsBytes(out);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("cannot serialize the site's render state", e);
        }
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String resourcesHash() {
        StringBuilder all = new StringBuilder();
        for (String name : RESOURCES) {
            try (InputStream in = SiteState.class.getClassLoader().getResourceAsStream(name)) {
                all.append(name).append('=').append(in == null ? "missing" : sha256(in.readAllBytes())).append('\n');
            } catch (IOException e) {
                throw new IllegalStateException("cannot read " + name, e);
            }
        }
        return sha256(all.toString().getBytes(StandardCharsets.UTF_8));
    }
}

package org.taf.runner.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.taf.runner.report.site.SitePublisher;
import org.taf.runner.results.RunRecord;

/** Helpers for tests that render a site and read it back. */
public final class Sites {
    private Sites() {}

    public static SitePublisher publisher(Path dir) {
        return new SitePublisher(dir, Messages.english(), p -> Optional.of(SiteFixtures.NARRATIVE));
    }

    public static SitePublisher.Published publish(Path dir, List<RunRecord> runs) {
        return publisher(dir).publish(runs);
    }

    public static Document html(Path file) throws IOException {
        return Jsoup.parse(file.toFile(), "UTF-8");
    }

    public static String text(Path file) throws IOException {
        return Files.readString(file, StandardCharsets.UTF_8);
    }

    /** Every file under {@code dir} with its bytes as text, by relative path. */
    public static Map<String, String> tree(Path dir) throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.filter(Files::isRegularFile).toList()) {
                out.put(dir.relativize(p).toString(), Files.readString(p, StandardCharsets.UTF_8));
            }
        }
        return out;
    }

    /**
     * Every link of every page of {@code site} that does not resolve: a relative href or src whose file is
     * missing, or whose fragment names no element of its page. Links with a scheme ({@code https:},
     * {@code data:}) are not the site's and are not followed.
     */
    public static List<String> brokenLinks(Path site) throws IOException {
        List<String> broken = new java.util.ArrayList<>();
        Map<Path, Document> parsed = new java.util.HashMap<>();
        List<Path> pages;
        try (Stream<Path> files = Files.walk(site)) {
            pages = files.filter(p -> p.toString().endsWith(".html")).sorted().toList();
        }
        for (Path page : pages) {
            Document doc = parsed.computeIfAbsent(page, Sites::parseQuietly);
            for (org.jsoup.nodes.Element e : doc.select("[href], [src]")) {
                String ref = e.hasAttr("href") ? e.attr("href") : e.attr("src");
                java.net.URI uri = java.net.URI.create(ref);
                if (uri.getScheme() != null) {
                    continue;
                }
                Path target = uri.getPath() == null || uri.getPath().isEmpty() ? page
                        : page.getParent().resolve(uri.getPath()).normalize();
                if (!target.startsWith(site) || !Files.isRegularFile(target)) {
                    broken.add(site.relativize(page) + ": " + ref);
                } else if (uri.getFragment() != null && target.toString().endsWith(".html") && parsed
                        .computeIfAbsent(target, Sites::parseQuietly).getElementById(uri.getFragment()) == null) {
                    broken.add(site.relativize(page) + ": " + ref + " (no such fragment)");
                }
            }
        }
        return broken;
    }

    private static Document parseQuietly(Path file) {
        try {
            return html(file);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    public static Path post(SitePublisher.Published site, RunRecord run) {
        return site.siteDir().resolve("posts").resolve(run.runId()).resolve("index.html");
    }
}

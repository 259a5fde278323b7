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
import org.taf.runner.results.RunRecord;

/** Helpers for tests that render a site and read it back. */
final class Sites {
    private Sites() {}

    static SitePublisher publisher(Path dir) {
        return new SitePublisher(dir, Messages.english(), p -> Optional.of(SiteFixtures.NARRATIVE));
    }

    static SitePublisher.Published publish(Path dir, List<RunRecord> runs) {
        return publisher(dir).publish(runs);
    }

    static Document html(Path file) throws IOException {
        return Jsoup.parse(file.toFile(), "UTF-8");
    }

    static String text(Path file) throws IOException {
        return Files.readString(file, StandardCharsets.UTF_8);
    }

    /** Every file under {@code dir} with its bytes as text, by relative path. */
    static Map<String, String> tree(Path dir) throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.filter(Files::isRegularFile).toList()) {
                out.put(dir.relativize(p).toString(), Files.readString(p, StandardCharsets.UTF_8));
            }
        }
        return out;
    }

    static Path post(SitePublisher.Published site, RunRecord run) {
        return site.siteDir().resolve("posts").resolve(run.runId()).resolve("index.html");
    }
}

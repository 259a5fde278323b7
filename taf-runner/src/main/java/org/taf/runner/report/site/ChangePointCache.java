package org.taf.runner.report.site;

import com.fasterxml.jackson.core.type.TypeReference;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.taf.runner.results.ResultsStore;
import org.taf.runner.stats.EDivisive;

/**
 * The change points of each searched stretch of a history series, remembered by a hash of its values and of
 * the search's options, so a publish searches only the series that got a point (the search is most of a
 * history page's cost: about 0.8 s for 1,000 points, docs/benchmarks/history-and-db.md). Kept in the site,
 * {@code data/change-points.json}, holding the stretches the last publish searched: a series that changed
 * drops its old entry. The search is deterministic (a fixed seed), so a hit is what a search would give.
 */
final class ChangePointCache {
    /** Bump when the search changes in a way its options do not show: every entry is then searched again. */
    private static final int FORMAT_VERSION = 1;
    private static final TypeReference<Map<String, List<EDivisive.ChangePoint>>> ENTRIES = new TypeReference<>() {};

    private final Map<String, List<EDivisive.ChangePoint>> known;
    private final Map<String, List<EDivisive.ChangePoint>> used = new ConcurrentHashMap<>();
    private int searched;

    private ChangePointCache(Map<String, List<EDivisive.ChangePoint>> known) {
        this.known = known;
    }

    /** A cache that remembers nothing from before ({@code taf changes}, a first publish). */
    static ChangePointCache empty() {
        return new ChangePointCache(Map.of());
    }

    /** The cache a site keeps in {@code file}; empty when it is missing or unreadable (all searched again). */
    static ChangePointCache read(Path file) {
        if (!Files.isRegularFile(file)) {
            return empty();
        }
        try {
            var tree = ResultsStore.json().readTree(file.toFile());
            if (tree.path("format_version").asInt() != FORMAT_VERSION) {
                return empty();
            }
            return new ChangePointCache(ResultsStore.json().convertValue(tree.path("stretches"), ENTRIES));
        } catch (IOException | IllegalArgumentException e) {
            return empty(); // a cache: what it lacks is searched again
        }
    }

    /** {@link EDivisive#detect(double[], EDivisive.Options)}, or what it gave for the same values before. */
    List<EDivisive.ChangePoint> detect(double[] values, EDivisive.Options options) {
        String key = key(values, options);
        List<EDivisive.ChangePoint> hit = known.get(key);
        if (hit == null) {
            hit = used.get(key);
        }
        if (hit == null) {
            hit = List.copyOf(EDivisive.detect(values, options));
            synchronized (this) {
                searched++;
            }
        }
        used.put(key, hit);
        return hit;
    }

    /** How many stretches were searched rather than found here. */
    synchronized int searched() {
        return searched;
    }

    /** The entries this publish used, as JSON: what the next one starts from. */
    byte[] json() {
        Map<String, Object> out = new TreeMap<>();
        out.put("format_version", FORMAT_VERSION);
        out.put("stretches", new TreeMap<>(used));
        try {
            return ResultsStore.json().writeValueAsBytes(out);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("cannot serialize the change-point cache", e);
        }
    }

    private static String key(double[] values, EDivisive.Options o) {
        try {
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            d.update(o.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
            ByteBuffer b = ByteBuffer.allocate(Double.BYTES * values.length);
            for (double v : values) {
                b.putDouble(v);
            }
            d.update(b.array());
            return HexFormat.of().formatHex(d.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}

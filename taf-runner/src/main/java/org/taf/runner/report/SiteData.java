package org.taf.runner.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.taf.runner.results.ResultsException;
import org.taf.runner.results.ResultsStore;
import org.taf.runner.results.RunRecord;
import org.taf.runner.sys.AtomicWrite;

/**
 * The runs a site holds, in its data directory: each run's results ({@code data/runs/<run-id>/results.json}, the
 * record its post is made from; a run is held when this file is there) and its digest
 * ({@code data/digests/<run-id>.json}, what the shared pages show of it, {@link RunDigest}). A publish reads the
 * digests of the runs it does not render and the records of those it does. A digest that is missing, unreadable
 * or of another format is made again from the run's record and kept: a site written before digests existed gets
 * them at its next publish, at the cost of reading every record once.
 *
 * <p>One small file per run (about 6 KB for 30 cells) rather than one for all: reading them costs about what one
 * file would (docs/benchmarks/rules-evidence.md), but a publish writes only the digests of its runs, and the
 * site's swap ({@link SiteSwap}) links the others, where one file would be written whole, and synced, by every
 * publish.
 */
final class SiteData {
    /** Not indented: a digest is read by the next publish, not by people. Sorted keys keep its bytes stable. */
    private static final ObjectMapper JSON = ResultsStore.json().disable(SerializationFeature.INDENT_OUTPUT);

    private SiteData() {}

    /**
     * A held run read from its data file.
     *
     * @param run  its record
     * @param hash the content hash of the file's bytes ({@link ResultsStore#contentHash})
     */
    record Held(RunRecord run, String hash) {
    }

    /** The ids of the runs the site at {@code dir} holds, sorted. */
    static List<String> ids(Path dir) {
        Path runs = dir.resolve(SitePaths.DATA_RUNS);
        if (!Files.isDirectory(runs)) {
            return List.of();
        }
        try (Stream<Path> dirs = Files.list(runs)) {
            return dirs.filter(d -> Files.isRegularFile(d.resolve(ResultsStore.FILE_NAME)))
                    .map(d -> d.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw new ReportException("cannot list the runs of site " + dir + ": " + e.getMessage(), e);
        }
    }

    /** The records of the runs the site at {@code dir} holds but those of {@code except}'s ids. */
    static List<RunRecord> records(Path dir, Set<String> except) {
        return RunFinder.read(ids(dir).stream().filter(id -> !except.contains(id))
                .map(id -> dir.resolve(SitePaths.data(id))).toList());
    }

    /** The held run {@code runId}: its record and the hash of its data file. */
    static Held read(Path dir, String runId) {
        Path file = dir.resolve(SitePaths.data(runId));
        try {
            byte[] bytes = Files.readAllBytes(file);
            return new Held(ResultsStore.parse(new String(bytes, StandardCharsets.UTF_8), file.toString()),
                    ResultsStore.contentHash(bytes));
        } catch (IOException | ResultsException e) {
            throw new ReportException("cannot read run " + runId + " of site " + dir + ": " + e.getMessage(), e);
        }
    }

    /**
     * The digest of every run the site at {@code dir} holds, by run id; one missing, unreadable or of another
     * format is made from the run's record in the words of {@code m} and written into {@code dir} (a staging
     * directory: the site's swap makes it the site's).
     */
    static Map<String, RunDigest> digests(Path dir, Messages m) {
        Map<String, RunDigest> out = new LinkedHashMap<>();
        List<String> missing = new ArrayList<>();
        for (String id : ids(dir)) {
            RunDigest d = digest(dir.resolve(SitePaths.digest(id)));
            if (d == null || !d.runId().equals(id)) {
                missing.add(id);
            } else {
                out.put(id, d);
            }
        }
        for (String id : missing) {
            Held held = read(dir, id);
            RunDigest d = RunDigest.of(held.run(), held.hash(), m);
            AtomicWrite.write(dir.resolve(SitePaths.digest(id)), json(d));
            out.put(id, d);
        }
        return out;
    }

    /** {@code d} as its file holds it: deterministic bytes. */
    static byte[] json(RunDigest d) {
        try {
            return JSON.writeValueAsBytes(d);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("cannot serialize the digest of run " + d.runId(), e);
        }
    }

    /** The digest in {@code file}; null when it is missing, unreadable or of another format (it is made again). */
    static RunDigest digest(Path file) {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            RunDigest d = JSON.readValue(file.toFile(), RunDigest.class);
            return d.formatVersion() == RunDigest.FORMAT_VERSION ? d : null;
        } catch (IOException | RuntimeException e) {
            return null; // a cache of the record: made again from it
        }
    }
}

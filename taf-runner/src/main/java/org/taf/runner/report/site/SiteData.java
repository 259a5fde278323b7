package org.taf.runner.report.site;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.taf.runner.report.Messages;
import org.taf.runner.report.ReportException;
import org.taf.runner.report.RunFinder;
import org.taf.runner.report.SitePaths;
import org.taf.runner.results.ResultsStore;
import org.taf.runner.results.RunRecord;
import org.taf.runner.sys.AtomicWrite;

/**
 * The runs a site holds: each run's digest ({@code data/digests/<run-id>.json}, what the shared pages show of it,
 * {@link RunDigest}; a run is held when its digest is there). The records themselves are in the site's
 * {@link RunStore}, outside the site. A digest that is unreadable or of another format is made again from the
 * run's record.
 *
 * <p>One small file per run (about 6 KB for 30 cells) rather than one for all: reading them costs about what one
 * file would (docs/benchmarks/rules-evidence.md), but a publish writes only the digests of its runs, and the
 * site's swap ({@link SiteSwap}) links the others, where one file would be written whole, and synced, by every
 * publish.
 */
final class SiteData {
    /** Not indented: a digest is read by the next publish, not by people. Sorted keys keep its bytes stable. */
    private static final ObjectMapper JSON = ResultsStore.json().disable(SerializationFeature.INDENT_OUTPUT);
    private static final String SUFFIX = ".json";

    private SiteData() {}

    /** The ids of the runs the site at {@code dir} holds, sorted. */
    static List<String> ids(Path dir) {
        Path digests = dir.resolve(SitePaths.DATA_DIGESTS);
        if (!Files.isDirectory(digests)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(digests)) {
            return files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(SUFFIX))
                    .map(n -> n.substring(0, n.length() - SUFFIX.length())).sorted().toList();
        } catch (IOException e) {
            throw new ReportException("cannot list the runs of site " + dir + ": " + e.getMessage(), e);
        }
    }

    /**
     * The digest of every run the site at {@code dir} holds, by run id; one unreadable or of another format is made
     * from the run's record in {@code store}, in the words of {@code m}, and written into {@code dir} (a staging
     * directory: the site's swap makes it the site's).
     *
     * @throws ReportException when such a run's record is not in the store
     */
    static Map<String, RunDigest> digests(Path dir, Messages m, RunStore store) {
        Map<String, RunDigest> out = new LinkedHashMap<>();
        Set<String> stale = new TreeSet<>();
        for (String id : ids(dir)) {
            RunDigest d = digest(dir.resolve(SitePaths.digest(id)));
            if (d == null || !d.runId().equals(id)) {
                stale.add(id);
            }
            out.put(id, d);
        }
        Map<String, RunRecord> records = store.read(stale).stream()
                .collect(Collectors.toMap(RunRecord::runId, r -> r, (a, b) -> b));
        for (String id : stale) {
            RunRecord run = records.get(id);
            if (run == null) {
                throw new ReportException("site " + dir.getFileName() + " holds run " + id + " but its digest is"
                        + " unreadable and its record is not in the site's store of runs");
            }
            RunDigest d = RunDigest.of(run, RunDigest.hash(RunDigest.json(run)), m);
            AtomicWrite.write(dir.resolve(SitePaths.digest(id)), json(d));
            out.put(id, d);
        }
        return out;
    }

    /**
     * Moves the records a site of the earlier layout kept inside it ({@code data/runs/<run-id>/results.json}, before
     * 2026-12-07) into {@code store}, each with a digest, and out of the site at {@code dir} (a staging directory).
     */
    static void moveRecordsOut(Path dir, RunStore store, Messages m) {
        Path legacy = dir.resolve("data/runs");
        if (!Files.isDirectory(legacy)) {
            return;
        }
        try (Stream<Path> runs = Files.list(legacy)) {
            List<Path> files = runs.map(d -> d.resolve(ResultsStore.FILE_NAME)).filter(Files::isRegularFile)
                    .sorted().toList();
            for (RunRecord run : RunFinder.read(files)) {
                store.keeper().accept(run);
                Path digest = dir.resolve(SitePaths.digest(run.runId()));
                if (digest(digest) == null) {
                    AtomicWrite.write(digest, json(RunDigest.of(run, RunDigest.hash(RunDigest.json(run)), m)));
                }
            }
            try (Stream<Path> all = Files.walk(legacy)) {
                for (Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.delete(p); // a link of the staging directory: the old site keeps its file
                }
            }
        } catch (IOException e) {
            throw new ReportException("cannot move the runs of site " + dir + " out of it: " + e.getMessage(), e);
        }
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

    /**
     * Writes {@code content} at {@code file} unless it holds it already. Atomic: a hard link to the old site's file
     * is replaced, never written through; an unreadable file is rewritten.
     */
    static void writeIfChanged(Path file, byte[] content) {
        byte[] old;
        try {
            old = Files.isRegularFile(file) ? Files.readAllBytes(file) : null;
        } catch (IOException e) {
            old = null;
        }
        if (old == null || !java.util.Arrays.equals(old, content)) {
            AtomicWrite.write(file, content);
        }
    }
}

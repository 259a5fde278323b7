package org.taf.runner.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.taf.runner.sys.AtomicWrite;

/**
 * Reads and updates {@code noise.json}: the noise {@code taf calibrate} and runs measured, per host
 * fingerprint and workload x threads. Written atomically (temp file + rename, as results.json);
 * concurrent calibrations are serialized by a lock file beside it, so neither loses the other's entries.
 */
public final class NoiseStore {
    /** The version this TAF writes and reads. */
    public static final int FORMAT_VERSION = 4;
    /** The file in the results directory. */
    public static final String FILE_NAME = "noise.json";

    private static final ObjectMapper JSON = ResultsStore.json();

    private NoiseStore() {}

    /** The noise file of a results directory. */
    public static Path fileIn(Path resultsDir) {
        return resultsDir.resolve(FILE_NAME);
    }

    /** Reads the file; a missing file is empty, another format version or bad JSON an error naming the file. */
    public static NoiseFile read(Path file) {
        if (!Files.exists(file)) {
            return NoiseFile.empty();
        }
        JsonNode tree;
        try {
            tree = JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new ResultsException("cannot read " + file + ": " + e.getMessage(), e);
        }
        if (tree == null || !tree.has("format_version")) {
            throw new ResultsException(file + " is not a TAF noise file (no format_version)");
        }
        int version = tree.get("format_version").asInt();
        if (version == 1) {
            // Format 1 stored one spread per iteration, not variance components: it cannot plan a design, and
            // the next run (or taf calibrate) measures and stores this host's noise again.
            return NoiseFile.empty();
        }
        // Format 2 is format 3 without the per-design pair spreads, and 3 is 4 without the spreads of the metrics
        // other than TPS: each reads as entries with none.
        if (version < 2 || version > FORMAT_VERSION) {
            throw new ResultsException(file + " has format_version " + version + "; this TAF reads version "
                    + FORMAT_VERSION + " (and 2, 3): use a newer TAF, or delete it and run taf calibrate again");
        }
        try {
            return JSON.treeToValue(tree, NoiseFile.class);
        } catch (JsonProcessingException e) {
            throw new ResultsException(file + " does not match format_version " + version + ": "
                    + e.getOriginalMessage(), e);
        }
    }

    /** Adds {@code fresh} entries (replacing those of the same host and cell) and writes the file atomically. */
    public static NoiseFile merge(Path file, List<NoiseRecord> fresh) {
        return update(file, n -> n.with(fresh));
    }

    /** Appends the host probe's {@code fresh} readings of {@code fingerprint} and writes the file atomically. */
    public static NoiseFile addProbes(Path file, String fingerprint, List<ProbeRecord> fresh) {
        return update(file, n -> n.withProbes(fingerprint, fresh));
    }

    /** Reads, changes and writes the file under its lock, so concurrent runs lose none of each other's entries. */
    private static NoiseFile update(Path file, java.util.function.UnaryOperator<NoiseFile> change) {
        Path lock = file.resolveSibling("." + file.getFileName() + ".lock");
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            try (FileChannel ch = FileChannel.open(lock, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                 FileLock ignored = ch.lock()) {
                NoiseFile merged = change.apply(read(file));
                AtomicWrite.write(file, JSON.writeValueAsBytes(merged));
                return merged;
            }
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialize " + file, e);
        } catch (IOException e) {
            throw new ResultsException("cannot update " + file + ": " + e, e);
        }
    }
}

package org.taf.runner.bisect;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import org.taf.runner.TafException;
import org.taf.runner.db.BisectRow;
import org.taf.runner.db.DbException;
import org.taf.runner.db.ResultsDb;
import org.taf.runner.results.ResultsStore;
import org.taf.runner.sys.AtomicWrite;

/**
 * Reads and writes {@code bisect.json}: the conventions of {@code results.json} (snake_case, a
 * {@code format_version}, written atomically), so a crash mid-bisect leaves the steps so far, whole.
 */
public final class BisectStore {
    /** The version this TAF writes and reads. */
    public static final int FORMAT_VERSION = 1;
    /** The evidence file in a bisect's directory. */
    public static final String FILE_NAME = "bisect.json";

    private static final ObjectMapper JSON = ResultsStore.json();

    private BisectStore() {}

    /** Writes {@code record} to {@code <dir>/bisect.json} atomically; returns the file. */
    public static Path write(Path dir, BisectRecord record) {
        Path file = dir.resolve(FILE_NAME);
        try {
            AtomicWrite.write(file, JSON.writeValueAsBytes(record));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialize bisect " + record.bisectId(), e);
        }
        return file;
    }

    /** The evidence into the results database; a failure is printed, the bisect's exit code stands. */
    public static void store(ResultsDb db, BisectRecord r, PrintStream err) {
        try {
            db.writeBisect(new BisectRow(r.bisectId(), r.definition(), r.good().sha(), r.bad().sha(),
                    r.outcome().name(), r.culprit() == null ? null : r.culprit().sha(), r.startedAt(),
                    r.finishedAt(), toJson(r)));
        } catch (DbException e) {
            err.println("error: " + e.getMessage());
        }
    }

    /** The record as bisect.json holds it. */
    public static String toJson(BisectRecord record) {
        try {
            return JSON.writeValueAsString(record);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialize bisect " + record.bisectId(), e);
        }
    }

    /** Reads a bisect's evidence (the file, or its directory). */
    public static BisectRecord read(Path path) {
        Path file = path.getFileName().toString().equals(FILE_NAME) ? path : path.resolve(FILE_NAME);
        try {
            JsonNode tree = JSON.readTree(file.toFile());
            int version = tree == null || !tree.has("format_version") ? -1 : tree.get("format_version").asInt();
            if (version != FORMAT_VERSION) {
                throw new TafException(file + " has format_version " + version + "; this TAF reads bisect files of"
                        + " version " + FORMAT_VERSION);
            }
            return JSON.treeToValue(tree, BisectRecord.class);
        } catch (IOException e) {
            throw new TafException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }
}

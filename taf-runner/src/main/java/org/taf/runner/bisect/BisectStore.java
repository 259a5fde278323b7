package org.taf.runner.bisect;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintStream;
import java.nio.file.Path;
import org.taf.runner.db.BisectRow;
import org.taf.runner.db.DbException;
import org.taf.runner.db.ResultsDb;
import org.taf.runner.results.ResultsStore;
import org.taf.runner.sys.AtomicWrite;

/**
 * Writes {@code bisect.json}: the conventions of {@code results.json} (snake_case, a
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
}

package org.taf.runner.bisect;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.taf.runner.results.ResultsStore;

/** Reads a bisect's evidence back: no command does (it is for people and the results database), the tests do. */
final class BisectFiles {
    private BisectFiles() {}

    /** The record in {@code path}, a {@code bisect.json} or the bisect's directory. */
    static BisectRecord read(Path path) {
        Path file = path.getFileName().toString().equals(BisectStore.FILE_NAME) ? path
                : path.resolve(BisectStore.FILE_NAME);
        try {
            return ResultsStore.json().readValue(file.toFile(), BisectRecord.class);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
